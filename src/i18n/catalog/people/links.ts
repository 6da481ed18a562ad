import type { Namespace } from '../types.js';

/**
 * blockkit/unfurl-words.ts (link previews), connect-words.ts (Slack Connect) and install-words.ts
 * (the install pages).
 */
const en = {
  'unfurl.unmapped':
    'No preview: Warden shows findings only to people it can match to a user of the identity tenant (by their email).',
  'unfurl.refused': 'No preview: {why}',
  'unfurl.campaignFooter': 'Access review: open it with the command for the full list of entitlements.',
  'connect.internal': 'Warden’s internal channel',
  'connect.pointer': 'A finding needs attention: open it in {channel}.',
  'connect.pointerWhy': 'This channel is shared with another organisation, so Warden shows no details here.',
  'connect.shared':
    '{channel} is now shared with another organisation (Slack Connect): Warden no longer posts finding details there, only a pointer to {internal}. Details come back when it is unshared, or if its route sets `allowExternal: true`.',
  'connect.outsider':
    ':no_entry_sign: People outside {organisation} cannot act on findings in Warden. Nothing was done; ask someone there to take this on.',
  'connect.theOrganisation': 'the organisation that installed Warden',
  'connect.notInstalled':
    ':no_entry_sign: Warden is not installed in your workspace, so it cannot act on findings from here. Nothing was done; ask your Slack admin to add it, or use it where it is installed.',
  'install.title': 'Warden: install',
  'install.cancelled':
    'The install was cancelled in Slack: nothing was installed. To install Warden, start again from /slack/install.',
  'install.refusedBySlack':
    'Slack did not complete the install: nothing was installed. Try again, or start again from /slack/install.',
  'install.linkInvalid':
    'This install link is not valid (expired or already used): nothing was installed. Please start again from /slack/install.',
  'install.exchangeRefused':
    'Slack did not accept this install’s one-time code (it may have expired or been used already): nothing was installed. Please start again from /slack/install.',
  'install.slackUnreachable':
    'Slack could not be reached to finish the install: nothing was installed. Try again in a moment: start again from /slack/install.',
  'install.failed':
    'The install did not complete: nothing was installed. Try again in a moment: start again from /slack/install.',
  'install.notConfigured':
    'Warden is not configured for this {orgWide, select, yes {organisation} other {workspace}}: ask your Warden operator to add it to WARDEN_CONFIG workspaces.',
} as const;

