import type { Namespace } from '../types.js';

/** blockkit/contain-words.ts: what is taken away, the thread's lines, the task's states, the card's line. */
const en = {
  'contain.unnamed': '_unnamed_',
  'contain.takenRevoke': '{entitlement} in {app} from the account {account}',
  'contain.takenOffboard': "every access of {person}, through the tenant's offboarding",
  'contain.verbRevoke': 'revoke {taken}',
  'contain.verbOffboard': 'start offboarding {person}',
  'contain.requested':
    ':rotating_light: {by} asks to {verb}{verified}.\n>{reason}\nNeeds an approver of <!subteam^{approvers}> other than them.',
  'contain.started': ':rotating_light: {by} started to {verb}{verified}: tenant task {task}.',
  'contain.startedApproved':
    ':rotating_light: {by} started to {verb}, approved by {approver}{verified}: tenant task {task}.',
  'contain.denied': ":x: {by} denied {requester}'s containment: nothing is taken away.",
  'contain.approved': ':white_check_mark: Approved by {by}.',
  'contain.refused': ':no_entry: The tenant refused to {verb}: “{said}”. Nothing was taken away.',
  'contain.failed':
    ':warning: Warden could not {verb}: the tenant did not answer. Nothing was taken away. _(ref {ref})_',
  'contain.unknown':
    ':grey_question: The tenant failed mid-way while Warden asked it to {verb}. Warden is reading back whether it made the task, and will say so here; it will not ask twice. _(ref {ref})_',
  'contain.notMade':
    ':warning: The tenant did not make the task to {verb}: nothing was taken away. Ask again if it is still needed.',
  'contain.task': '{icon} Task {task}: {status}.',
  'contain.lost':
    ':grey_question: The tenant no longer knows task {task}: Warden cannot say whether the access was taken away. Check in the tenant.',
  'contain.stopped':
    ':zzz: Warden stopped following task {task} after 7 days; it was {status}. Check in the tenant.',
  'contain.expiredLine':
    ":hourglass: {requester}'s containment expired without a decision. Ask again if it is still needed.",
  'contain.afterNo':
    ':rotating_light: Someone else may hold this access: *Contain…* takes it away through the tenant.',
  'contain.toldAwaiting':
    ":hourglass_flowing_sand: Your containment waits for an approver of <!subteam^{approvers}>: the request is in the alert's thread.",
  'contain.toldStarted':
    ":white_check_mark: The tenant has the task ({task}); its progress will be in the alert's thread.",
  'contain.status.approval': 'waiting for an approval in the tenant',
  'contain.status.provisioning': 'being carried out (provisioning)',
  'contain.status.waiting': 'waiting in the tenant',
  'contain.status.done': 'done: the access is taken away',
  'contain.status.denied': 'denied in the tenant: nothing was taken away',
  'contain.status.error': 'failed in the tenant: nothing was taken away',
  'contain.status.cancelled': 'cancelled in the tenant',
  'contain.status.closed': 'closed in the tenant without an outcome Warden knows',
  'contain.card': '*Containment:* {verb} ({requester}) — {state}',
  'contain.card.task': 'task {task} {status}',
  'contain.card.verifying': 'waiting for their sign-in',
  'contain.card.pending': 'waiting for an approver',
  'contain.card.denied': 'denied',
  'contain.card.refused': 'refused by the tenant',
  'contain.card.sending': 'being sent to the tenant',
  'contain.card.lost': 'its task is no longer known to the tenant',
  'contain.card.expired': 'expired without a decision',
} as const;

