import type { Namespace } from '../types.js';

/**
 * Four-eyes risk acceptance: the request in the alert's thread and `/warden approvals`
 * (blockkit/approval-request.ts), the approver's forms (approval-forms.ts), and what the use
 * cases post when a request is decided or expires (usecases/approvals/).
 */
const en = {
  'approval.subjectOne': 'finding {finding}',
  'approval.subjectMany':
    '{count, plural, one {{count} finding} other {{count} findings}} of roll-up {group}',
  'approval.approveButton': 'Approve…',
  'approval.denyButton': 'Deny…',
  'approval.approve': 'Approve',
  'approval.deny': 'Deny',
  'approval.asks': ':scales: {requester} asks to *accept the risk* of {subject} until {until}:',
  'approval.pending': 'Needs an approver from <!subteam^{approvers}> other than the requester, by {by}.',
  'approval.approved': ':white_check_mark: Approved by {who}.',
  'approval.deniedWhy': ':x: Denied by {who}: {reason}',
  'approval.denied': ':x: Denied by {who}.',
  'approval.expired': ':hourglass: Expired without a decision. Ask again if it is still needed.',
  'approval.requestText':
    'Risk acceptance request for {many, select, yes {{count} findings of } other {}}{finding} ({status, select, pending {pending} approved {approved} denied {denied} other {expired}})',
  'approval.noneWaiting': 'No risk acceptances are waiting for approval.',
  'approval.listLine': '• {subject} by {requester}, until {until} — in <#{channel}>, expires {expires}',
  'approval.listMore': '…and {count} more.',
  'approval.listText': '{count} risk acceptance(s) waiting for approval',
  'approval.listHead': '*Waiting for approval ({count})*',
  'approval.summary':
    '{requester} asks to accept the risk of {subject} until {until}.\n*Justification*\n{justification}',
  'approval.approveTitle': 'Approve risk',
  'approval.denyTitle': 'Deny risk',
  'approval.acceptUntil': 'Accept until',
  'approval.shortenOnly': 'You may shorten it, not extend it.',
  'approval.time': 'Time',
  'approval.confirmation': 'Confirmation',
  'approval.confirmText': 'I reviewed the justification and approve this risk acceptance.',
  'approval.tzNote': 'Times are in your Slack time zone ({tz}).',
  'approval.whyNot': 'Why not',
  'approval.tickBox': 'Tick the box to confirm you approve.',
  'approval.pickEnd': 'Pick the date the acceptance ends.',
  'approval.mayNotExtend': 'You may shorten the acceptance, not extend it.',
  'approval.sayWhy': 'Say why, so the requester can act on it.',
  'approval.deniedThread': "{approver} denied {requester}'s request to accept the risk{verified}: {reason}",
  'approval.approvedThread': "{approver} approved {requester}'s request: risk accepted until {until}.",
  'approval.expiredThread':
    '{requester} your request to accept the risk of {subject} expired without a decision.',
  'approval.whatPost': 'post the approval request',
} as const;

