import type { Namespace } from '../types.js';

/** blockkit/owner-words.ts: why a person cannot be mapped between the tenant and Slack. */
const en = {
  'ownerWords.tenantName': '{name} ({id})',
  'ownerWords.noSlackPerson': 'The owner, {owner}, {why}.',
  'ownerWords.noSlack.noTenantUser': 'is not in the tenant’s user directory',
  'ownerWords.noSlack.noEmail': 'has no email in the tenant, so Warden cannot find them in Slack',
  'ownerWords.noSlack.notInSlack':
    'has no Slack account Warden can find by their email (not a member, deactivated, or their email is hidden)',
  'ownerWords.noSlack.emailsHidden':
    'cannot be looked up: Warden may not read emails in this workspace (users:read.email)',
  'ownerWords.noSlack.otherOrganisation':
    'matches only a person of another organisation in Slack (a shared channel), whom Warden does not take for them',
  'ownerWords.noSlack.unavailable':
    'could not be looked up just now (the tenant or Slack did not answer); try again in a minute',
  'ownerWords.noTenantUser': '{who} {why}.',
  'ownerWords.noTenant.slackUserUnknown': 'is not a member of this workspace',
  'ownerWords.noTenant.deactivated': 'is deactivated in Slack',
  'ownerWords.noTenant.bot': 'is a bot, not a person the tenant knows',
  'ownerWords.noTenant.otherOrganisation':
    'belongs to another organisation (a shared channel): only people of this workspace can own findings',
  'ownerWords.noTenant.emailHidden':
    'has no email Warden can see in Slack (hidden by the workspace), so Warden cannot find them in the tenant',
  'ownerWords.noTenant.noTenantUser': 'has no user in the tenant with their email',
  'ownerWords.noTenant.ambiguous':
    'matches several users in the tenant by email; assign the owner in the tenant instead',
  'ownerWords.noTenant.unavailable':
    'could not be looked up just now (Slack or the tenant did not answer); try again in a minute',
  'ownerWords.alreadyNotified':
    ':information_source: {owner} was already sent this finding {at} (by {by}); Warden does not send it to them again before {again}.',
  'ownerWords.alreadyNotifiedByYou':
    ':information_source: {owner} was already sent this finding {at} (by you); Warden does not send it to them again before {again}.',
} as const;

