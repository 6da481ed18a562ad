import type { Namespace } from '../types.js';

/**
 * *Find a finding* (blockkit/find-finding.ts), the card it leads to (blockkit/shortcut-words.ts),
 * Open card (also in a roll-up's listing), and a closure's evidence under its thread line.
 */
const en = {
  'find.openCard': 'Open card',
  'find.title': 'Find a finding',
  'find.search': 'Search',
  'find.close': 'Close',
  'find.label': 'Finding id, app, owner or words',
  'find.hint': 'Search by finding id, app id, owner (tenant user id) or words of its description.',
  'find.searching': ':hourglass_flowing_sand: Searching for {query}…',
  'find.none': 'No finding matches {query}.',
  'find.capped':
    'Showing the first {count} matches; there are more. Narrow the search (a finding id, an app id, or more words).',
  'find.inApp': 'app {app}',
  'find.tooLong': 'Type what to search for (at most {max} characters).',
  'find.cardIsIn': ':card_index: The card of finding {finding} is in <#{channel}>.',
  'find.cardIsInLink': ':card_index: The card of finding {finding} is in <#{channel}>: <{link}|open it>.',
  'find.noCardChannel':
    ':warning: Warden has no channel to show this finding in (its routing drops it and no card exists): use `/warden show <finding-id>` in a channel.',
  'find.evidence': ':paperclip: Evidence: {items}',
  'find.evidenceItem': 'message {n}',
  'find.evidenceLeftOut':
    ':warning: {count, plural, one {One chosen note is} other {{count} chosen notes are}} not attached to finding {finding}; left out of the evidence.',
} as const;

export const find: Namespace<typeof en> = {
  en,
  de: {
    'find.openCard': 'Karte öffnen',
    'find.title': 'Finding suchen',
    'find.search': 'Suchen',
    'find.close': 'Schließen',
    'find.label': 'Finding-ID, App, Verantwortliche(r) oder Wörter',
    'find.hint':
      'Suchen Sie nach Finding-ID, App-ID, Verantwortlichen (Tenant-Benutzer-ID) oder Wörtern aus der Beschreibung.',
    'find.searching': ':hourglass_flowing_sand: Suche nach {query}…',
    'find.none': 'Kein Finding passt zu {query}.',
    'find.capped':
      'Die ersten {count} Treffer werden angezeigt; es gibt weitere. Grenzen Sie die Suche ein (eine Finding-ID, eine App-ID oder mehr Wörter).',
    'find.inApp': 'App {app}',
    'find.tooLong': 'Geben Sie einen Suchbegriff ein (höchstens {max} Zeichen).',
    'find.cardIsIn': ':card_index: Die Karte von Finding {finding} ist in <#{channel}>.',
    'find.cardIsInLink': ':card_index: Die Karte von Finding {finding} ist in <#{channel}>: <{link}|öffnen>.',
    'find.noCardChannel':
      ':warning: Warden hat keinen Channel, um dieses Finding anzuzeigen (das Routing verwirft es, und es gibt keine Karte): Verwenden Sie `/warden show <finding-id>` in einem Channel.',
    'find.evidence': ':paperclip: Nachweise: {items}',
    'find.evidenceItem': 'Nachricht {n}',
    'find.evidenceLeftOut':
      ':warning: {count, plural, one {Eine gewählte Notiz ist} other {{count} gewählte Notizen sind}} nicht an Finding {finding} angehängt und wurden nicht als Nachweis übernommen.',
  },
  ja: {
    'find.openCard': 'カードを開く',
    'find.title': '検出結果を検索',
    'find.search': '検索',
    'find.close': '閉じる',
    'find.label': '検出結果の ID、アプリ、担当者、または語句',
    'find.hint': '検出結果の ID、アプリ ID、担当者 (テナントのユーザー ID)、または説明の語句で検索します。',
    'find.searching': ':hourglass_flowing_sand: {query} を検索しています…',
    'find.none': '{query} に一致する検出結果はありません。',
    'find.capped':
      '最初の {count} 件を表示しています。ほかにもあります。検索を絞り込んでください (検出結果の ID、アプリ ID、または語句を追加)。',
    'find.inApp': 'アプリ {app}',
    'find.tooLong': '検索する語句を入力してください ({max} 文字以内)。',
    'find.cardIsIn': ':card_index: 検出結果 {finding} のカードは <#{channel}> にあります。',
    'find.cardIsInLink':
      ':card_index: 検出結果 {finding} のカードは <#{channel}> にあります: <{link}|開く>。',
    'find.noCardChannel':
      ':warning: Warden にはこの検出結果を表示するチャンネルがありません (ルーティングで除外され、カードもありません)。チャンネルで `/warden show <finding-id>` を使ってください。',
    'find.evidence': ':paperclip: 証跡: {items}',
    'find.evidenceItem': 'メッセージ {n}',
    'find.evidenceLeftOut':
      ':warning: 選んだメモのうち {count, plural, other {{count} 件}}は検出結果 {finding} に添付されていないため、証跡から外しました。',
  },
};
