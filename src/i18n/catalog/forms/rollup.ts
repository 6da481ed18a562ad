import type { Namespace } from '../types.js';

/**
 * Roll-ups: the summary and its thread's listing (blockkit/rollup.ts), and what a change to many
 * findings came to, said once in the roll-up's thread (blockkit/bulk-report.ts).
 */
const en = {
  'rollup.andMore': 'and {count} more',
  'rollup.noApp': 'no app',
  'rollup.head':
    ':package: *{total, plural, one {{total} finding} other {{total} findings}}* arrived in a burst since {since}: listed in this thread, each with its own card a click away.',
  'rollup.bySeverity': '*By severity:* {line}',
  'rollup.byType': '*By type:* {line}',
  'rollup.byApp': '*By app:* {line}',
  'rollup.byState': '*By state:* {line}',
  'rollup.newSince': ':new: {count} new since the last summary.',
  'rollup.unread': ':warning: {count} could not be read from the tenant just now.',
  'rollup.review': 'Review…',
  'rollup.snoozeAll': 'Snooze all…',
  'rollup.acceptAll': 'Accept risk for all…',
  'rollup.suppressAll': 'Suppress all…',
  'rollup.reopenAll': 'Reopen all',
  'rollup.reopenConfirmTitle': 'Reopen every finding?',
  'rollup.reopenConfirm': 'All {total} findings of this roll-up become open again.',
  'rollup.context': 'Roll-up {group} · updated {updated}',
  'rollup.text':
    '{total, plural, one {{total} finding} other {{total} findings}} arrived in a burst (roll-up {group})',
  'rollup.listingText': 'Findings {from}–{to} of this roll-up: {ids}',
  'rollup.gone':
    'This roll-up is not known to Warden any more (it may have been cleaned up). Its findings are still in the tenant; use `show <finding-id>` for one.',
  'bulkReport.andMore': '{ids} and {count} more',
  'bulkReport.line':
    "{approved, select, yes {{actor} approved {requester}'s request and} other {{actor}}} {kind, select, snooze {snoozed} acceptRisk {accepted the risk of} suppress {suppressed} reopen {reopened} unsuppress {unsuppressed} other {assigned an owner to}} {all, select, yes {{count}} other {{changed} of {count}}} {count, plural, one {finding} other {findings}}{owner}{hasEnd, select, yes { until {until}} other {}}{hasWords, select, yes {: {words}} other {.}}",
  'bulkReport.unchanged':
    ':warning: The tenant did not change {count, plural, one {{count} finding} other {{count} findings}} (their state does not allow it, or it refused them): {ids}.',
  'bulkReport.already':
    ':information_source: {count, plural, one {{count} finding} other {{count} findings}} already so, left as they were: {ids}.',
  'bulkReport.busy':
    ':hourglass: {count, plural, one {{count} finding} other {{count} findings}} left alone, a change to them was already in progress: {ids}.',
  'bulkReport.despiteError':
    ':warning: The tenant answered with an error, but reading the findings back shows what it did: {words}\n_(ref {ref})_',
  'bulkReport.whatChange':
    '{kind, select, snooze {snooze} acceptRisk {accept the risk of} suppress {suppress} reopen {reopen} unsuppress {unsuppress} other {assign an owner to}} these findings',
  'rollup.whatShow': 'show finding {finding}',
} as const;