export const containThread: Namespace<typeof en> = {
  en,
  de: {
    'contain.unnamed': '_ohne Namen_',
    'contain.takenRevoke': '{entitlement} in {app} vom Konto {account}',
    'contain.takenOffboard': 'jeden Zugriff von {person}, über das Offboarding des Tenants',
    'contain.verbRevoke': '{taken} entziehen',
    'contain.verbOffboard': 'das Offboarding von {person} starten',
    'contain.requested':
      ':rotating_light: {by} möchte {verb}{verified}.\n>{reason}\nBraucht eine andere genehmigende Person aus <!subteam^{approvers}>.',
    'contain.started': ':rotating_light: {by} lässt {verb}{verified}: Tenant-Aufgabe {task}.',
    'contain.startedApproved':
      ':rotating_light: {by} lässt {verb}, genehmigt von {approver}{verified}: Tenant-Aufgabe {task}.',
    'contain.denied': ':x: {by} hat die Eindämmung von {requester} abgelehnt: Es wird nichts entzogen.',
    'contain.approved': ':white_check_mark: Genehmigt von {by}.',
    'contain.refused': ':no_entry: Der Tenant hat abgelehnt ({verb}): „{said}“. Es wurde nichts entzogen.',
    'contain.failed':
      ':warning: Warden konnte nicht {verb}: Der Tenant hat nicht geantwortet. Es wurde nichts entzogen. _(Ref. {ref})_',
    'contain.unknown':
      ':grey_question: Der Tenant ist mittendrin gescheitert (Auftrag: {verb}). Warden liest nach, ob die Aufgabe angelegt wurde, und meldet es hier; es fragt nicht doppelt an. _(Ref. {ref})_',
    'contain.notMade':
      ':warning: Der Tenant hat die Aufgabe nicht angelegt ({verb}): Es wurde nichts entzogen. Fragen Sie erneut an, falls nötig.',
    'contain.task': '{icon} Aufgabe {task}: {status}.',
    'contain.lost':
      ':grey_question: Der Tenant kennt die Aufgabe {task} nicht mehr: Warden kann nicht sagen, ob der Zugriff entzogen wurde. Prüfen Sie es im Tenant.',
    'contain.stopped':
      ':zzz: Warden verfolgt die Aufgabe {task} nach 7 Tagen nicht mehr; Stand: {status}. Prüfen Sie es im Tenant.',
    'contain.expiredLine':
      ':hourglass: Die Eindämmung von {requester} ist ohne Entscheidung abgelaufen. Fragen Sie erneut an, falls nötig.',
    'contain.afterNo':
      ':rotating_light: Jemand anderes hat vielleicht diesen Zugriff: *Eindämmen…* entzieht ihn über den Tenant.',
    'contain.toldAwaiting':
      ':hourglass_flowing_sand: Ihre Eindämmung wartet auf eine genehmigende Person aus <!subteam^{approvers}>: Die Anfrage steht im Thread der Meldung.',
    'contain.toldStarted':
      ':white_check_mark: Der Tenant hat die Aufgabe ({task}); ihr Fortschritt erscheint im Thread der Meldung.',
    'contain.status.approval': 'wartet auf eine Genehmigung im Tenant',
    'contain.status.provisioning': 'wird ausgeführt (Provisionierung)',
    'contain.status.waiting': 'wartet im Tenant',
    'contain.status.done': 'erledigt: Der Zugriff ist entzogen',
    'contain.status.denied': 'im Tenant abgelehnt: Es wurde nichts entzogen',
    'contain.status.error': 'im Tenant fehlgeschlagen: Es wurde nichts entzogen',
    'contain.status.cancelled': 'im Tenant abgebrochen',
    'contain.status.closed': 'im Tenant geschlossen, ohne ein Warden bekanntes Ergebnis',
    'contain.card': '*Eindämmung:* {verb} ({requester}) — {state}',
    'contain.card.task': 'Aufgabe {task} {status}',
    'contain.card.verifying': 'wartet auf die erneute Anmeldung',
    'contain.card.pending': 'wartet auf eine genehmigende Person',
    'contain.card.denied': 'abgelehnt',
    'contain.card.refused': 'vom Tenant abgelehnt',
    'contain.card.sending': 'wird an den Tenant gesendet',
    'contain.card.lost': 'die Aufgabe ist dem Tenant nicht mehr bekannt',
    'contain.card.expired': 'ohne Entscheidung abgelaufen',
  },
  ja: {
    'contain.unnamed': '_名前なし_',
    'contain.takenRevoke': 'アカウント {account} の {app} における {entitlement}',
    'contain.takenOffboard': 'テナントのオフボーディングによる {person} のすべてのアクセス',
    'contain.verbRevoke': '{taken} を取り消す',
    'contain.verbOffboard': '{person} のオフボーディングを開始する',
    'contain.requested':
      ':rotating_light: {by} が {verb}ことを依頼しています{verified}。\n>{reason}\n依頼者以外の <!subteam^{approvers}> の承認者が必要です。',
    'contain.started':
      ':rotating_light: {by} が {verb}処理を開始しました{verified}: テナントのタスク {task}。',
    'contain.startedApproved':
      ':rotating_light: {by} が {verb}処理を開始しました（{approver} が承認）{verified}: テナントのタスク {task}。',
    'contain.denied': ':x: {by} が {requester} の封じ込めを却下しました: 何も取り消されません。',
    'contain.approved': ':white_check_mark: {by} が承認しました。',
    'contain.refused':
      ':no_entry: テナントは {verb}ことを拒否しました:「{said}」。何も取り消されていません。',
    'contain.failed':
      ':warning: Warden は {verb}ことができませんでした: テナントが応答しませんでした。何も取り消されていません。_（参照 {ref}）_',
    'contain.unknown':
      ':grey_question: Warden が {verb}よう依頼した途中でテナントが失敗しました。Warden はタスクが作成されたかを読み直してここでお知らせします。二重に依頼することはありません。_（参照 {ref}）_',
    'contain.notMade':
      ':warning: テナントは {verb}タスクを作成しませんでした: 何も取り消されていません。まだ必要なら再度依頼してください。',
    'contain.task': '{icon} タスク {task}: {status}。',
    'contain.lost':
      ':grey_question: テナントはタスク {task} をもう認識していません: アクセスが取り消されたか Warden には分かりません。テナントで確認してください。',
    'contain.stopped':
      ':zzz: Warden は 7 日後にタスク {task} の追跡を停止しました。状態: {status}。テナントで確認してください。',
    'contain.expiredLine':
      ':hourglass: {requester} の封じ込めは判断されないまま期限切れになりました。まだ必要なら再度依頼してください。',
    'contain.afterNo':
      ':rotating_light: 他の誰かがこのアクセスを持っている可能性があります: *封じ込め…* でテナントを通じて取り消せます。',
    'contain.toldAwaiting':
      ':hourglass_flowing_sand: あなたの封じ込めは <!subteam^{approvers}> の承認者を待っています: 依頼はアラートのスレッドにあります。',
    'contain.toldStarted':
      ':white_check_mark: テナントがタスクを受け付けました（{task}）。進捗はアラートのスレッドに表示されます。',
    'contain.status.approval': 'テナントで承認待ち',
    'contain.status.provisioning': '実行中（プロビジョニング）',
    'contain.status.waiting': 'テナントで待機中',
    'contain.status.done': '完了: アクセスは取り消されました',
    'contain.status.denied': 'テナントで却下: 何も取り消されていません',
    'contain.status.error': 'テナントで失敗: 何も取り消されていません',
    'contain.status.cancelled': 'テナントでキャンセル',
    'contain.status.closed': 'Warden が知る結果なしにテナントで終了',
    'contain.card': '*封じ込め:* {verb}（{requester}）— {state}',
    'contain.card.task': 'タスク {task} {status}',
    'contain.card.verifying': '再サインイン待ち',
    'contain.card.pending': '承認者待ち',
    'contain.card.denied': '却下',
    'contain.card.refused': 'テナントが拒否',
    'contain.card.sending': 'テナントへ送信中',
    'contain.card.lost': 'タスクはテナントでもう認識されていません',
    'contain.card.expired': '判断されないまま期限切れ',
  },
};
