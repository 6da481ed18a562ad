import type { Namespace } from '../types.js';

/** blockkit/access-review-words.ts: linking a person's tenant account, and unlinking it. */
const en = {
  'review.notConfigured':
    ':information_source: Access reviews are not set up in this Warden (WARDEN_CONFIG `reviews`): decide them in the console.',
  'review.linkStart':
    ':key: To decide your access reviews here as yourself, sign in to the tenant: <{url}|open the sign-in page> and check it shows the code *{code}*. The code works for {minutes} minutes. Warden then keeps a personal credential of yours, sealed, and uses it only for what you decide here.',
  'review.linkStartUnlinkable':
    ':warning: Warden could not start the tenant sign-in just now. Nothing was changed; try again in a moment.',
  'review.linked':
    ':white_check_mark: Linked. Your decisions in Slack are now recorded by the tenant as yours (personal client “{client}”). `/warden unlink` removes it.',
  'review.alreadyLinked':
    ':information_source: You are already linked. `/warden unlink` first to link again.',
  'review.linkInProgress':
    ':hourglass: A tenant sign-in for you is already waiting. Finish it, or wait for it to expire, then try again.',
  'review.linkExpired':
    ':hourglass: The tenant sign-in expired before it was approved. Nothing was kept; `/warden link` to start again.',
  'review.linkDenied': ':no_entry_sign: The tenant sign-in was denied. Nothing was kept.',
  'review.linkFailed':
    ':warning: The tenant sign-in did not complete ({why}). Nothing was kept; try `/warden link` again.',
  'review.linkMismatch':
    ':no_entry_sign: The account that signed in at the tenant is not the one your Slack email belongs to, so Warden did not link it. Nothing was kept. Sign in as yourself.',
  'review.linkNoTenantUser':
    ':no_entry_sign: Warden cannot tell which tenant account is yours ({why}), so it cannot link one. Nothing was kept.',
  'review.notLinked':
    ':key: Link your tenant account first, so the tenant records your decisions as yours: `/warden link` (or *Link* on Warden’s Home tab). Nothing was sent to the tenant.',
  'review.unlinked':
    ':wave: Unlinked: Warden deleted your personal credential at the tenant and forgot it. `/warden link` to link again.',
  'review.unlinkedLocalOnly':
    ':wave: Unlinked. The tenant did not confirm deleting your personal credential (it may be gone already); Warden forgot it. Check your personal clients in the console.',
  'review.notLinkedToUnlink': ':information_source: You are not linked; there is nothing to unlink.',
  'review.revoked':
    ':warning: The tenant no longer accepts your personal credential (it was revoked, or your account was disabled). Warden unlinked you and sent nothing. `/warden link` to link again.',
  'review.linkButton': 'Link my tenant account',
  'review.linkShort': 'Link',
} as const;

