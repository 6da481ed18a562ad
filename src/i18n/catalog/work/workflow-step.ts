import type { Namespace } from '../types.js';

/** blockkit/workflow-step-words.ts: a Workflow Builder step's failure, as Slack shows it to who ran it. */
const en = {
  'step.ref': '(ref {ref})',
  'step.badInput': 'Warden could not run this step: {why}',
  'step.noPerson':
    "Warden could not run this step: this step must be run by a person. Start the workflow from a link, button or shortcut trigger (or a form), and give the step's *Person who ran the workflow* that trigger's interactivity. Nothing was read or changed.",
  'step.refused': 'Warden refused this step: {why}',
  'step.busy':
    'Another change to finding {finding} is under way; nothing was changed. Run the step again in a moment.',
  'step.stepUpNotSent':
    'This action needs a fresh sign-in (step-up verification), and Warden could not send you its link here. Nothing was changed.',
  'step.stepUpElsewhere':
    'This action needs a fresh sign-in (step-up verification): Warden sent you its link in Slack, and the change is made once you sign in. This step made no change.',
  'step.stepUpRefused':
    'The fresh sign-in (step-up verification) this step needs was refused: {why}. Nothing was changed.',
  'step.days': '`days` must be between 1 and {max}.',
  'step.closure': '`closure_reason` must be one of {ids}.',
  'step.otherNeedsNote': '`closure_reason` `other` needs a `note` saying why.',
  'step.denied': '{approver} denied the risk acceptance: {reason}',
  'step.expired': 'The risk acceptance request expired without a decision; nothing was changed.',
  'step.notPosted': 'Warden could not post the approval request, so nothing was asked or changed.',
  'step.notTaken':
    'Warden could not take this step just now (its database did not answer); nothing was changed. Run the workflow again in a moment.',
  'step.crashed':
    'Something went wrong in Warden while running this step; nothing is shown as done that was not.',
} as const;

export const workflowStep: Namespace<typeof en> = {
  en,
  de: {
    'step.ref': '(Ref. {ref})',
    'step.badInput': 'Warden konnte diesen Schritt nicht ausführen: {why}',
    'step.noPerson':
      'Warden konnte diesen Schritt nicht ausführen: Er muss von einer Person ausgeführt werden. Starten Sie den Workflow über einen Link-, Button- oder Shortcut-Trigger (oder ein Formular) und geben Sie dem Feld *Person who ran the workflow* des Schritts die Interaktivität dieses Triggers. Es wurde nichts gelesen oder geändert.',
    'step.refused': 'Warden hat diesen Schritt abgelehnt: {why}',
    'step.busy':
      'Eine andere Änderung an Finding {finding} läuft gerade; es wurde nichts geändert. Führen Sie den Schritt gleich noch einmal aus.',
    'step.stepUpNotSent':
      'Diese Aktion erfordert eine erneute Anmeldung, und Warden konnte Ihnen den Link hier nicht senden. Es wurde nichts geändert.',
    'step.stepUpElsewhere':
      'Diese Aktion erfordert eine erneute Anmeldung: Warden hat Ihnen den Link in Slack gesendet, und die Änderung erfolgt, sobald Sie sich anmelden. Dieser Schritt hat nichts geändert.',
    'step.stepUpRefused':
      'Die erneute Anmeldung, die dieser Schritt braucht, wurde abgelehnt: {why}. Es wurde nichts geändert.',
    'step.days': '`days` muss zwischen 1 und {max} liegen.',
    'step.closure': '`closure_reason` muss einer dieser Werte sein: {ids}.',
    'step.otherNeedsNote': '`closure_reason` `other` braucht eine `note` mit Begründung.',
    'step.denied': '{approver} hat die Risikoakzeptanz abgelehnt: {reason}',
    'step.expired':
      'Die Anfrage zur Risikoakzeptanz ist ohne Entscheidung abgelaufen; es wurde nichts geändert.',
    'step.notPosted':
      'Warden konnte die Genehmigungsanfrage nicht posten; es wurde also nichts angefragt oder geändert.',
    'step.notTaken':
      'Warden konnte diesen Schritt gerade nicht ausführen (die Datenbank hat nicht geantwortet); es wurde nichts geändert. Führen Sie den Workflow gleich noch einmal aus.',
    'step.crashed':
      'Bei der Ausführung dieses Schritts ist in Warden ein Fehler aufgetreten; nichts wird als erledigt gezeigt, was es nicht ist.',
  },
  ja: {
    'step.ref': '（参照 {ref}）',
    'step.badInput': 'Warden はこのステップを実行できませんでした: {why}',
    'step.noPerson':
      'Warden はこのステップを実行できませんでした: このステップは人が実行する必要があります。リンク、ボタン、ショートカットのトリガー（またはフォーム）からワークフローを開始し、ステップの *Person who ran the workflow* にそのトリガーのインタラクティビティを指定してください。何も読み取り・変更されていません。',
    'step.refused': 'Warden はこのステップを拒否しました: {why}',
    'step.busy':
      '検出結果 {finding} への別の変更が進行中です。何も変更されていません。しばらくしてからステップを再実行してください。',
    'step.stepUpNotSent':
      'この操作には再サインインが必要ですが、Warden はここにそのリンクを送れませんでした。何も変更されていません。',
    'step.stepUpElsewhere':
      'この操作には再サインインが必要です: Warden が Slack でリンクを送りました。サインインすると変更が行われます。このステップでは何も変更されていません。',
    'step.stepUpRefused': 'このステップに必要な再サインインが拒否されました: {why}。何も変更されていません。',
    'step.days': '`days` は 1 から {max} の間で指定してください。',
    'step.closure': '`closure_reason` は次のいずれかにしてください: {ids}。',
    'step.otherNeedsNote': '`closure_reason` が `other` の場合は、理由を書いた `note` が必要です。',
    'step.denied': '{approver} がリスク受容を却下しました: {reason}',
    'step.expired': 'リスク受容の依頼は判断されないまま期限切れになりました。何も変更されていません。',
    'step.notPosted': 'Warden は承認依頼を投稿できなかったため、何も依頼・変更されていません。',
    'step.notTaken':
      'Warden は現在このステップを実行できませんでした（データベースが応答しませんでした）。何も変更されていません。しばらくしてからワークフローを再実行してください。',
    'step.crashed':
      'このステップの実行中に Warden で問題が発生しました。完了していないものが完了と表示されることはありません。',
  },
};
