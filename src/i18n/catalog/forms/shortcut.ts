import type { Namespace } from '../types.js';

/**
 * The message shortcuts *Attach to finding…* and *Report suspicious identity activity*: their
 * forms (blockkit/forms/shortcut-forms.ts) and what they tell people (blockkit/shortcut-words.ts).
 */
const en = {
  'shortcut.cutNote': '_(the message was longer: Warden kept its beginning; the link shows all of it)_',
  'shortcut.notAFindingId': 'That is not a finding id (e.g. FND_…): letters, digits and _ . : - only.',
  'shortcut.noSuchFinding':
    ':warning: Warden could not find finding {finding} in the tenant: nothing was attached or filed.',
  'shortcut.alreadyAttached':
    ':information_source: This message is already attached to finding {finding}; nothing was added.',
  'shortcut.notAMessage':
    ':warning: Warden could not read the message this shortcut was used on; nothing was done.',
  'shortcut.noteReply': ':paperclip: {who} attached a message to this finding as a note:',
  'shortcut.noteReplyLink': ':paperclip: {who} attached <{link}|a message> to this finding as a note:',
  'shortcut.noteAttached':
    ':paperclip: The message is attached to finding {finding} as a note: {where}. It is offered as evidence when the finding is resolved or suppressed.',
  'shortcut.whereThread': 'the thread of its card in <#{channel}>',
  'shortcut.whereAudit': "Warden's audit log",
  'shortcut.whereTask': 'a comment on remediation task {task}',
  'shortcut.severity.low': 'low',
  'shortcut.severity.medium': 'medium',
  'shortcut.severity.high': 'high',
  'shortcut.severity.critical': 'critical',
  'shortcut.reportPost':
    ':rotating_light: *Suspicious identity activity reported* by {who} (severity: *{severity}*)\n*Identity or app:* {app}\n{what}',
  'shortcut.reportFrom': ':link: <{link}|The message it is about>',
  'shortcut.reportFiledOnTask':
    ':white_check_mark: Your report was filed on remediation task {task} of finding {finding} in the tenant.',
  'shortcut.reportPosted': ':white_check_mark: Your report was posted to the security team in <#{channel}>.',
  'shortcut.noSecurityChannel':
    ':warning: Warden has no security channel configured (ALERTS_CHANNEL or a routing rule), so the report could not be sent; nothing was filed.',
  'shortcut.attachTitle': 'Attach to finding',
  'shortcut.attach': 'Attach',
  'shortcut.findingId': 'Finding id',
  'shortcut.findingIdHint': 'The id on the finding’s card, e.g. FND_…',
  'shortcut.reportTitle': 'Report activity',
  'shortcut.report': 'Report',
  'shortcut.what': 'What looks suspicious?',
  'shortcut.who': 'Which identity or app?',
  'shortcut.severity': 'Severity',
  'shortcut.relatedFinding': 'Related finding id',
  'shortcut.relatedHint':
    'With one, the report is filed on its remediation task in the tenant; without, it goes to the security channel.',
  'shortcut.sayWhat': 'Say what looks suspicious (at most 1,000 characters).',
  'shortcut.nameWho': 'Name the identity or app (at most 200 characters).',
  'shortcut.pickSeverity': 'Pick a severity.',
} as const;

