import type { Namespace } from '../types.js';

/** blockkit/campaign.ts: a campaign's scope and selected entitlements, paged. */
const en = {
  'campaign.header': 'Access review {id}',
  'campaign.sharedBy': 'Shared by <@{user}>',
  'campaign.scope': '*Scope*',
  'campaign.deleted': '({count} deleted, not shown)',
  'campaign.selected':
    '*Selected entitlements:* {total} in {apps, plural, one {# app} other {# apps}}{deleted}',
  'campaign.byApp': '*By app:* {first}',
  'campaign.moreApps': '{line} · and {count} more apps (all in the CSV)',
  'campaign.unknownApp': 'unknown app',
  'campaign.customPolicy': '_custom policy_',
  'campaign.none': '_No entitlements are selected._',
  'campaign.pageOf': 'Page {page} of {pages} · entitlements {from}–{to} of {total}',
  'campaign.previous': '◀ Previous',
  'campaign.next': 'Next ▶',
  'campaign.csv': 'Download CSV',
  'campaign.share': 'Share in channel',
  'campaign.text': 'Access review {id}: {total} selected entitlements, page {page} of {pages}',
} as const;

export const campaign: Namespace<typeof en> = {
  en,
  de: {
    'campaign.header': 'Zugriffsprüfung {id}',
    'campaign.sharedBy': 'Geteilt von <@{user}>',
    'campaign.scope': '*Umfang*',
    'campaign.deleted': '({count} gelöscht, nicht angezeigt)',
    'campaign.selected':
      '*Ausgewählte Berechtigungen:* {total} in {apps, plural, one {# App} other {# Apps}}{deleted}',
    'campaign.byApp': '*Nach App:* {first}',
    'campaign.moreApps': '{line} · und {count} weitere Apps (alle in der CSV-Datei)',
    'campaign.unknownApp': 'unbekannte App',
    'campaign.customPolicy': '_eigene Richtlinie_',
    'campaign.none': '_Es sind keine Berechtigungen ausgewählt._',
    'campaign.pageOf': 'Seite {page} von {pages} · Berechtigungen {from}–{to} von {total}',
    'campaign.previous': '◀ Zurück',
    'campaign.next': 'Weiter ▶',
    'campaign.csv': 'CSV herunterladen',
    'campaign.share': 'Im Channel teilen',
    'campaign.text': 'Zugriffsprüfung {id}: {total} ausgewählte Berechtigungen, Seite {page} von {pages}',
  },
  ja: {
    'campaign.header': 'アクセスレビュー {id}',
    'campaign.sharedBy': '<@{user}> が共有',
    'campaign.scope': '*対象範囲*',
    'campaign.deleted': '（削除済み {count} 件は非表示）',
    'campaign.selected': '*選択された権限:* {apps, plural, other {# 個のアプリ}}で {total} 件{deleted}',
    'campaign.byApp': '*アプリ別:* {first}',
    'campaign.moreApps': '{line} · ほか {count} 個のアプリ（すべて CSV にあります）',
    'campaign.unknownApp': '不明なアプリ',
    'campaign.customPolicy': '_カスタムポリシー_',
    'campaign.none': '_選択された権限はありません。_',
    'campaign.pageOf': '{page} / {pages} ページ · 権限 {from}–{to}（全 {total} 件）',
    'campaign.previous': '◀ 前へ',
    'campaign.next': '次へ ▶',
    'campaign.csv': 'CSV をダウンロード',
    'campaign.share': 'チャンネルで共有',
    'campaign.text': 'アクセスレビュー {id}: 選択された権限 {total} 件、{page} / {pages} ページ',
  },
};
