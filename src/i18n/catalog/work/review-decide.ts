import type { Namespace } from '../types.js';

/** blockkit/access-review-words.ts: notices, reminders and deciding a review task. */
const en = {
  'review.fallbackCampaign': 'an access review',
  'review.fallbackApp': 'an app',
  'review.fallbackSubject': 'a person',
  'review.fallbackEntitlement': 'an entitlement',
  'review.fallbackReviewer': 'a reviewer without a Slack account',
  'review.noDue': 'no due date',
  'review.due': 'due {date}',
  'review.assigned':
    ':clipboard: *{campaign}* gives you {count, plural, one {# access grant} other {# access grants}} to review, {due}. Decide them here: open Warden’s Home tab, or *Review…* below.',
  'review.reminder':
    ':alarm_clock: Reminder: {count, plural, one {# of your access review} other {# of your access reviews}} in *{campaign}* {count, plural, one {is} other {are}} still open, {due}.',
  'review.certified': ':white_check_mark: Certified {task}.',
  'review.revokedAccess': ':no_entry: Revoked {task}.',
  'review.reassigned': ':arrow_right: Reassigned {task} to {to}.',
  'review.commented': ':speech_balloon: Commented on {task}.',
  'review.tenantRefused': ':no_entry_sign: The tenant refused: “{message}”. Nothing was changed.',
  'review.tenantDown':
    ':warning: The tenant did not answer. Nothing was decided as far as Warden can tell; try again in a moment.',
  'review.otherCampaign':
    ':no_entry_sign: That task is not one of this review’s (another campaign or app), so Warden did not send it. Reopen the review.',
  'review.gone': ':information_source: That task is no longer open for you (decided, reassigned or closed).',
  'review.stepUpAsked':
    ':lock: The tenant asks you to verify it is you before certifying this one: <{url}|verify at the tenant>, then press *I have verified*. Nothing is certified until then.',
  'review.stepUpMissing':
    ':lock: The tenant has no completed verification of yours for this task yet. Verify first (the link Warden sent), then press *I have verified* again.',
  'review.needsStepUp':
    '{count, plural, one {# asks for a verification first: certify it one by one.} other {# ask for a verification first: certify them one by one.}}',
  'review.reassignNoTenantUser':
    ':no_entry_sign: Warden cannot find that person’s tenant account by their Slack email, so it did not reassign.',
  'review.reassignSelf': ':information_source: That is you: pick someone else to reassign to.',
  'review.unchangedConfirm':
    'Certify all {count} open {count, plural, one {grant} other {grants}} of *{app}* in *{campaign}* unchanged? Each is recorded by the tenant as your decision.',
  'review.unchangedProgress': ':hourglass_flowing_sand: Certifying… {done} of {all}.',
  'review.unchangedDone': ':white_check_mark: Certified {ok} unchanged.',
  'review.unchangedFailed': '{failed} could not be certified (see the review).',
  'review.nothingOpen': ':tada: Nothing left to review here.',
  'review.reasonRequired': 'Say why access is revoked (the tenant records it with the decision).',
  'review.commentRequired': 'Write a comment.',
  'review.pickSomeone': 'Pick the person to reassign to.',
} as const;