export const rollup: Namespace<typeof en> = {
  en,
  de: {
    'rollup.andMore': 'und {count} weitere',
    'rollup.noApp': 'keine App',
    'rollup.head':
      ':package: *{total, plural, one {{total} Finding} other {{total} Findings}}* kamen seit {since} gehäuft an: in diesem Thread aufgelistet, jedes mit eigener Karte nur einen Klick entfernt.',
    'rollup.bySeverity': '*Nach Schweregrad:* {line}',
    'rollup.byType': '*Nach Typ:* {line}',
    'rollup.byApp': '*Nach App:* {line}',
    'rollup.byState': '*Nach Status:* {line}',
    'rollup.newSince': ':new: {count} neu seit der letzten Zusammenfassung.',
    'rollup.unread': ':warning: {count} konnten gerade nicht aus dem Tenant gelesen werden.',
    'rollup.review': 'Überprüfen…',
    'rollup.snoozeAll': 'Alle zurückstellen…',
    'rollup.acceptAll': 'Risiko für alle akzeptieren…',
    'rollup.suppressAll': 'Alle unterdrücken…',
    'rollup.reopenAll': 'Alle wieder öffnen',
    'rollup.reopenConfirmTitle': 'Alle wieder öffnen?',
    'rollup.reopenConfirm': 'Alle {total} Findings dieser Sammelmeldung werden wieder offen.',
    'rollup.context': 'Sammelmeldung {group} · aktualisiert {updated}',
    'rollup.text':
      '{total, plural, one {{total} Finding} other {{total} Findings}} kamen gehäuft an (Sammelmeldung {group})',
    'rollup.listingText': 'Findings {from}–{to} dieser Sammelmeldung: {ids}',
    'rollup.gone':
      'Diese Sammelmeldung ist Warden nicht mehr bekannt (sie wurde möglicherweise aufgeräumt). Ihre Findings sind weiterhin im Tenant; verwenden Sie `show <finding-id>` für eines davon.',
    'bulkReport.andMore': '{ids} und {count} weitere',
    'bulkReport.line':
      '{approved, select, yes {{actor} hat die Anfrage von {requester} genehmigt und} other {{actor} hat}} {all, select, yes {{count}} other {{changed} von {count}}} {count, plural, one {Finding} other {Findings}}{owner}{hasEnd, select, yes { bis {until}} other {}} {kind, select, snooze {zurückgestellt} acceptRisk {als Risiko akzeptiert} suppress {unterdrückt} reopen {wieder geöffnet} unsuppress {nicht mehr unterdrückt} other {eine verantwortliche Person zugewiesen}}{hasWords, select, yes {: {words}} other {.}}',
    'bulkReport.unchanged':
      ':warning: Der Tenant hat {count, plural, one {{count} Finding} other {{count} Findings}} nicht geändert (der Status erlaubt es nicht, oder er hat es abgelehnt): {ids}.',
    'bulkReport.already':
      ':information_source: {count, plural, one {{count} Finding war} other {{count} Findings waren}} bereits so und blieben unverändert: {ids}.',
    'bulkReport.busy':
      ':hourglass: {count, plural, one {{count} Finding blieb} other {{count} Findings blieben}} unberührt, weil bereits eine Änderung daran lief: {ids}.',
    'bulkReport.despiteError':
      ':warning: Der Tenant hat mit einem Fehler geantwortet, aber das erneute Lesen der Findings zeigt, was er getan hat: {words}\n_(Ref. {ref})_',
    'bulkReport.whatChange':
      'diese Findings {kind, select, snooze {zurückstellen} acceptRisk {als Risiko akzeptieren} suppress {unterdrücken} reopen {wieder öffnen} unsuppress {nicht mehr unterdrücken} other {einer verantwortlichen Person zuweisen}}',
    'rollup.whatShow': 'Finding {finding} anzeigen',
  },
  ja: {
    'rollup.andMore': 'ほか {count} 件',
    'rollup.noApp': 'アプリなし',
    'rollup.head':
      ':package: {since} 以降に *{total, plural, other {{total} 件の検出結果}}* がまとめて届きました。このスレッドに一覧があり、それぞれのカードをワンクリックで開けます。',
    'rollup.bySeverity': '*重大度別:* {line}',
    'rollup.byType': '*種類別:* {line}',
    'rollup.byApp': '*アプリ別:* {line}',
    'rollup.byState': '*状態別:* {line}',
    'rollup.newSince': ':new: 前回のまとめ以降 {count} 件が新規です。',
    'rollup.unread': ':warning: {count} 件は現在テナントから読み取れませんでした。',
    'rollup.review': 'レビュー…',
    'rollup.snoozeAll': 'すべてスヌーズ…',
    'rollup.acceptAll': 'すべてリスク受容…',
    'rollup.suppressAll': 'すべて抑制…',
    'rollup.reopenAll': 'すべて再オープン',
    'rollup.reopenConfirmTitle': 'すべて再オープンしますか?',
    'rollup.reopenConfirm': 'このまとめ通知の {total} 件の検出結果がすべて未対応に戻ります。',
    'rollup.context': 'まとめ通知 {group} · {updated} に更新',
    'rollup.text': '{total, plural, other {{total} 件の検出結果}}がまとめて届きました (まとめ通知 {group})',
    'rollup.listingText': 'このまとめ通知の検出結果 {from}–{to}: {ids}',
    'rollup.gone':
      'このまとめ通知は Warden にはもう記録されていません (整理された可能性があります)。検出結果はテナントに残っています。個別には `show <finding-id>` を使ってください。',
    'bulkReport.andMore': '{ids} ほか {count} 件',
    'bulkReport.line':
      '{approved, select, yes {{actor} が {requester} の依頼を承認し、} other {{actor} が }}{all, select, yes {{count, plural, other {{count}}}} other {{count} 件中 {changed}}} 件の検出結果{owner}{hasEnd, select, yes {を {until} まで} other {を}}{kind, select, snooze {スヌーズしました} acceptRisk {リスク受容しました} suppress {抑制しました} reopen {再オープンしました} unsuppress {抑制解除しました} other {担当者に割り当てました}}{hasWords, select, yes {: {words}} other {。}}',
    'bulkReport.unchanged':
      ':warning: テナントは {count, plural, other {{count} 件の検出結果}}を変更しませんでした (状態が許さないか、テナントが拒否しました): {ids}。',
    'bulkReport.already':
      ':information_source: {count, plural, other {{count} 件の検出結果}}はすでにその状態だったため、そのままです: {ids}。',
    'bulkReport.busy':
      ':hourglass: {count, plural, other {{count} 件の検出結果}}は変更がすでに進行中だったため、手を付けていません: {ids}。',
    'bulkReport.despiteError':
      ':warning: テナントはエラーを返しましたが、検出結果を読み直すと実施内容は次のとおりです: {words}\n_(ref {ref})_',
    'bulkReport.whatChange':
      'これらの検出結果の{kind, select, snooze {スヌーズ} acceptRisk {リスク受容} suppress {抑制} reopen {再オープン} unsuppress {抑制解除} other {担当者の割り当て}}',
    'rollup.whatShow': '検出結果 {finding} の表示',
  },
};