export const shortcut: Namespace<typeof en> = {
  en,
  de: {
    'shortcut.cutNote':
      '_(die Nachricht war länger: Warden hat ihren Anfang behalten; der Link zeigt sie vollständig)_',
    'shortcut.notAFindingId':
      'Das ist keine Finding-ID (z. B. FND_…): nur Buchstaben, Ziffern und _ . : - sind erlaubt.',
    'shortcut.noSuchFinding':
      ':warning: Warden konnte Finding {finding} im Tenant nicht finden: Es wurde nichts angehängt oder gemeldet.',
    'shortcut.alreadyAttached':
      ':information_source: Diese Nachricht ist bereits an Finding {finding} angehängt; es wurde nichts hinzugefügt.',
    'shortcut.notAMessage':
      ':warning: Warden konnte die Nachricht, auf die dieser Shortcut angewendet wurde, nicht lesen; es wurde nichts getan.',
    'shortcut.noteReply': ':paperclip: {who} hat eine Nachricht als Notiz an dieses Finding angehängt:',
    'shortcut.noteReplyLink':
      ':paperclip: {who} hat <{link}|eine Nachricht> als Notiz an dieses Finding angehängt:',
    'shortcut.noteAttached':
      ':paperclip: Die Nachricht ist als Notiz an Finding {finding} angehängt: {where}. Sie wird als Nachweis angeboten, wenn das Finding behoben oder unterdrückt wird.',
    'shortcut.whereThread': 'im Thread seiner Karte in <#{channel}>',
    'shortcut.whereAudit': 'im Audit-Log von Warden',
    'shortcut.whereTask': 'als Kommentar an der Behebungsaufgabe {task}',
    'shortcut.severity.low': 'Niedrig',
    'shortcut.severity.medium': 'Mittel',
    'shortcut.severity.high': 'Hoch',
    'shortcut.severity.critical': 'Kritisch',
    'shortcut.reportPost':
      ':rotating_light: *Verdächtige Identitätsaktivität gemeldet* von {who} (Schweregrad: *{severity}*)\n*Identität oder App:* {app}\n{what}',
    'shortcut.reportFrom': ':link: <{link}|Die Nachricht, um die es geht>',
    'shortcut.reportFiledOnTask':
      ':white_check_mark: Ihre Meldung wurde an der Behebungsaufgabe {task} von Finding {finding} im Tenant abgelegt.',
    'shortcut.reportPosted':
      ':white_check_mark: Ihre Meldung wurde an das Security-Team in <#{channel}> gesendet.',
    'shortcut.noSecurityChannel':
      ':warning: Warden hat keinen Security-Channel konfiguriert (ALERTS_CHANNEL oder eine Routing-Regel), daher konnte die Meldung nicht gesendet werden; es wurde nichts abgelegt.',
    'shortcut.attachTitle': 'An Finding anhängen',
    'shortcut.attach': 'Anhängen',
    'shortcut.findingId': 'Finding-ID',
    'shortcut.findingIdHint': 'Die ID auf der Karte des Findings, z. B. FND_…',
    'shortcut.reportTitle': 'Aktivität melden',
    'shortcut.report': 'Melden',
    'shortcut.what': 'Was wirkt verdächtig?',
    'shortcut.who': 'Welche Identität oder App?',
    'shortcut.severity': 'Schweregrad',
    'shortcut.relatedFinding': 'ID eines zugehörigen Findings',
    'shortcut.relatedHint':
      'Mit ID wird die Meldung an dessen Behebungsaufgabe im Tenant abgelegt; ohne geht sie an den Security-Channel.',
    'shortcut.sayWhat': 'Beschreiben Sie, was verdächtig wirkt (höchstens 1.000 Zeichen).',
    'shortcut.nameWho': 'Nennen Sie die Identität oder App (höchstens 200 Zeichen).',
    'shortcut.pickSeverity': 'Wählen Sie einen Schweregrad.',
  },
  ja: {
    'shortcut.cutNote':
      '_(メッセージはもっと長いものでした: Warden は先頭を保存しました。リンク先で全文を見られます)_',
    'shortcut.notAFindingId': '検出結果の ID ではありません (例: FND_…)。英数字と _ . : - のみ使えます。',
    'shortcut.noSuchFinding':
      ':warning: Warden はテナントで検出結果 {finding} を見つけられませんでした。何も添付・登録されていません。',
    'shortcut.alreadyAttached':
      ':information_source: このメッセージはすでに検出結果 {finding} に添付されています。何も追加されていません。',
    'shortcut.notAMessage':
      ':warning: Warden はこのショートカットを使ったメッセージを読み取れませんでした。何も行われていません。',
    'shortcut.noteReply': ':paperclip: {who} がメッセージをこの検出結果にメモとして添付しました:',
    'shortcut.noteReplyLink':
      ':paperclip: {who} が<{link}|メッセージ>をこの検出結果にメモとして添付しました:',
    'shortcut.noteAttached':
      ':paperclip: メッセージは検出結果 {finding} にメモとして添付されました: {where}。検出結果を解決または抑制するときに証跡として選べます。',
    'shortcut.whereThread': '<#{channel}> のカードのスレッド',
    'shortcut.whereAudit': 'Warden の監査ログ',
    'shortcut.whereTask': '修復タスク {task} へのコメント',
    'shortcut.severity.low': '低',
    'shortcut.severity.medium': '中',
    'shortcut.severity.high': '高',
    'shortcut.severity.critical': '重大',
    'shortcut.reportPost':
      ':rotating_light: *不審な ID アクティビティの報告* 報告者 {who} (重大度: *{severity}*)\n*ID またはアプリ:* {app}\n{what}',
    'shortcut.reportFrom': ':link: <{link}|対象のメッセージ>',
    'shortcut.reportFiledOnTask':
      ':white_check_mark: 報告はテナント内の検出結果 {finding} の修復タスク {task} に登録されました。',
    'shortcut.reportPosted': ':white_check_mark: 報告は <#{channel}> のセキュリティチームに投稿されました。',
    'shortcut.noSecurityChannel':
      ':warning: Warden にセキュリティチャンネルが設定されていない (ALERTS_CHANNEL またはルーティングルール) ため、報告を送信できませんでした。何も登録されていません。',
    'shortcut.attachTitle': '検出結果に添付',
    'shortcut.attach': '添付',
    'shortcut.findingId': '検出結果の ID',
    'shortcut.findingIdHint': '検出結果のカードにある ID (例: FND_…)',
    'shortcut.reportTitle': 'アクティビティを報告',
    'shortcut.report': '報告',
    'shortcut.what': '何が不審ですか?',
    'shortcut.who': 'どの ID またはアプリですか?',
    'shortcut.severity': '重大度',
    'shortcut.relatedFinding': '関連する検出結果の ID',
    'shortcut.relatedHint':
      '指定すると、テナント内のその修復タスクに報告が登録されます。指定しない場合はセキュリティチャンネルに送られます。',
    'shortcut.sayWhat': '何が不審かを入力してください (1,000 文字以内)。',
    'shortcut.nameWho': 'ID またはアプリを入力してください (200 文字以内)。',
    'shortcut.pickSeverity': '重大度を選んでください。',
  },
};