export const reviewLink: Namespace<typeof en> = {
  en,
  de: {
    'review.notConfigured':
      ':information_source: Zugriffsprüfungen sind in diesem Warden nicht eingerichtet (WARDEN_CONFIG `reviews`): Entscheiden Sie sie in der Konsole.',
    'review.linkStart':
      ':key: Um Ihre Zugriffsprüfungen hier selbst zu entscheiden, melden Sie sich beim Tenant an: <{url}|Anmeldeseite öffnen> und prüfen Sie, dass dort der Code *{code}* steht. Der Code gilt {minutes} Minuten. Warden bewahrt danach eine persönliche Anmeldeinformation von Ihnen versiegelt auf und nutzt sie nur für das, was Sie hier entscheiden.',
    'review.linkStartUnlinkable':
      ':warning: Warden konnte die Anmeldung beim Tenant gerade nicht starten. Es wurde nichts geändert; versuchen Sie es gleich noch einmal.',
    'review.linked':
      ':white_check_mark: Verknüpft. Der Tenant erfasst Ihre Entscheidungen in Slack jetzt als Ihre eigenen (persönlicher Client „{client}“). `/warden unlink` entfernt ihn.',
    'review.alreadyLinked':
      ':information_source: Sie sind bereits verknüpft. Zuerst `/warden unlink`, um neu zu verknüpfen.',
    'review.linkInProgress':
      ':hourglass: Eine Anmeldung beim Tenant für Sie wartet bereits. Schließen Sie sie ab oder warten Sie, bis sie abläuft, und versuchen Sie es dann erneut.',
    'review.linkExpired':
      ':hourglass: Die Anmeldung beim Tenant ist abgelaufen, bevor sie bestätigt wurde. Es wurde nichts gespeichert; mit `/warden link` beginnen Sie neu.',
    'review.linkDenied':
      ':no_entry_sign: Die Anmeldung beim Tenant wurde abgelehnt. Es wurde nichts gespeichert.',
    'review.linkFailed':
      ':warning: Die Anmeldung beim Tenant wurde nicht abgeschlossen ({why}). Es wurde nichts gespeichert; versuchen Sie `/warden link` erneut.',
    'review.linkMismatch':
      ':no_entry_sign: Das beim Tenant angemeldete Konto gehört nicht zu Ihrer Slack-E-Mail-Adresse, daher hat Warden es nicht verknüpft. Es wurde nichts gespeichert. Melden Sie sich mit Ihrem eigenen Konto an.',
    'review.linkNoTenantUser':
      ':no_entry_sign: Warden kann nicht feststellen, welches Tenant-Konto Ihnen gehört ({why}), und kann daher keines verknüpfen. Es wurde nichts gespeichert.',
    'review.notLinked':
      ':key: Verknüpfen Sie zuerst Ihr Tenant-Konto, damit der Tenant Ihre Entscheidungen als Ihre eigenen erfasst: `/warden link` (oder *Verknüpfen* im Home-Tab von Warden). Es wurde nichts an den Tenant gesendet.',
    'review.unlinked':
      ':wave: Verknüpfung aufgehoben: Warden hat Ihre persönliche Anmeldeinformation beim Tenant gelöscht und vergessen. Mit `/warden link` verknüpfen Sie erneut.',
    'review.unlinkedLocalOnly':
      ':wave: Verknüpfung aufgehoben. Der Tenant hat das Löschen Ihrer persönlichen Anmeldeinformation nicht bestätigt (vielleicht ist sie schon entfernt); Warden hat sie vergessen. Prüfen Sie Ihre persönlichen Clients in der Konsole.',
    'review.notLinkedToUnlink': ':information_source: Sie sind nicht verknüpft; es gibt nichts aufzuheben.',
    'review.revoked':
      ':warning: Der Tenant akzeptiert Ihre persönliche Anmeldeinformation nicht mehr (sie wurde entzogen oder Ihr Konto deaktiviert). Warden hat die Verknüpfung aufgehoben und nichts gesendet. Mit `/warden link` verknüpfen Sie erneut.',
    'review.linkButton': 'Mein Tenant-Konto verknüpfen',
    'review.linkShort': 'Verknüpfen',
  },
  ja: {
    'review.notConfigured':
      ':information_source: この Warden ではアクセスレビューが設定されていません（WARDEN_CONFIG `reviews`）。コンソールで判断してください。',
    'review.linkStart':
      ':key: ご自身としてここでアクセスレビューを判断するには、テナントにサインインしてください: <{url}|サインインページを開く>。コード *{code}* が表示されていることを確認してください。コードの有効期間は {minutes} 分です。その後 Warden はあなたの個人用認証情報を封印して保管し、ここで判断した内容にのみ使用します。',
    'review.linkStartUnlinkable':
      ':warning: Warden は現在テナントのサインインを開始できませんでした。何も変更されていません。しばらくしてから再度お試しください。',
    'review.linked':
      ':white_check_mark: 連携しました。Slack での判断は、テナントにあなた自身の判断として記録されます（個人用クライアント「{client}」）。`/warden unlink` で解除できます。',
    'review.alreadyLinked':
      ':information_source: すでに連携済みです。再度連携するには、先に `/warden unlink` を実行してください。',
    'review.linkInProgress':
      ':hourglass: あなたのテナントサインインがすでに待機中です。完了するか期限切れになるのを待ってから、再度お試しください。',
    'review.linkExpired':
      ':hourglass: テナントのサインインは承認される前に期限切れになりました。何も保存されていません。`/warden link` でやり直してください。',
    'review.linkDenied': ':no_entry_sign: テナントのサインインが拒否されました。何も保存されていません。',
    'review.linkFailed':
      ':warning: テナントのサインインが完了しませんでした（{why}）。何も保存されていません。もう一度 `/warden link` をお試しください。',
    'review.linkMismatch':
      ':no_entry_sign: テナントにサインインしたアカウントが、あなたの Slack のメールアドレスのものではないため、Warden は連携しませんでした。何も保存されていません。ご自身のアカウントでサインインしてください。',
    'review.linkNoTenantUser':
      ':no_entry_sign: Warden はどのテナントアカウントがあなたのものか判別できないため（{why}）、連携できません。何も保存されていません。',
    'review.notLinked':
      ':key: テナントがあなたの判断をあなた自身のものとして記録できるよう、まずテナントアカウントを連携してください: `/warden link`（または Warden のホームタブの *連携*）。テナントには何も送信されていません。',
    'review.unlinked':
      ':wave: 連携を解除しました: Warden はテナント上のあなたの個人用認証情報を削除し、破棄しました。再度連携するには `/warden link` を実行してください。',
    'review.unlinkedLocalOnly':
      ':wave: 連携を解除しました。テナントは個人用認証情報の削除を確認しませんでした（すでに削除されている可能性があります）。Warden はそれを破棄しました。コンソールで個人用クライアントを確認してください。',
    'review.notLinkedToUnlink': ':information_source: 連携されていないため、解除するものはありません。',
    'review.revoked':
      ':warning: テナントはあなたの個人用認証情報を受け付けなくなりました（取り消されたか、アカウントが無効化されています）。Warden は連携を解除し、何も送信しませんでした。再度連携するには `/warden link` を実行してください。',
    'review.linkButton': 'テナントアカウントを連携',
    'review.linkShort': '連携',
  },
};
