import type { Namespace } from '../types.js';

/**
 * blockkit/failure.ts: what went wrong, for the person who asked. `what` is an action in words
 * ("snooze finding `X`"; German a zu-infinitive, Japanese a verb stem before できません).
 */
const en = {
  'failure.ref': '{text} _(ref {ref})_',
  'failure.slackRateLimited':
    ':hourglass: Slack is limiting how fast Warden can post here right now, so it could not {what}. Try again in a minute.',
  'failure.notInChannel':
    ':warning: Warden is not in this channel ({code}), so it could not {what}. Invite it with `/invite @Warden` and try again.',
  'failure.slackRefused':
    ":warning: Slack refused while Warden tried to {what} ({code}). Try again; if it repeats, an admin can look up the ref in Warden's log.",
  'failure.internal':
    ":warning: Something went wrong in Warden while trying to {what}. Nothing is shown as done that was not; an admin can look up the ref in Warden's log.",
  'failure.readBack':
    ':white_check_mark: The tenant made the change, but Warden could not read the finding back to show it; the alert still shows it as it was. Use `show` to refresh it.',
  'failure.tenantSaid': ' The tenant said: “{said}”.',
  'failure.notFound': ':mag: The tenant has no such item: could not {what}. Check the id.',
  'failure.invalid':
    ':no_entry: The tenant refused to {what}.{said} The alert still shows the finding as it is.',
  'failure.conflict':
    ':twisted_rightwards_arrows: The finding changed meanwhile, so Warden could not {what}. Look at its current state and try again.{said}',
  'failure.permission':
    ":lock: Warden's tenant credentials are not allowed to {what}.{said} Ask a tenant admin to grant Warden's service principal the needed role.",
  'failure.auth':
    ":lock: Warden could not sign in to the tenant, so it could not {what}. An admin should check Warden's tenant credentials.",
  'failure.tenantRateLimited':
    ':hourglass: The tenant is rate limiting Warden; could not {what}. Try again in a minute.',
  'failure.badResponse':
    ":warning: The tenant sent an answer Warden cannot read while trying to {what}. An admin can find the details in Warden's log.",
  'failure.maybeApplied':
    ':grey_question: The tenant failed mid-way while Warden tried to {what}: it may or may not have been applied. Check the finding (`show`) before trying again.',
  'failure.unavailable':
    ':hourglass: The tenant is unavailable or not answering; could not {what}. Nothing was changed. Try again in a minute.',
} as const;

