import type { Namespace } from './types.js';

/** blockkit/outcome-words.ts: what the use cases tell the person who acted. */
const en = {
  'outcome.noneInRollup': 'None of these findings belongs to this roll-up any more.',
  'outcome.noneInRollupDone': 'None of these findings belongs to this roll-up any more; nothing was done.',
  'outcome.notInRollup': 'This finding is not in this roll-up.',
  'outcome.inFlight':
    ':hourglass: A change to finding {finding} is already in progress; nothing was sent. Try again in a moment.',
  'outcome.inFlightWatch':
    ':hourglass: A change to finding {finding} is already in progress; Warden sent nothing more. Watch the alert for its result.',
  'outcome.doneBut': ':white_check_mark: Done: {line}\n{failure}',
  'outcome.done': ':white_check_mark: Done: {line}',
  'outcome.taskCreatedBut': ':white_check_mark: Task {task} created; {failure}',
  'outcome.notAssigned': ':no_entry_sign: Nothing was assigned. {why}',
  'outcome.ownerNowBut': ':white_check_mark: {who} is now the owner; {failure}',
  'outcome.assignNotShown':
    ':warning: The tenant accepted the request to make {who} the owner of {finding}, but the finding does not show it: the tenant refused it or has not applied it yet. Check the finding in a minute.',
  'outcome.nobodyNotified': ':no_entry_sign: Nobody was notified. {why}',
  'outcome.noPersonalOwner':
    'This finding has no owner who is a person in the tenant. Use *Assign owner…* to give it one.',
  'outcome.mayNotExtend':
    ':no_entry_sign: You may shorten the acceptance, not extend it; nothing was decided.',
  'outcome.decidedFirst':
    ':information_source: Someone else decided on this request first; nothing more was done.',
  'outcome.awaitingApprover':
    ':hourglass_flowing_sand: Your risk acceptance for {subject} needs an approver from <!subteam^{approvers}>; the request is in {where}. Nothing is changed until someone approves it.',
  'outcome.restartedNotApplied':
    ':warning: Warden restarted while trying to {what}; the tenant did not apply it and nothing was changed. Try again if it is still needed.',
  'outcome.restartedApplied':
    ':white_check_mark: Warden restarted while trying to {what}; the tenant had applied it, and the alert now shows it: {line}',
  'outcome.restartedBulk':
    ":warning: Warden restarted during your {action} of roll-up {group}: the tenant may have applied it to some of its findings. The roll-up's summary now shows where each stands; run it again for the rest if it is still needed.",
  'outcome.restartedBulkAll':
    ':white_check_mark: Warden restarted during your {action} of roll-up {group}; the tenant had applied it to all {of} of its findings, and their alerts now show it.',
  'outcome.restartedBulkSome':
    ':warning: Warden restarted during your {action} of roll-up {group}; the tenant had applied it to {changed} of {of} findings, and their alerts now show it. Run it again for the rest if it is still needed.',
  'outcome.nothingToExtend':
    'This finding is {state} now: there is nothing to extend. Its card shows where it stands.',
  'outcome.notOfferedNow':
    'This finding is now {state}, so this action is not offered any more. The alert has been refreshed.',
  'outcome.csvSent': ':page_facing_up: Sent the CSV of {campaign} to you in a direct message with Warden.',
  'outcome.alreadyShownLink':
    ':pushpin: {finding} already has a card in this channel, kept up to date: <{link}|see the card>.',
  'outcome.alreadyShown': ':pushpin: {finding} already has a card in this channel, kept up to date (above).',
} as const;