export const approval: Namespace<typeof en> = {
  en,
  de: {
    'approval.subjectOne': 'Finding {finding}',
    'approval.subjectMany':
      '{count, plural, one {{count} Finding} other {{count} Findings}} der Sammelmeldung {group}',
    'approval.approveButton': 'Genehmigen…',
    'approval.denyButton': 'Ablehnen…',
    'approval.approve': 'Genehmigen',
    'approval.deny': 'Ablehnen',
    'approval.asks':
      ':scales: {requester} bittet darum, *das Risiko* von {subject} bis {until} *zu akzeptieren*:',
    'approval.pending':
      'Braucht bis {by} eine Genehmigung durch eine Person aus <!subteam^{approvers}>, die nicht die anfragende Person ist.',
    'approval.approved': ':white_check_mark: Genehmigt von {who}.',
    'approval.deniedWhy': ':x: Abgelehnt von {who}: {reason}',
    'approval.denied': ':x: Abgelehnt von {who}.',
    'approval.expired':
      ':hourglass: Ohne Entscheidung abgelaufen. Fragen Sie erneut, falls es noch nötig ist.',
    'approval.requestText':
      'Anfrage zur Risikoakzeptanz für {many, select, yes {{count} Findings von } other {}}{finding} ({status, select, pending {offen} approved {genehmigt} denied {abgelehnt} other {abgelaufen}})',
    'approval.noneWaiting': 'Keine Risikoakzeptanz wartet auf Genehmigung.',
    'approval.listLine': '• {subject} von {requester}, bis {until} — in <#{channel}>, läuft ab {expires}',
    'approval.listMore': '…und {count} weitere.',
    'approval.listText': '{count} Risikoakzeptanz(en) warten auf Genehmigung',
    'approval.listHead': '*Warten auf Genehmigung ({count})*',
    'approval.summary':
      '{requester} bittet darum, das Risiko von {subject} bis {until} zu akzeptieren.\n*Begründung*\n{justification}',
    'approval.approveTitle': 'Risiko genehmigen',
    'approval.denyTitle': 'Risiko ablehnen',
    'approval.acceptUntil': 'Akzeptieren bis',
    'approval.shortenOnly': 'Sie können den Zeitraum verkürzen, aber nicht verlängern.',
    'approval.time': 'Uhrzeit',
    'approval.confirmation': 'Bestätigung',
    'approval.confirmText': 'Ich habe die Begründung geprüft und genehmige diese Risikoakzeptanz.',
    'approval.tzNote': 'Zeiten gelten in Ihrer Slack-Zeitzone ({tz}).',
    'approval.whyNot': 'Warum nicht',
    'approval.tickBox': 'Setzen Sie das Häkchen, um die Genehmigung zu bestätigen.',
    'approval.pickEnd': 'Wählen Sie das Datum, an dem die Risikoakzeptanz endet.',
    'approval.mayNotExtend': 'Sie können die Risikoakzeptanz verkürzen, aber nicht verlängern.',
    'approval.sayWhy': 'Nennen Sie den Grund, damit die anfragende Person darauf reagieren kann.',
    'approval.deniedThread':
      '{approver} hat die Anfrage von {requester} zur Risikoakzeptanz abgelehnt{verified}: {reason}',
    'approval.approvedThread':
      '{approver} hat die Anfrage von {requester} genehmigt: Risiko akzeptiert bis {until}.',
    'approval.expiredThread':
      '{requester} Ihre Anfrage, das Risiko von {subject} zu akzeptieren, ist ohne Entscheidung abgelaufen.',
    'approval.whatPost': 'die Anfrage zur Genehmigung senden',
  },
  ja: {
    'approval.subjectOne': '検出結果 {finding}',
    'approval.subjectMany': 'まとめ通知 {group} の{count, plural, other {{count} 件の検出結果}}',
    'approval.approveButton': '承認…',
    'approval.denyButton': '却下…',
    'approval.approve': '承認',
    'approval.deny': '却下',
    'approval.asks': ':scales: {requester} が {subject} の *リスク受容* を {until} まで求めています:',
    'approval.pending': '{by} までに、依頼者以外の <!subteam^{approvers}> の承認者による承認が必要です。',
    'approval.approved': ':white_check_mark: {who} が承認しました。',
    'approval.deniedWhy': ':x: {who} が却下しました: {reason}',
    'approval.denied': ':x: {who} が却下しました。',
    'approval.expired':
      ':hourglass: 判断されないまま期限切れになりました。まだ必要なら再度依頼してください。',
    'approval.requestText':
      'リスク受容の依頼: {many, select, yes {{count} 件の検出結果 / } other {}}{finding} ({status, select, pending {承認待ち} approved {承認済み} denied {却下} other {期限切れ}})',
    'approval.noneWaiting': '承認待ちのリスク受容はありません。',
    'approval.listLine':
      '• {subject} (依頼者 {requester}、{until} まで) — <#{channel}>、{expires} に期限切れ',
    'approval.listMore': '…ほか {count} 件。',
    'approval.listText': '承認待ちのリスク受容 {count} 件',
    'approval.listHead': '*承認待ち ({count})*',
    'approval.summary':
      '{requester} が {subject} のリスク受容を {until} まで求めています。\n*理由*\n{justification}',
    'approval.approveTitle': 'リスク受容を承認',
    'approval.denyTitle': 'リスク受容を却下',
    'approval.acceptUntil': '受容期限',
    'approval.shortenOnly': '短くすることはできますが、延長はできません。',
    'approval.time': '時刻',
    'approval.confirmation': '確認',
    'approval.confirmText': '理由を確認し、このリスク受容を承認します。',
    'approval.tzNote': '時刻は Slack のタイムゾーン ({tz}) です。',
    'approval.whyNot': '却下の理由',
    'approval.tickBox': '承認を確認するにはチェックを入れてください。',
    'approval.pickEnd': 'リスク受容が終了する日付を選んでください。',
    'approval.mayNotExtend': 'リスク受容は短くできますが、延長はできません。',
    'approval.sayWhy': '依頼者が対応できるよう、理由を入力してください。',
    'approval.deniedThread': '{approver} が {requester} のリスク受容の依頼を却下しました{verified}: {reason}',
    'approval.approvedThread': '{approver} が {requester} の依頼を承認しました: {until} までリスク受容済み。',
    'approval.expiredThread':
      '{requester} {subject} のリスク受容の依頼は、判断されないまま期限切れになりました。',
    'approval.whatPost': '承認依頼の投稿',
  },
};