export const links: Namespace<typeof en> = {
  en,
  de: {
    'unfurl.unmapped':
      'Keine Vorschau: Warden zeigt Findings nur Personen, die es einem Benutzer des Identity-Tenants zuordnen kann (über ihre E-Mail-Adresse).',
    'unfurl.refused': 'Keine Vorschau: {why}',
    'unfurl.campaignFooter':
      'Zugriffsprüfung: Öffnen Sie sie mit dem Befehl, um die vollständige Liste der Berechtigungen zu sehen.',
    'connect.internal': 'der interne Channel von Warden',
    'connect.pointer': 'Ein Finding braucht Aufmerksamkeit; Sie finden es hier: {channel}.',
    'connect.pointerWhy':
      'Dieser Channel wird mit einer anderen Organisation geteilt, daher zeigt Warden hier keine Details.',
    'connect.shared':
      '{channel} wird jetzt mit einer anderen Organisation geteilt (Slack Connect): Warden postet dort keine Details zu Findings mehr, nur einen Verweis (Ziel: {internal}). Die Details kommen zurück, wenn die Freigabe endet oder seine Route `allowExternal: true` setzt.',
    'connect.outsider':
      ':no_entry_sign: Personen außerhalb von {organisation} können in Warden nicht auf Findings reagieren. Es wurde nichts getan; bitten Sie dort jemanden, dies zu übernehmen.',
    'connect.theOrganisation': 'der Organisation, die Warden installiert hat',
    'connect.notInstalled':
      ':no_entry_sign: Warden ist in Ihrem Workspace nicht installiert und kann von hier aus nicht auf Findings reagieren. Es wurde nichts getan; bitten Sie Ihre Slack-Admins, es hinzuzufügen, oder nutzen Sie es dort, wo es installiert ist.',
    'install.title': 'Warden: Installation',
    'install.cancelled':
      'Die Installation wurde in Slack abgebrochen: Es wurde nichts installiert. Um Warden zu installieren, beginnen Sie erneut unter /slack/install.',
    'install.refusedBySlack':
      'Slack hat die Installation nicht abgeschlossen: Es wurde nichts installiert. Versuchen Sie es erneut oder beginnen Sie neu unter /slack/install.',
    'install.linkInvalid':
      'Dieser Installationslink ist nicht gültig (abgelaufen oder bereits verwendet): Es wurde nichts installiert. Bitte beginnen Sie erneut unter /slack/install.',
    'install.exchangeRefused':
      'Slack hat den Einmalcode dieser Installation nicht akzeptiert (er ist evtl. abgelaufen oder wurde schon verwendet): Es wurde nichts installiert. Bitte beginnen Sie erneut unter /slack/install.',
    'install.slackUnreachable':
      'Slack war nicht erreichbar, um die Installation abzuschließen: Es wurde nichts installiert. Versuchen Sie es gleich noch einmal: Beginnen Sie erneut unter /slack/install.',
    'install.failed':
      'Die Installation wurde nicht abgeschlossen: Es wurde nichts installiert. Versuchen Sie es gleich noch einmal: Beginnen Sie erneut unter /slack/install.',
    'install.notConfigured':
      'Warden ist für {orgWide, select, yes {diese Organisation} other {diesen Workspace}} nicht konfiguriert: Bitten Sie Ihre Warden-Betreiber, den Eintrag in WARDEN_CONFIG workspaces hinzuzufügen.',
  },
  ja: {
    'unfurl.unmapped':
      'プレビューなし: Warden は、ID テナントのユーザーと（メールアドレスで）照合できる人にのみ検出結果を表示します。',
    'unfurl.refused': 'プレビューなし: {why}',
    'unfurl.campaignFooter': 'アクセスレビュー: 権限の全一覧はコマンドで開いてください。',
    'connect.internal': 'Warden の社内チャンネル',
    'connect.pointer': '対応が必要な検出結果があります: {channel} で開いてください。',
    'connect.pointerWhy': 'このチャンネルは他の組織と共有されているため、Warden はここに詳細を表示しません。',
    'connect.shared':
      '{channel} は他の組織と共有されるようになりました（Slack Connect）。Warden はそこに検出結果の詳細を投稿せず、{internal} への案内のみを投稿します。共有が解除されるか、ルートで `allowExternal: true` が設定されると詳細が戻ります。',
    'connect.outsider':
      ':no_entry_sign: {organisation} の外部の人は Warden で検出結果を操作できません。何も実行されませんでした。組織内の人に対応を依頼してください。',
    'connect.theOrganisation': 'Warden をインストールした組織',
    'connect.notInstalled':
      ':no_entry_sign: Warden はあなたのワークスペースにインストールされていないため、ここから検出結果を操作できません。何も実行されませんでした。Slack 管理者に追加を依頼するか、インストール済みの場所で使用してください。',
    'install.title': 'Warden: インストール',
    'install.cancelled':
      'Slack でインストールがキャンセルされました。何もインストールされていません。Warden をインストールするには /slack/install からやり直してください。',
    'install.refusedBySlack':
      'Slack がインストールを完了しませんでした。何もインストールされていません。もう一度試すか、/slack/install からやり直してください。',
    'install.linkInvalid':
      'このインストールリンクは無効です（期限切れまたは使用済み）。何もインストールされていません。/slack/install からやり直してください。',
    'install.exchangeRefused':
      'Slack がこのインストールのワンタイムコードを受け付けませんでした（期限切れまたは使用済みの可能性があります）。何もインストールされていません。/slack/install からやり直してください。',
    'install.slackUnreachable':
      'インストールを完了するために Slack に接続できませんでした。何もインストールされていません。少し待ってから /slack/install でやり直してください。',
    'install.failed':
      'インストールが完了しませんでした。何もインストールされていません。少し待ってから /slack/install でやり直してください。',
    'install.notConfigured':
      'この{orgWide, select, yes {組織} other {ワークスペース}}では Warden が設定されていません。Warden の運用担当者に WARDEN_CONFIG workspaces への追加を依頼してください。',
  },
};
