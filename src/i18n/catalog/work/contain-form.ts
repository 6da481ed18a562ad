import type { Namespace } from '../types.js';

/** blockkit/contain-words.ts, contain.ts, contain-list.ts: the Contain… form, its refusals, Approve / Deny, a decoy's uses, the approvals list. */
const en = {
  'contain.title': 'Contain finding',
  'contain.submit': 'Ask to contain',
  'contain.cancel': 'Cancel',
  'contain.whatLabel': 'What to take away',
  'contain.reasonLabel': 'Why',
  'contain.reasonHint': 'Goes to the tenant with the task, to the thread and to the audit log.',
  'contain.intro':
    "Take access away for {title} ({finding}) through the tenant's own tasks. Nothing is sent until you ask.",
  'contain.stepUpFirst': 'You will be asked to sign in again (step-up) first.',
  'contain.fourEyes': 'An approver of <!subteam^{approvers}> other than you must then approve it.',
  'contain.attemptsInThread': 'The uses of the decoy the tenant recorded are in the alert’s thread.',
  'contain.attemptsHidden':
    'The uses of the decoy are not shown: the alert is in a channel shared with another organisation.',
  'contain.reasonTooShort': 'Say why in at least 10 characters.',
  'contain.reasonTooLong': 'Keep it under 2,000 characters.',
  'contain.pickOne': 'Pick what to take away.',
  'contain.optionRevoke': 'Revoke {entitlement} from {account}',
  'contain.optionOffboard': 'Offboard {person}',
  'contain.notConfigured':
    ':information_source: Contain is not set up for {type} findings (WARDEN_CONFIG `contain`).',
  'contain.noTarget':
    ':information_source: This finding names no account and no person to take access from, so there is nothing to contain. Warden never guesses one.',
  'contain.nothingHeld':
    ':information_source: The tenant lists nothing that the account {account} holds and no person it belongs to: there is nothing to take away.',
  'contain.noPerson':
    ':information_source: The tenant knows no person this finding names, and it names no account: there is nothing to take away.',
  'contain.targetChanged':
    ':no_entry: Finding {finding} names someone else now than when the form opened: nothing was sent. Open Contain… again to see what it names now.',
  'contain.noLongerHeld':
    ':no_entry: The account no longer holds that access in the tenant: nothing was sent. Open Contain… again to see what it holds now.',
  'contain.alreadyAsked':
    ':information_source: This containment was already asked for (the form was sent twice): nothing more was sent.',
  'contain.inFlight':
    ':hourglass: This containment is already being sent to the tenant: nothing more was sent.',
  'contain.ownRequest':
    ':no_entry: You asked for this containment yourself: another approver must decide it (four-eyes).',
  'contain.notApprover':
    ':no_entry: Only a member of <!subteam^{group}> may decide containments, and not the person who asked.',
  'contain.noApprovers':
    ':no_entry: Four-eyes is on for this containment but no approvers group is configured.',
  'contain.decided':
    ':information_source: This containment was already decided ({status}): nothing more was done.',
  'contain.decidedBy':
    ':information_source: This containment was already decided by {by} ({status}): nothing more was done.',
  'contain.gone': ':mag: Warden has no such containment (it may have been removed).',
  'contain.expired':
    ':hourglass: This containment expired without a decision: nothing was sent. Ask again if it is still needed.',
  'contain.approve': 'Approve',
  'contain.confirmTitle': 'Take this access away?',
  'contain.confirmText': 'The tenant is asked at once to carry it out.',
  'contain.notNow': 'Not now',
  'contain.deny': 'Deny',
  'contain.offer': 'Contain…',
  'contain.noIp': '_no source IP_',
  'contain.noAgent': '_no user agent_',
  'contain.noEndpoint': '_no endpoint_',
  'contain.decoyNone': ':mag: The tenant records no use of this decoy with a source.',
  'contain.decoyHead':
    ':mag: *Uses of this decoy the tenant recorded* (newest first): time · source IP · user agent · endpoint',
  'contain.decoyHeadSome':
    ':mag: *Uses of this decoy the tenant recorded* (newest first, {shown} of {total}): time · source IP · user agent · endpoint',
  'contain.listLine':
    ':rotating_light: {who} asks to {verb} (finding {finding}, in <#{channel}>), waits until {until}\n{reason}',
  'contain.listHead': '*Containments waiting for approval ({count})*',
  'contain.listText': '{count} containment(s) waiting for approval',
  'contain.listMore': '…and {count} more containments.',
} as const;