export const cardFailure: Namespace<typeof en> = {
  en,
  de: {
    'failure.ref': '{text} _(Ref. {ref})_',
    'failure.slackRateLimited':
      ':hourglass: Slack begrenzt gerade, wie schnell Warden hier posten darf; daher war es nicht möglich, {what}. Versuchen Sie es in einer Minute erneut.',
    'failure.notInChannel':
      ':warning: Warden ist nicht in diesem Channel ({code}); daher war es nicht möglich, {what}. Laden Sie Warden mit `/invite @Warden` ein und versuchen Sie es erneut.',
    'failure.slackRefused':
      ':warning: Slack hat abgelehnt, als Warden versuchte, {what} ({code}). Versuchen Sie es erneut; falls es wieder passiert, kann ein Admin die Ref. im Log von Warden nachschlagen.',
    'failure.internal':
      ':warning: In Warden ist beim Versuch, {what}, etwas schiefgegangen. Nichts wird als erledigt angezeigt, was es nicht ist; ein Admin kann die Ref. im Log von Warden nachschlagen.',
    'failure.readBack':
      ':white_check_mark: Der Tenant hat die Änderung vorgenommen, aber Warden konnte das Finding nicht erneut lesen, um sie anzuzeigen; die Meldung zeigt noch den alten Stand. Aktualisieren Sie sie mit `show`.',
    'failure.tenantSaid': ' Der Tenant meldete: „{said}“.',
    'failure.notFound':
      ':mag: Der Tenant kennt dieses Element nicht; es war nicht möglich, {what}. Prüfen Sie die ID.',
    'failure.invalid':
      ':no_entry: Der Tenant hat es abgelehnt, {what}.{said} Die Meldung zeigt das Finding weiterhin im aktuellen Stand.',
    'failure.conflict':
      ':twisted_rightwards_arrows: Das Finding hat sich inzwischen geändert; daher war es nicht möglich, {what}. Prüfen Sie den aktuellen Status und versuchen Sie es erneut.{said}',
    'failure.permission':
      ':lock: Die Tenant-Zugangsdaten von Warden erlauben es nicht, {what}.{said} Bitten Sie eine Tenant-Administration, dem Service Principal von Warden die nötige Rolle zu geben.',
    'failure.auth':
      ':lock: Warden konnte sich nicht beim Tenant anmelden; daher war es nicht möglich, {what}. Ein Admin sollte die Tenant-Zugangsdaten von Warden prüfen.',
    'failure.tenantRateLimited':
      ':hourglass: Der Tenant begrenzt die Anfragen von Warden; es war nicht möglich, {what}. Versuchen Sie es in einer Minute erneut.',
    'failure.badResponse':
      ':warning: Der Tenant hat beim Versuch, {what}, eine Antwort geschickt, die Warden nicht lesen kann. Ein Admin findet die Einzelheiten im Log von Warden.',
    'failure.maybeApplied':
      ':grey_question: Der Tenant ist beim Versuch, {what}, mittendrin ausgefallen: Die Änderung wurde möglicherweise übernommen. Prüfen Sie das Finding (`show`), bevor Sie es erneut versuchen.',
    'failure.unavailable':
      ':hourglass: Der Tenant ist nicht erreichbar oder antwortet nicht; es war nicht möglich, {what}. Es wurde nichts geändert. Versuchen Sie es in einer Minute erneut.',
  },
  ja: {
    'failure.ref': '{text} _(参照 {ref})_',
    'failure.slackRateLimited':
      ':hourglass: Slack が現在 Warden の投稿速度を制限しているため、{what}できませんでした。1 分後にもう一度お試しください。',
    'failure.notInChannel':
      ':warning: Warden がこのチャンネルに参加していないため（{code}）、{what}できませんでした。`/invite @Warden` で招待してから、もう一度お試しください。',
    'failure.slackRefused':
      ':warning: Warden が{what}しようとしたところ、Slack に拒否されました（{code}）。もう一度お試しください。繰り返し発生する場合は、管理者が Warden のログで参照番号を確認できます。',
    'failure.internal':
      ':warning: Warden で{what}しようとした際に問題が発生しました。完了していないものが完了と表示されることはありません。管理者が Warden のログで参照番号を確認できます。',
    'failure.readBack':
      ':white_check_mark: テナントは変更を適用しましたが、Warden は検出結果を読み直せなかったため、アラートは以前の状態のままです。`show` で更新してください。',
    'failure.tenantSaid': ' テナントの応答:「{said}」。',
    'failure.notFound': ':mag: テナントにその項目がないため、{what}できませんでした。ID を確認してください。',
    'failure.invalid':
      ':no_entry: テナントに拒否されたため、{what}できませんでした。{said} アラートには検出結果の現在の状態が表示されています。',
    'failure.conflict':
      ':twisted_rightwards_arrows: 検出結果がその間に変更されたため、{what}できませんでした。現在の状態を確認してから、もう一度お試しください。{said}',
    'failure.permission':
      ':lock: Warden のテナント認証情報には{what}する権限がありません。{said} テナント管理者に、Warden のサービスプリンシパルへ必要なロールを付与するよう依頼してください。',
    'failure.auth':
      ':lock: Warden がテナントにサインインできなかったため、{what}できませんでした。管理者が Warden のテナント認証情報を確認してください。',
    'failure.tenantRateLimited':
      ':hourglass: テナントが Warden のリクエストを制限しているため、{what}できませんでした。1 分後にもう一度お試しください。',
    'failure.badResponse':
      ':warning: Warden が{what}しようとした際、テナントから読み取れない応答が返されました。詳細は管理者が Warden のログで確認できます。',
    'failure.maybeApplied':
      ':grey_question: Warden が{what}しようとした途中でテナントが失敗しました。適用されたかどうかは不明です。もう一度試す前に検出結果を確認してください（`show`）。',
    'failure.unavailable':
      ':hourglass: テナントが利用できないか応答していないため、{what}できませんでした。何も変更されていません。1 分後にもう一度お試しください。',
  },
};
