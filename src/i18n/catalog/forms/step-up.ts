import type { Namespace } from '../types.js';

/**
 * Step-up verification (blockkit/step-up-words.ts): what people are told in Slack, and on the page
 * their browser shows around the sign-in (plain text; the HTTP route escapes it). `{what}` is a
 * verb phrase ("snooze finding `F1`"): German and Japanese place it where their grammar can take
 * a bare infinitive or a noun phrase.
 */
const en = {
  'stepUp.why.unknown': 'this link is not one Warden sent',
  'stepUp.why.used': 'this link was already used (each link works once)',
  'stepUp.why.expired': 'this link expired (it is valid for 5 minutes)',
  'stepUp.why.idpError': 'the identity provider did not complete the sign-in',
  'stepUp.why.badResponse': 'the identity provider’s answer did not pass Warden’s checks',
  'stepUp.why.mismatch': 'the account that signed in is not the Slack person the link was sent to',
  'stepUp.why.noEmail':
    'Slack does not show Warden your email address, so the sign-in cannot be matched to you',
  'stepUp.why.stale': 'the sign-in was not a fresh one',
  'stepUp.why.weak': 'the sign-in was not as strong as required (e.g. without a second factor)',
  'stepUp.why.otherBrowser':
    'the sign-in came back to a different browser than the one that opened the link (open the link and sign in in the same browser)',
  'stepUp.why.unverifiedEmail':
    'the identity provider has not verified the email address of the account that signed in',
  'stepUp.why.deactivated': 'your Slack account is deactivated',
  'stepUp.why.notConfigured': 'step-up verification is not configured',
  'stepUp.whatApprove': 'approve the risk acceptance request',
  'stepUp.whatDeny': 'deny the risk acceptance request',
  'stepUp.whatBulk':
    '{count, plural, one {change {count} finding at once} other {change {count} findings at once}}',
  'stepUp.whatLink': 'link your tenant account to Warden',
  'stepUp.whatReview':
    '{action, select, certify {certify} revoke {revoke} reassign {reassign} other {{action}}} access in a review',
  'stepUp.whatAttest':
    'answer about {target, select, one {finding {finding}} many {{count} findings} other {the finding}}',
  'stepUp.whatAction':
    '{action, select, snooze {snooze} suppress {suppress} acceptRisk {accept the risk of} unsuppress {unsuppress} resolve {resolve} reopen {reopen} containRevoke {revoke the access of} containOffboard {offboard the person of} other {{action}}}{target, select, one { finding {finding}} many { {count} findings} other {}}',
  'stepUp.asked':
    ':lock: To {what}, verify it is you: <{link}|sign in at your identity provider>. The link works once, only for you, for {minutes} minutes. Nothing is sent to the tenant until you do.',
  'stepUp.refusedInSlack': ':no_entry: Verification refused: {why}. Nothing was sent to the tenant ({what}).',
  'stepUp.passedInSlack': ':white_check_mark: Verified at {at}: sending it ({what}).',
  'stepUp.verifiedMark': '(verified at {at})',
  'stepUp.page.title': 'Warden: verification',
  'stepUp.page.confirm': 'Warden asks you to verify it is you before it will {what}.',
  'stepUp.page.warning':
    'Continue only if you asked for this in Slack yourself, a few minutes ago: you will sign in at your identity provider, in this browser.',
  'stepUp.page.button': 'Continue to sign in',
  'stepUp.page.noCookie':
    'This browser did not open the link, or does not keep Warden’s cookie: open the link from Slack again in this browser (cookies allowed for this site). The link still works.',
  'stepUp.page.passed':
    'Verified. Warden is sending the change; the outcome is in Slack. You can close this page.',
  'stepUp.page.refused': 'Verification refused: {why}. Nothing was sent. You can close this page.',
  'stepUp.page.unavailable':
    'The identity provider cannot be reached now. The link still works: try it again in a moment.',
} as const;

