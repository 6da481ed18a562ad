import type { Namespace } from '../types.js';

/**
 * blockkit/action-table.ts and audit.ts: each finding action's button, confirmation and the
 * thread reply after it (`approved`: a four-eyes approval; `until` and `reason` when given).
 */
const en = {
  'action.snooze.button': 'Snooze…',
  'action.acceptRisk.button': 'Accept risk…',
  'action.suppress.button': 'Suppress (permanent)…',
  'action.resolve.button': 'Resolve…',
  'action.reopen.button': 'Reopen',
  'action.unsuppress.button': 'Unsuppress',
  'action.reopen.title': 'Reopen this finding?',
  'action.unsuppress.title': 'Unsuppress this finding?',
  'action.reopenText':
    'It becomes open again and ends any snooze, risk acceptance or suppression. Everyone in the channel sees who did it.',
  'action.snooze.what': 'snooze finding {finding}',
  'action.acceptRisk.what': 'accept the risk of finding {finding}',
  'action.suppress.what': 'suppress finding {finding}',
  'action.resolve.what': 'resolve finding {finding}',
  'action.reopen.what': 'reopen finding {finding}',
  'action.unsuppress.what': 'unsuppress finding {finding}',
  'change.who': "{approved, select, yes {{who} approved {requester}'s request and} other {{who}}}",
  'change.snooze':
    '{who} snoozed this{end, select, yes { until {until}} other {}}{said, select, yes {: {reason}} other {.}}',
  'change.acceptRisk':
    '{who} accepted the risk{end, select, yes { until {until}} other {}}{said, select, yes {: {reason}} other {.}}',
  'change.suppress':
    '{who} suppressed this until someone reopens it{end, select, yes { until {until}} other {}}{said, select, yes {: {reason}} other {.}}',
  'change.resolve':
    '{who} resolved this{end, select, yes { until {until}} other {}}{said, select, yes {: {reason}} other {.}}',
  'change.reopen':
    '{who} reopened this{end, select, yes { until {until}} other {}}{said, select, yes {: {reason}} other {.}}',
  'change.unsuppress':
    '{who} unsuppressed this{end, select, yes { until {until}} other {}}{said, select, yes {: {reason}} other {.}}',
  'change.outside': ':arrows_counterclockwise: State changed outside Slack: {before} → {after}.',
  'change.seenAgain':
    ':repeat: Seen again: {count, plural, one {{count} time} other {{count} times}} in all.',
} as const;

export const cardActions: Namespace<typeof en> = {
  en,
  de: {
    'action.snooze.button': 'Zurückstellen…',
    'action.acceptRisk.button': 'Risiko akzeptieren…',
    'action.suppress.button': 'Unterdrücken (dauerhaft)…',
    'action.resolve.button': 'Beheben…',
    'action.reopen.button': 'Wieder öffnen',
    'action.unsuppress.button': 'Unterdrückung aufheben',
    'action.reopen.title': 'Finding wieder öffnen?',
    'action.unsuppress.title': 'Nicht mehr unterdrücken?',
    'action.reopenText':
      'Es wird wieder offen und beendet jede Zurückstellung, Risikoakzeptanz oder Unterdrückung. Alle im Channel sehen, wer es getan hat.',
    'action.snooze.what': 'Finding {finding} zurückzustellen',
    'action.acceptRisk.what': 'das Risiko von Finding {finding} zu akzeptieren',
    'action.suppress.what': 'Finding {finding} zu unterdrücken',
    'action.resolve.what': 'Finding {finding} zu beheben',
    'action.reopen.what': 'Finding {finding} wieder zu öffnen',
    'action.unsuppress.what': 'die Unterdrückung von Finding {finding} aufzuheben',
    'change.who':
      '{approved, select, yes {{who} hat die Anfrage von {requester} genehmigt und} other {{who}}}',
    'change.snooze':
      '{who} hat dies zurückgestellt{end, select, yes { bis {until}} other {}}{said, select, yes {: {reason}} other {.}}',
    'change.acceptRisk':
      '{who} hat das Risiko akzeptiert{end, select, yes { bis {until}} other {}}{said, select, yes {: {reason}} other {.}}',
    'change.suppress':
      '{who} hat dies unterdrückt, bis es jemand wieder öffnet{end, select, yes { (bis {until})} other {}}{said, select, yes {: {reason}} other {.}}',
    'change.resolve':
      '{who} hat dies behoben{end, select, yes { bis {until}} other {}}{said, select, yes {: {reason}} other {.}}',
    'change.reopen':
      '{who} hat dies wieder geöffnet{end, select, yes { bis {until}} other {}}{said, select, yes {: {reason}} other {.}}',
    'change.unsuppress':
      '{who} hat die Unterdrückung aufgehoben{end, select, yes { bis {until}} other {}}{said, select, yes {: {reason}} other {.}}',
    'change.outside': ':arrows_counterclockwise: Status außerhalb von Slack geändert: {before} → {after}.',
    'change.seenAgain':
      ':repeat: Erneut gesehen: {count, plural, one {insgesamt {count}-mal} other {insgesamt {count}-mal}}.',
  },
  ja: {
    'action.snooze.button': 'スヌーズ…',
    'action.acceptRisk.button': 'リスク受容…',
    'action.suppress.button': '抑制（恒久）…',
    'action.resolve.button': '解決…',
    'action.reopen.button': '再オープン',
    'action.unsuppress.button': '抑制を解除',
    'action.reopen.title': 'この検出結果を再オープンしますか？',
    'action.unsuppress.title': '抑制を解除しますか？',
    'action.reopenText':
      '未対応に戻り、スヌーズ、リスク受容、抑制はすべて終了します。チャンネルの全員に、誰が行ったかが表示されます。',
    'action.snooze.what': '検出結果 {finding} をスヌーズ',
    'action.acceptRisk.what': '検出結果 {finding} のリスク受容',
    'action.suppress.what': '検出結果 {finding} を抑制',
    'action.resolve.what': '検出結果 {finding} を解決',
    'action.reopen.what': '検出結果 {finding} を再オープン',
    'action.unsuppress.what': '検出結果 {finding} の抑制を解除',
    'change.who': '{approved, select, yes {{who} が {requester} の依頼を承認し、} other {{who} が}}',
    'change.snooze':
      '{who}{end, select, yes {{until} まで} other {}}スヌーズしました{said, select, yes {: {reason}} other {。}}',
    'change.acceptRisk':
      '{who}{end, select, yes {{until} まで} other {}}リスクを受容しました{said, select, yes {: {reason}} other {。}}',
    'change.suppress':
      '{who}再オープンされるまで抑制しました{end, select, yes {（{until} まで）} other {}}{said, select, yes {: {reason}} other {。}}',
    'change.resolve':
      '{who}解決しました{end, select, yes {（{until} まで）} other {}}{said, select, yes {: {reason}} other {。}}',
    'change.reopen':
      '{who}再オープンしました{end, select, yes {（{until} まで）} other {}}{said, select, yes {: {reason}} other {。}}',
    'change.unsuppress':
      '{who}抑制を解除しました{end, select, yes {（{until} まで）} other {}}{said, select, yes {: {reason}} other {。}}',
    'change.outside': ':arrows_counterclockwise: Slack の外で状態が変更されました: {before} → {after}。',
    'change.seenAgain': ':repeat: 再度検出されました: 合計 {count, plural, other {{count} 回}}。',
  },
};