export const outcome: Namespace<typeof en> = {
  en,
  de: {
    'outcome.noneInRollup': 'Keines dieser Findings gehört mehr zu dieser Sammelmeldung.',
    'outcome.noneInRollupDone':
      'Keines dieser Findings gehört mehr zu dieser Sammelmeldung; es wurde nichts getan.',
    'outcome.notInRollup': 'Dieses Finding gehört nicht zu dieser Sammelmeldung.',
    'outcome.inFlight':
      ':hourglass: Eine Änderung an Finding {finding} läuft bereits; es wurde nichts gesendet. Versuchen Sie es gleich noch einmal.',
    'outcome.inFlightWatch':
      ':hourglass: Eine Änderung an Finding {finding} läuft bereits; Warden hat nichts weiter gesendet. Das Ergebnis erscheint in der Meldung.',
    'outcome.doneBut': ':white_check_mark: Erledigt: {line}\n{failure}',
    'outcome.done': ':white_check_mark: Erledigt: {line}',
    'outcome.taskCreatedBut': ':white_check_mark: Aufgabe {task} erstellt; {failure}',
    'outcome.notAssigned': ':no_entry_sign: Es wurde nichts zugewiesen. {why}',
    'outcome.ownerNowBut': ':white_check_mark: {who} ist jetzt verantwortlich; {failure}',
    'outcome.assignNotShown':
      ':warning: Der Tenant hat die Anfrage angenommen, {who} als Verantwortliche(n) von {finding} einzutragen, aber das Finding zeigt es nicht: Der Tenant hat sie abgelehnt oder noch nicht umgesetzt. Prüfen Sie das Finding in einer Minute.',
    'outcome.nobodyNotified': ':no_entry_sign: Niemand wurde benachrichtigt. {why}',
    'outcome.noPersonalOwner':
      'Dieses Finding hat keine verantwortliche Person im Tenant. Mit *Verantwortliche zuweisen…* können Sie eine eintragen.',
    'outcome.mayNotExtend':
      ':no_entry_sign: Sie können die Risikoakzeptanz verkürzen, aber nicht verlängern; es wurde nichts entschieden.',
    'outcome.decidedFirst':
      ':information_source: Jemand anderes hat über diese Anfrage bereits entschieden; es wurde nichts weiter getan.',
    'outcome.awaitingApprover':
      ':hourglass_flowing_sand: Ihre Risikoakzeptanz für {subject} braucht eine Genehmigung durch <!subteam^{approvers}>; die Anfrage steht in {where}. Bis zur Genehmigung wird nichts geändert.',
    'outcome.restartedNotApplied':
      ':warning: Warden wurde neu gestartet beim Versuch, {what}; der Tenant hat es nicht umgesetzt, und es wurde nichts geändert. Versuchen Sie es erneut, falls es noch nötig ist.',
    'outcome.restartedApplied':
      ':white_check_mark: Warden wurde neu gestartet beim Versuch, {what}; der Tenant hatte es bereits umgesetzt, und die Meldung zeigt es jetzt: {line}',
    'outcome.restartedBulk':
      ':warning: Warden wurde während Ihrer Aktion „{action}“ für die Sammelmeldung {group} neu gestartet: Der Tenant hat sie möglicherweise auf einige ihrer Findings angewendet. Die Zusammenfassung zeigt jetzt den Stand jedes Findings; führen Sie die Aktion für den Rest erneut aus, falls nötig.',
    'outcome.restartedBulkAll':
      ':white_check_mark: Warden wurde während Ihrer Aktion „{action}“ für die Sammelmeldung {group} neu gestartet; der Tenant hatte sie auf alle {of} Findings angewendet, und ihre Meldungen zeigen es jetzt.',
    'outcome.restartedBulkSome':
      ':warning: Warden wurde während Ihrer Aktion „{action}“ für die Sammelmeldung {group} neu gestartet; der Tenant hatte sie auf {changed} von {of} Findings angewendet, und ihre Meldungen zeigen es jetzt. Führen Sie die Aktion für den Rest erneut aus, falls nötig.',
    'outcome.nothingToExtend':
      'Dieses Finding ist jetzt {state}: Es gibt nichts zu verlängern. Seine Karte zeigt den aktuellen Stand.',
    'outcome.notOfferedNow':
      'Dieses Finding ist jetzt {state}, daher wird diese Aktion nicht mehr angeboten. Die Meldung wurde aktualisiert.',
    'outcome.csvSent':
      ':page_facing_up: Die CSV-Datei von {campaign} wurde Ihnen als Direktnachricht von Warden geschickt.',
    'outcome.alreadyShownLink':
      ':pushpin: {finding} hat in diesem Channel bereits eine Karte, die aktuell gehalten wird: <{link}|zur Karte>.',
    'outcome.alreadyShown':
      ':pushpin: {finding} hat in diesem Channel bereits eine Karte, die aktuell gehalten wird (weiter oben).',
  },
  ja: {
    'outcome.noneInRollup': 'これらの検出結果は、もうこのまとめ通知に含まれていません。',
    'outcome.noneInRollupDone':
      'これらの検出結果は、もうこのまとめ通知に含まれていません。何も実行されませんでした。',
    'outcome.notInRollup': 'この検出結果はこのまとめ通知に含まれていません。',
    'outcome.inFlight':
      ':hourglass: 検出結果 {finding} の変更はすでに処理中です。何も送信されていません。少し待ってからもう一度お試しください。',
    'outcome.inFlightWatch':
      ':hourglass: 検出結果 {finding} の変更はすでに処理中です。Warden はこれ以上送信していません。結果はアラートに表示されます。',
    'outcome.doneBut': ':white_check_mark: 完了: {line}\n{failure}',
    'outcome.done': ':white_check_mark: 完了: {line}',
    'outcome.taskCreatedBut': ':white_check_mark: タスク {task} を作成しました。{failure}',
    'outcome.notAssigned': ':no_entry_sign: 何も割り当てられませんでした。{why}',
    'outcome.ownerNowBut': ':white_check_mark: {who} が担当者になりました。{failure}',
    'outcome.assignNotShown':
      ':warning: テナントは {who} を {finding} の担当者にする依頼を受け付けましたが、検出結果には反映されていません。テナントが拒否したか、まだ適用していません。1 分後に検出結果を確認してください。',
    'outcome.nobodyNotified': ':no_entry_sign: 誰にも通知されませんでした。{why}',
    'outcome.noPersonalOwner':
      'この検出結果には、テナント上で人である担当者がいません。*担当者を割り当て…* で設定してください。',
    'outcome.mayNotExtend':
      ':no_entry_sign: リスク受容は短縮できますが、延長はできません。何も決定されませんでした。',
    'outcome.decidedFirst':
      ':information_source: 別の人がこの依頼を先に判断しました。これ以上は何も行われませんでした。',
    'outcome.awaitingApprover':
      ':hourglass_flowing_sand: {subject} のリスク受容には <!subteam^{approvers}> の承認が必要です。依頼は {where} にあります。承認されるまで何も変更されません。',
    'outcome.restartedNotApplied':
      ':warning: {what} の処理中に Warden が再起動しました。テナントは適用しておらず、何も変更されていません。必要であればもう一度お試しください。',
    'outcome.restartedApplied':
      ':white_check_mark: {what} の処理中に Warden が再起動しましたが、テナントは適用済みで、アラートに反映されています: {line}',
    'outcome.restartedBulk':
      ':warning: まとめ通知 {group} への「{action}」の途中で Warden が再起動しました。テナントは一部の検出結果に適用した可能性があります。まとめの概要に各検出結果の状況が表示されています。必要であれば残りに対してもう一度実行してください。',
    'outcome.restartedBulkAll':
      ':white_check_mark: まとめ通知 {group} への「{action}」の途中で Warden が再起動しましたが、テナントは {of} 件すべての検出結果に適用済みで、各アラートに反映されています。',
    'outcome.restartedBulkSome':
      ':warning: まとめ通知 {group} への「{action}」の途中で Warden が再起動しました。テナントは {of} 件中 {changed} 件に適用済みで、各アラートに反映されています。必要であれば残りに対してもう一度実行してください。',
    'outcome.nothingToExtend':
      'この検出結果は現在{state}です。延長するものはありません。現在の状況はカードに表示されています。',
    'outcome.notOfferedNow':
      'この検出結果は現在{state}のため、この操作はもう提供されていません。アラートを更新しました。',
    'outcome.csvSent':
      ':page_facing_up: {campaign} の CSV を Warden とのダイレクトメッセージで送信しました。',
    'outcome.alreadyShownLink':
      ':pushpin: {finding} にはこのチャンネルにすでにカードがあり、最新の状態に保たれています: <{link}|カードを見る>。',
    'outcome.alreadyShown':
      ':pushpin: {finding} にはこのチャンネルにすでにカードがあり、最新の状態に保たれています（上記）。',
  },
};