export const cardOwner: Namespace<typeof en> = {
  en,
  de: {
    'ownerWords.tenantName': '{name} ({id})',
    'ownerWords.noSlackPerson': 'Die verantwortliche Person, {owner}, {why}.',
    'ownerWords.noSlack.noTenantUser': 'ist nicht im Benutzerverzeichnis des Tenants',
    'ownerWords.noSlack.noEmail':
      'hat keine E-Mail-Adresse im Tenant, daher kann Warden sie in Slack nicht finden',
    'ownerWords.noSlack.notInSlack':
      'hat kein Slack-Konto, das Warden über die E-Mail-Adresse finden kann (kein Mitglied, deaktiviert oder E-Mail-Adresse verborgen)',
    'ownerWords.noSlack.emailsHidden':
      'kann nicht nachgeschlagen werden: Warden darf in diesem Workspace keine E-Mail-Adressen lesen (users:read.email)',
    'ownerWords.noSlack.otherOrganisation':
      'entspricht in Slack nur einer Person einer anderen Organisation (geteilter Channel), die Warden nicht für sie hält',
    'ownerWords.noSlack.unavailable':
      'konnte gerade nicht nachgeschlagen werden (Tenant oder Slack haben nicht geantwortet); versuchen Sie es in einer Minute erneut',
    'ownerWords.noTenantUser': '{who} {why}.',
    'ownerWords.noTenant.slackUserUnknown': 'ist kein Mitglied dieses Workspace',
    'ownerWords.noTenant.deactivated': 'ist in Slack deaktiviert',
    'ownerWords.noTenant.bot': 'ist ein Bot, keine Person, die der Tenant kennt',
    'ownerWords.noTenant.otherOrganisation':
      'gehört zu einer anderen Organisation (geteilter Channel): Nur Personen dieses Workspace können für Findings verantwortlich sein',
    'ownerWords.noTenant.emailHidden':
      'hat keine E-Mail-Adresse, die Warden in Slack sehen kann (vom Workspace verborgen), daher kann Warden sie im Tenant nicht finden',
    'ownerWords.noTenant.noTenantUser': 'hat keinen Benutzer mit dieser E-Mail-Adresse im Tenant',
    'ownerWords.noTenant.ambiguous':
      'entspricht per E-Mail mehreren Benutzern im Tenant; weisen Sie die Verantwortlichen stattdessen im Tenant zu',
    'ownerWords.noTenant.unavailable':
      'konnte gerade nicht nachgeschlagen werden (Slack oder der Tenant haben nicht geantwortet); versuchen Sie es in einer Minute erneut',
    'ownerWords.alreadyNotified':
      ':information_source: {owner} hat dieses Finding bereits {at} erhalten (von {by}); Warden schickt es ihr oder ihm nicht vor {again} erneut.',
    'ownerWords.alreadyNotifiedByYou':
      ':information_source: {owner} hat dieses Finding bereits {at} erhalten (von Ihnen); Warden schickt es ihr oder ihm nicht vor {again} erneut.',
  },
  ja: {
    'ownerWords.tenantName': '{name}（{id}）',
    'ownerWords.noSlackPerson': '担当者 {owner} は{why}。',
    'ownerWords.noSlack.noTenantUser': 'テナントのユーザーディレクトリにいません',
    'ownerWords.noSlack.noEmail': 'テナントにメールアドレスがないため、Warden は Slack で見つけられません',
    'ownerWords.noSlack.notInSlack':
      'メールアドレスで Warden が見つけられる Slack アカウントがありません（メンバーでない、無効化されている、またはメールアドレスが非公開）',
    'ownerWords.noSlack.emailsHidden':
      '検索できません。Warden はこのワークスペースでメールアドレスを読み取れません（users:read.email）',
    'ownerWords.noSlack.otherOrganisation':
      'Slack では別の組織のユーザー（共有チャンネル）にしか一致せず、Warden はその人を本人とみなしません',
    'ownerWords.noSlack.unavailable':
      '現在検索できませんでした（テナントまたは Slack が応答しませんでした）。1 分後にもう一度お試しください',
    'ownerWords.noTenantUser': '{who} は{why}。',
    'ownerWords.noTenant.slackUserUnknown': 'このワークスペースのメンバーではありません',
    'ownerWords.noTenant.deactivated': 'Slack で無効化されています',
    'ownerWords.noTenant.bot': 'ボットであり、テナントが知っている人ではありません',
    'ownerWords.noTenant.otherOrganisation':
      '別の組織に属しています（共有チャンネル）。検出結果の担当者になれるのはこのワークスペースのメンバーだけです',
    'ownerWords.noTenant.emailHidden':
      'Slack で Warden が参照できるメールアドレスがない（ワークスペースで非公開）ため、Warden はテナントで見つけられません',
    'ownerWords.noTenant.noTenantUser': 'そのメールアドレスのユーザーがテナントにいません',
    'ownerWords.noTenant.ambiguous':
      'メールアドレスでテナントの複数のユーザーに一致します。テナントで担当者を割り当ててください',
    'ownerWords.noTenant.unavailable':
      '現在検索できませんでした（Slack またはテナントが応答しませんでした）。1 分後にもう一度お試しください',
    'ownerWords.alreadyNotified':
      ':information_source: {owner} にはこの検出結果を {at} にすでに送信済みです（送信者 {by}）。Warden は {again} までは再送しません。',
    'ownerWords.alreadyNotifiedByYou':
      ':information_source: {owner} にはこの検出結果を {at} にすでに送信済みです（送信者: あなた）。Warden は {again} までは再送しません。',
  },
};