export const reviewDecide: Namespace<typeof en> = {
  en,
  de: {
    'review.fallbackCampaign': 'eine Zugriffsprüfung',
    'review.fallbackApp': 'eine App',
    'review.fallbackSubject': 'eine Person',
    'review.fallbackEntitlement': 'eine Berechtigung',
    'review.fallbackReviewer': 'eine prüfende Person ohne Slack-Konto',
    'review.noDue': 'ohne Fälligkeitsdatum',
    'review.due': 'fällig {date}',
    'review.assigned':
      ':clipboard: *{campaign}* gibt Ihnen {count, plural, one {# Zugriffsberechtigung} other {# Zugriffsberechtigungen}} zu prüfen, {due}. Entscheiden Sie hier: im Home-Tab von Warden oder unten über *Überprüfen…*.',
    'review.reminder':
      ':alarm_clock: Erinnerung: {count, plural, one {# Ihrer Zugriffsprüfungen} other {# Ihrer Zugriffsprüfungen}} in *{campaign}* {count, plural, one {ist} other {sind}} noch offen, {due}.',
    'review.certified': ':white_check_mark: Bestätigt: {task}.',
    'review.revokedAccess': ':no_entry: Entzogen: {task}.',
    'review.reassigned': ':arrow_right: {task} an {to} weitergegeben.',
    'review.commented': ':speech_balloon: Kommentiert: {task}.',
    'review.tenantRefused':
      ':no_entry_sign: Der Tenant hat abgelehnt: „{message}“. Es wurde nichts geändert.',
    'review.tenantDown':
      ':warning: Der Tenant hat nicht geantwortet. Soweit Warden weiß, wurde nichts entschieden; versuchen Sie es gleich noch einmal.',
    'review.otherCampaign':
      ':no_entry_sign: Diese Aufgabe gehört nicht zu dieser Prüfung (andere Kampagne oder App), daher hat Warden sie nicht gesendet. Öffnen Sie die Prüfung erneut.',
    'review.gone':
      ':information_source: Diese Aufgabe ist für Sie nicht mehr offen (entschieden, weitergegeben oder geschlossen).',
    'review.stepUpAsked':
      ':lock: Der Tenant bittet Sie, sich vor dieser Bestätigung zu verifizieren: <{url}|beim Tenant verifizieren>, dann *Ich habe mich verifiziert* drücken. Bis dahin wird nichts bestätigt.',
    'review.stepUpMissing':
      ':lock: Der Tenant hat für diese Aufgabe noch keine abgeschlossene Verifizierung von Ihnen. Verifizieren Sie sich zuerst (über den Link von Warden) und drücken Sie dann erneut *Ich habe mich verifiziert*.',
    'review.needsStepUp':
      '{count, plural, one {# verlangt zuerst eine Verifizierung: Bestätigen Sie sie einzeln.} other {# verlangen zuerst eine Verifizierung: Bestätigen Sie sie einzeln.}}',
    'review.reassignNoTenantUser':
      ':no_entry_sign: Warden findet das Tenant-Konto dieser Person über ihre Slack-E-Mail-Adresse nicht und hat daher nicht weitergegeben.',
    'review.reassignSelf': ':information_source: Das sind Sie: Wählen Sie eine andere Person.',
    'review.unchangedConfirm':
      'Alle {count} offenen {count, plural, one {Berechtigung} other {Berechtigungen}} von *{app}* in *{campaign}* unverändert bestätigen? Der Tenant erfasst jede als Ihre Entscheidung.',
    'review.unchangedProgress': ':hourglass_flowing_sand: Wird bestätigt… {done} von {all}.',
    'review.unchangedDone': ':white_check_mark: {ok} unverändert bestätigt.',
    'review.unchangedFailed': '{failed} konnten nicht bestätigt werden (siehe Prüfung).',
    'review.nothingOpen': ':tada: Hier ist nichts mehr zu prüfen.',
    'review.reasonRequired':
      'Geben Sie an, warum der Zugriff entzogen wird (der Tenant speichert es mit der Entscheidung).',
    'review.commentRequired': 'Schreiben Sie einen Kommentar.',
    'review.pickSomeone': 'Wählen Sie die Person, an die weitergegeben wird.',
  },
  ja: {
    'review.fallbackCampaign': 'アクセスレビュー',
    'review.fallbackApp': 'アプリ',
    'review.fallbackSubject': 'ユーザー',
    'review.fallbackEntitlement': '権限',
    'review.fallbackReviewer': 'Slack アカウントのないレビュー担当者',
    'review.noDue': '期限なし',
    'review.due': '期限 {date}',
    'review.assigned':
      ':clipboard: *{campaign}* で、レビューするアクセス権が {count, plural, other {# 件}} 割り当てられました（{due}）。ここで判断できます: Warden のホームタブを開くか、下の *レビュー…* を押してください。',
    'review.reminder':
      ':alarm_clock: リマインダー: *{campaign}* のアクセスレビューのうち {count, plural, other {# 件}} がまだ未対応です（{due}）。',
    'review.certified': ':white_check_mark: 承認しました: {task}。',
    'review.revokedAccess': ':no_entry: 取り消しました: {task}。',
    'review.reassigned': ':arrow_right: {task} を {to} に再割り当てしました。',
    'review.commented': ':speech_balloon: コメントしました: {task}。',
    'review.tenantRefused': ':no_entry_sign: テナントが拒否しました:「{message}」。何も変更されていません。',
    'review.tenantDown':
      ':warning: テナントが応答しませんでした。Warden の知る限り何も判断されていません。しばらくしてから再度お試しください。',
    'review.otherCampaign':
      ':no_entry_sign: そのタスクはこのレビューのもの（別のキャンペーンまたはアプリ）ではないため、Warden は送信しませんでした。レビューを開き直してください。',
    'review.gone':
      ':information_source: そのタスクはもう未対応ではありません（判断済み、再割り当て済み、または終了）。',
    'review.stepUpAsked':
      ':lock: テナントは、これを承認する前に本人確認を求めています: <{url}|テナントで本人確認>してから、*確認しました* を押してください。それまで何も承認されません。',
    'review.stepUpMissing':
      ':lock: テナントには、このタスクに対するあなたの本人確認の完了記録がまだありません。まず本人確認（Warden が送ったリンク）を行い、もう一度 *確認しました* を押してください。',
    'review.needsStepUp': '{count, plural, other {# 件は先に本人確認が必要です: 1 件ずつ承認してください。}}',
    'review.reassignNoTenantUser':
      ':no_entry_sign: Warden はその人の Slack のメールアドレスからテナントアカウントを見つけられないため、再割り当てしませんでした。',
    'review.reassignSelf': ':information_source: それはあなた自身です。別の人を選んでください。',
    'review.unchangedConfirm':
      '{count, plural, other {*{campaign}* の *{app}* の未対応のアクセス権 {count} 件をすべて変更なしで承認しますか？ それぞれテナントにあなたの判断として記録されます。}}',
    'review.unchangedProgress': ':hourglass_flowing_sand: 承認中… {done} / {all}。',
    'review.unchangedDone': ':white_check_mark: {ok} 件を変更なしで承認しました。',
    'review.unchangedFailed': '{failed} 件は承認できませんでした（レビューを確認してください）。',
    'review.nothingOpen': ':tada: ここでレビューするものはもうありません。',
    'review.reasonRequired': 'アクセスを取り消す理由を入力してください（テナントが判断とともに記録します）。',
    'review.commentRequired': 'コメントを入力してください。',
    'review.pickSomeone': '再割り当て先の人を選んでください。',
  },
};