export const containForm: Namespace<typeof en> = {
  en,
  de: {
    'contain.title': 'Finding eindämmen',
    'contain.submit': 'Eindämmung anfragen',
    'contain.cancel': 'Abbrechen',
    'contain.whatLabel': 'Was entzogen wird',
    'contain.reasonLabel': 'Begründung',
    'contain.reasonHint': 'Geht mit der Aufgabe an den Tenant, in den Thread und ins Audit-Log.',
    'contain.intro':
      'Zugriff für {title} ({finding}) über die Aufgaben des Tenants entziehen. Es wird nichts gesendet, bevor Sie anfragen.',
    'contain.stepUpFirst': 'Sie werden zuerst um eine erneute Anmeldung gebeten.',
    'contain.fourEyes': 'Danach muss eine andere genehmigende Person aus <!subteam^{approvers}> zustimmen.',
    'contain.attemptsInThread': 'Die vom Tenant erfassten Nutzungen des Köders stehen im Thread der Meldung.',
    'contain.attemptsHidden':
      'Die Nutzungen des Köders werden nicht gezeigt: Die Meldung steht in einem Channel, der mit einer anderen Organisation geteilt ist.',
    'contain.reasonTooShort': 'Begründen Sie mit mindestens 10 Zeichen.',
    'contain.reasonTooLong': 'Bitte unter 2.000 Zeichen bleiben.',
    'contain.pickOne': 'Wählen Sie, was entzogen wird.',
    'contain.optionRevoke': '{entitlement} von {account} entziehen',
    'contain.optionOffboard': '{person} offboarden',
    'contain.notConfigured':
      ':information_source: Eindämmen ist für Findings vom Typ {type} nicht eingerichtet (WARDEN_CONFIG `contain`).',
    'contain.noTarget':
      ':information_source: Dieses Finding nennt kein Konto und keine Person, der Zugriff entzogen werden könnte; es gibt nichts einzudämmen. Warden rät nie.',
    'contain.nothingHeld':
      ':information_source: Der Tenant führt nichts, was das Konto {account} besitzt, und keine Person, der es gehört: Es gibt nichts zu entziehen.',
    'contain.noPerson':
      ':information_source: Der Tenant kennt keine Person, die dieses Finding nennt, und es nennt kein Konto: Es gibt nichts zu entziehen.',
    'contain.targetChanged':
      ':no_entry: Finding {finding} nennt jetzt jemand anderen als beim Öffnen des Formulars: Es wurde nichts gesendet. Öffnen Sie Eindämmen… erneut, um den aktuellen Stand zu sehen.',
    'contain.noLongerHeld':
      ':no_entry: Das Konto hat diesen Zugriff im Tenant nicht mehr: Es wurde nichts gesendet. Öffnen Sie Eindämmen… erneut, um den aktuellen Stand zu sehen.',
    'contain.alreadyAsked':
      ':information_source: Diese Eindämmung wurde bereits angefragt (das Formular wurde zweimal gesendet): Es wurde nichts weiter gesendet.',
    'contain.inFlight':
      ':hourglass: Diese Eindämmung wird bereits an den Tenant gesendet: Es wurde nichts weiter gesendet.',
    'contain.ownRequest':
      ':no_entry: Sie haben diese Eindämmung selbst angefragt: Eine andere genehmigende Person muss entscheiden (Vier-Augen-Prinzip).',
    'contain.notApprover':
      ':no_entry: Nur Mitglieder von <!subteam^{group}> dürfen über Eindämmungen entscheiden, und nicht die anfragende Person.',
    'contain.noApprovers':
      ':no_entry: Für diese Eindämmung gilt das Vier-Augen-Prinzip, aber es ist keine Gruppe von Genehmigenden eingerichtet.',
    'contain.decided':
      ':information_source: Über diese Eindämmung wurde bereits entschieden ({status}): Es wurde nichts weiter getan.',
    'contain.decidedBy':
      ':information_source: {by} hat über diese Eindämmung bereits entschieden ({status}): Es wurde nichts weiter getan.',
    'contain.gone': ':mag: Warden kennt diese Eindämmung nicht (sie wurde vielleicht entfernt).',
    'contain.expired':
      ':hourglass: Diese Eindämmung ist ohne Entscheidung abgelaufen: Es wurde nichts gesendet. Fragen Sie erneut an, falls nötig.',
    'contain.approve': 'Genehmigen',
    'contain.confirmTitle': 'Zugriff entziehen?',
    'contain.confirmText': 'Der Tenant wird sofort gebeten, es umzusetzen.',
    'contain.notNow': 'Nicht jetzt',
    'contain.deny': 'Ablehnen',
    'contain.offer': 'Eindämmen…',
    'contain.noIp': '_keine Quell-IP_',
    'contain.noAgent': '_kein User-Agent_',
    'contain.noEndpoint': '_kein Endpunkt_',
    'contain.decoyNone': ':mag: Der Tenant verzeichnet keine Nutzung dieses Köders mit einer Quelle.',
    'contain.decoyHead':
      ':mag: *Vom Tenant erfasste Nutzungen dieses Köders* (neueste zuerst): Zeit · Quell-IP · User-Agent · Endpunkt',
    'contain.decoyHeadSome':
      ':mag: *Vom Tenant erfasste Nutzungen dieses Köders* (neueste zuerst, {shown} von {total}): Zeit · Quell-IP · User-Agent · Endpunkt',
    'contain.listLine':
      ':rotating_light: {who} möchte {verb} (Finding {finding}, in <#{channel}>), wartet bis {until}\n{reason}',
    'contain.listHead': '*Eindämmungen, die auf Genehmigung warten ({count})*',
    'contain.listText': '{count} Eindämmung(en) warten auf Genehmigung',
    'contain.listMore': '…und {count} weitere Eindämmungen.',
  },
  ja: {
    'contain.title': '検出結果を封じ込め',
    'contain.submit': '封じ込めを依頼',
    'contain.cancel': 'キャンセル',
    'contain.whatLabel': '取り消す対象',
    'contain.reasonLabel': '理由',
    'contain.reasonHint': 'タスクとともにテナントへ送られ、スレッドと監査ログにも記録されます。',
    'contain.intro':
      'テナントのタスクを通じて {title}（{finding}）のアクセスを取り消します。依頼するまで何も送信されません。',
    'contain.stepUpFirst': '最初に再サインインを求められます。',
    'contain.fourEyes': 'その後、あなた以外の <!subteam^{approvers}> の承認者が承認する必要があります。',
    'contain.attemptsInThread': 'テナントが記録したおとりの使用状況は、アラートのスレッドにあります。',
    'contain.attemptsHidden':
      'おとりの使用状況は表示されません: アラートは他の組織と共有されたチャンネルにあります。',
    'contain.reasonTooShort': '理由を 10 文字以上で入力してください。',
    'contain.reasonTooLong': '2,000 文字未満にしてください。',
    'contain.pickOne': '取り消す対象を選んでください。',
    'contain.optionRevoke': '{account} から {entitlement} を取り消し',
    'contain.optionOffboard': '{person} をオフボーディング',
    'contain.notConfigured':
      ':information_source: {type} の検出結果には封じ込めが設定されていません（WARDEN_CONFIG `contain`）。',
    'contain.noTarget':
      ':information_source: この検出結果はアクセスを取り消すアカウントも人も示していないため、封じ込めるものはありません。Warden が推測することはありません。',
    'contain.nothingHeld':
      ':information_source: テナントには、アカウント {account} が持つものも、その持ち主も記録されていません: 取り消すものはありません。',
    'contain.noPerson':
      ':information_source: テナントはこの検出結果が示す人を知らず、アカウントも示されていません: 取り消すものはありません。',
    'contain.targetChanged':
      ':no_entry: 検出結果 {finding} は、フォームを開いたときとは別の対象を示しています: 何も送信されていません。もう一度 封じ込め… を開いて現在の対象を確認してください。',
    'contain.noLongerHeld':
      ':no_entry: アカウントはテナントでそのアクセスをもう持っていません: 何も送信されていません。もう一度 封じ込め… を開いて現在の状態を確認してください。',
    'contain.alreadyAsked':
      ':information_source: この封じ込めはすでに依頼済みです（フォームが 2 回送信されました）: 追加では何も送信されていません。',
    'contain.inFlight':
      ':hourglass: この封じ込めはすでにテナントへ送信中です: 追加では何も送信されていません。',
    'contain.ownRequest':
      ':no_entry: この封じ込めはあなた自身が依頼したものです: 別の承認者が判断する必要があります（二者承認）。',
    'contain.notApprover':
      ':no_entry: 封じ込めを判断できるのは <!subteam^{group}> のメンバーのみで、依頼者本人は判断できません。',
    'contain.noApprovers':
      ':no_entry: この封じ込めには二者承認が有効ですが、承認者グループが設定されていません。',
    'contain.decided':
      ':information_source: この封じ込めはすでに判断されています（{status}）: 追加では何も行われていません。',
    'contain.decidedBy':
      ':information_source: この封じ込めはすでに {by} が判断しています（{status}）: 追加では何も行われていません。',
    'contain.gone': ':mag: Warden にはそのような封じ込めがありません（削除された可能性があります）。',
    'contain.expired':
      ':hourglass: この封じ込めは判断されないまま期限切れになりました: 何も送信されていません。まだ必要なら再度依頼してください。',
    'contain.approve': '承認',
    'contain.confirmTitle': 'このアクセスを取り消しますか？',
    'contain.confirmText': 'テナントにただちに実行が依頼されます。',
    'contain.notNow': '今はしない',
    'contain.deny': '却下',
    'contain.offer': '封じ込め…',
    'contain.noIp': '_送信元 IP なし_',
    'contain.noAgent': '_ユーザーエージェントなし_',
    'contain.noEndpoint': '_エンドポイントなし_',
    'contain.decoyNone': ':mag: テナントには、送信元付きのこのおとりの使用記録がありません。',
    'contain.decoyHead':
      ':mag: *テナントが記録したこのおとりの使用状況*（新しい順）: 時刻 · 送信元 IP · ユーザーエージェント · エンドポイント',
    'contain.decoyHeadSome':
      ':mag: *テナントが記録したこのおとりの使用状況*（新しい順、{total} 件中 {shown} 件）: 時刻 · 送信元 IP · ユーザーエージェント · エンドポイント',
    'contain.listLine':
      ':rotating_light: {who} が {verb}ことを依頼しています（検出結果 {finding}、<#{channel}>）。{until} まで待機します\n{reason}',
    'contain.listHead': '*承認待ちの封じ込め（{count}）*',
    'contain.listText': '承認待ちの封じ込め {count} 件',
    'contain.listMore': '…ほか {count} 件の封じ込め。',
  },
};