export const stepUp: Namespace<typeof en> = {
  en,
  de: {
    'stepUp.why.unknown': 'dieser Link stammt nicht von Warden',
    'stepUp.why.used': 'dieser Link wurde bereits verwendet (jeder Link funktioniert nur einmal)',
    'stepUp.why.expired': 'dieser Link ist abgelaufen (er gilt 5 Minuten)',
    'stepUp.why.idpError': 'der Identitätsanbieter hat die Anmeldung nicht abgeschlossen',
    'stepUp.why.badResponse':
      'die Antwort des Identitätsanbieters hat die Prüfungen von Warden nicht bestanden',
    'stepUp.why.mismatch':
      'das angemeldete Konto gehört nicht der Slack-Person, an die der Link gesendet wurde',
    'stepUp.why.noEmail':
      'Slack zeigt Warden Ihre E-Mail-Adresse nicht, daher kann die Anmeldung Ihnen nicht zugeordnet werden',
    'stepUp.why.stale': 'die Anmeldung war keine frische',
    'stepUp.why.weak': 'die Anmeldung war nicht so stark wie verlangt (z. B. ohne zweiten Faktor)',
    'stepUp.why.otherBrowser':
      'die Anmeldung kam in einem anderen Browser zurück als dem, der den Link geöffnet hat (öffnen Sie den Link und melden Sie sich im selben Browser an)',
    'stepUp.why.unverifiedEmail':
      'der Identitätsanbieter hat die E-Mail-Adresse des angemeldeten Kontos nicht bestätigt',
    'stepUp.why.deactivated': 'Ihr Slack-Konto ist deaktiviert',
    'stepUp.why.notConfigured': 'die erneute Anmeldung ist nicht eingerichtet',
    'stepUp.whatApprove': 'die Anfrage zur Risikoakzeptanz genehmigen',
    'stepUp.whatDeny': 'die Anfrage zur Risikoakzeptanz ablehnen',
    'stepUp.whatBulk':
      '{count, plural, one {{count} Finding auf einmal ändern} other {{count} Findings auf einmal ändern}}',
    'stepUp.whatLink': 'Ihr Tenant-Konto mit Warden verknüpfen',
    'stepUp.whatReview':
      'Zugriff in einer Zugriffsprüfung {action, select, certify {bestätigen} revoke {entziehen} reassign {neu zuweisen} other {bearbeiten ({action})}}',
    'stepUp.whatAttest':
      'zu {target, select, one {Finding {finding}} many {{count} Findings} other {dem Finding}} antworten',
    'stepUp.whatAction':
      '{target, select, one {Finding {finding} } many {{count} Findings } other {}}{action, select, snooze {zurückstellen} suppress {unterdrücken} acceptRisk {als Risiko akzeptieren} unsuppress {nicht mehr unterdrücken} resolve {beheben} reopen {wieder öffnen} containRevoke {eindämmen: Zugriff entziehen} containOffboard {eindämmen: Offboarding starten} other {{action}}}',
    'stepUp.asked':
      ':lock: Bestätigen Sie, dass Sie es sind ({what}): <{link}|melden Sie sich bei Ihrem Identitätsanbieter an>. Der Link funktioniert einmal, nur für Sie, {minutes} Minuten lang. Bis dahin wird nichts an den Tenant gesendet.',
    'stepUp.refusedInSlack':
      ':no_entry: Bestätigung abgelehnt: {why}. Es wurde nichts an den Tenant gesendet ({what}).',
    'stepUp.passedInSlack': ':white_check_mark: Bestätigt um {at}: wird gesendet ({what}).',
    'stepUp.verifiedMark': '(bestätigt um {at})',
    'stepUp.page.title': 'Warden: Bestätigung',
    'stepUp.page.confirm': 'Warden bittet Sie zu bestätigen, dass Sie es sind, bevor es dies tut: {what}.',
    'stepUp.page.warning':
      'Fahren Sie nur fort, wenn Sie dies vor wenigen Minuten selbst in Slack angefordert haben: Sie melden sich in diesem Browser bei Ihrem Identitätsanbieter an.',
    'stepUp.page.button': 'Weiter zur Anmeldung',
    'stepUp.page.noCookie':
      'Dieser Browser hat den Link nicht geöffnet oder speichert das Cookie von Warden nicht: Öffnen Sie den Link aus Slack erneut in diesem Browser (Cookies für diese Website erlaubt). Der Link funktioniert noch.',
    'stepUp.page.passed':
      'Bestätigt. Warden sendet die Änderung; das Ergebnis steht in Slack. Sie können diese Seite schließen.',
    'stepUp.page.refused':
      'Bestätigung abgelehnt: {why}. Es wurde nichts gesendet. Sie können diese Seite schließen.',
    'stepUp.page.unavailable':
      'Der Identitätsanbieter ist gerade nicht erreichbar. Der Link funktioniert noch: Versuchen Sie es gleich noch einmal.',
  },
  ja: {
    'stepUp.why.unknown': 'このリンクは Warden が送ったものではありません',
    'stepUp.why.used': 'このリンクは使用済みです (各リンクは 1 回だけ有効です)',
    'stepUp.why.expired': 'このリンクは期限切れです (有効期間は 5 分です)',
    'stepUp.why.idpError': 'ID プロバイダーがサインインを完了しませんでした',
    'stepUp.why.badResponse': 'ID プロバイダーの応答が Warden の検査に合格しませんでした',
    'stepUp.why.mismatch': 'サインインしたアカウントは、リンクの送信先の Slack ユーザーではありません',
    'stepUp.why.noEmail':
      'Slack が Warden にあなたのメールアドレスを開示していないため、サインインをあなたと照合できません',
    'stepUp.why.stale': 'サインインが新しいものではありませんでした',
    'stepUp.why.weak': 'サインインの強度が要件を満たしていません (例: 2 要素目なし)',
    'stepUp.why.otherBrowser':
      'サインインがリンクを開いたブラウザとは別のブラウザに戻りました (同じブラウザでリンクを開いてサインインしてください)',
    'stepUp.why.unverifiedEmail':
      'ID プロバイダーがサインインしたアカウントのメールアドレスを確認していません',
    'stepUp.why.deactivated': 'あなたの Slack アカウントは無効化されています',
    'stepUp.why.notConfigured': '再サインインが設定されていません',
    'stepUp.whatApprove': 'リスク受容の依頼を承認',
    'stepUp.whatDeny': 'リスク受容の依頼を却下',
    'stepUp.whatBulk': '{count, plural, other {{count} 件の検出結果を一括変更}}',
    'stepUp.whatLink': 'テナントのアカウントを Warden にリンク',
    'stepUp.whatReview':
      'アクセスレビューでアクセスを{action, select, certify {承認} revoke {取り消し} reassign {再割り当て} other {処理 ({action})}}',
    'stepUp.whatAttest':
      '{target, select, one {検出結果 {finding}} many {{count} 件の検出結果} other {検出結果}} について回答',
    'stepUp.whatAction':
      '{target, select, one {検出結果 {finding} を} many {{count} 件の検出結果を} other {}}{action, select, snooze {スヌーズ} suppress {抑制} acceptRisk {リスク受容} unsuppress {抑制解除} resolve {解決} reopen {再オープン} containRevoke {封じ込め (アクセスの取り消し)} containOffboard {封じ込め (オフボーディング)} other {{action}}}',
    'stepUp.asked':
      ':lock: {what} を行うには本人確認が必要です: <{link}|ID プロバイダーでサインイン>してください。リンクはあなた専用で、1 回だけ、{minutes} 分間有効です。確認が済むまでテナントには何も送信されません。',
    'stepUp.refusedInSlack':
      ':no_entry: 本人確認が拒否されました: {why}。テナントには何も送信されていません ({what})。',
    'stepUp.passedInSlack': ':white_check_mark: {at} に本人確認済み: 送信します ({what})。',
    'stepUp.verifiedMark': '({at} に本人確認済み)',
    'stepUp.page.title': 'Warden: 本人確認',
    'stepUp.page.confirm': 'Warden は次の操作の前に本人確認を求めています: {what}。',
    'stepUp.page.warning':
      '数分前に自分で Slack からこの操作を依頼した場合にのみ続行してください。このブラウザで ID プロバイダーにサインインします。',
    'stepUp.page.button': 'サインインに進む',
    'stepUp.page.noCookie':
      'このブラウザはリンクを開いていないか、Warden の Cookie を保持していません。このブラウザで Slack からもう一度リンクを開いてください (このサイトの Cookie を許可)。リンクはまだ有効です。',
    'stepUp.page.passed':
      '本人確認が完了しました。Warden が変更を送信しています。結果は Slack に表示されます。このページは閉じてかまいません。',
    'stepUp.page.refused':
      '本人確認が拒否されました: {why}。何も送信されていません。このページは閉じてかまいません。',
    'stepUp.page.unavailable':
      '現在 ID プロバイダーに接続できません。リンクはまだ有効です。少ししてからもう一度お試しください。',
  },
};
