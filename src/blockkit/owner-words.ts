import type { MessageKey } from '../i18n/catalog/index.js';
import { t } from '../i18n/speak.js';
import type { NoSlackPerson, NoTenantUser, OwnerPerson } from '../ports/owners.js';
import { code, mention, safeMrkdwn, slackDate } from './mrkdwn.js';

/**
 * What Warden says when a person cannot be mapped between the tenant and Slack: what is missing
 * and what to do about it. No email is ever named.
 */

/** "Bob Brown (`IU_BOB`)", or the id alone. */
export function tenantName(identityUserId: string, name: string | undefined): string {
  const id = code(identityUserId, 80);
  return name ? t('ownerWords.tenantName', { name: safeMrkdwn(name, 80), id }) : id;
}

const NO_SLACK_PERSON: Record<NoSlackPerson, MessageKey> = {
  'no-tenant-user': 'ownerWords.noSlack.noTenantUser',
  'no-email': 'ownerWords.noSlack.noEmail',
  'not-in-slack': 'ownerWords.noSlack.notInSlack',
  'emails-hidden': 'ownerWords.noSlack.emailsHidden',
  'other-organisation': 'ownerWords.noSlack.otherOrganisation',
  unavailable: 'ownerWords.noSlack.unavailable',
};

/** Why the owner gets no message: "The owner, Build Service (`IU_NOEMAIL`), has no email …". */
export function noSlackPersonText(person: OwnerPerson): string {
  const why = t(NO_SLACK_PERSON[person.why ?? 'not-in-slack']);
  return t('ownerWords.noSlackPerson', { owner: tenantName(person.identityUserId, person.name), why });
}

const NO_TENANT_USER: Record<NoTenantUser, MessageKey> = {
  'slack-user-unknown': 'ownerWords.noTenant.slackUserUnknown',
  deactivated: 'ownerWords.noTenant.deactivated',
  bot: 'ownerWords.noTenant.bot',
  'other-organisation': 'ownerWords.noTenant.otherOrganisation',
  'email-hidden': 'ownerWords.noTenant.emailHidden',
  'no-tenant-user': 'ownerWords.noTenant.noTenantUser',
  ambiguous: 'ownerWords.noTenant.ambiguous',
  unavailable: 'ownerWords.noTenant.unavailable',
};

/** Why a Slack member cannot be made the owner: "@dave has no user in the tenant …". */
export function noTenantUserText(slackUserId: string, why: NoTenantUser): string {
  return t('ownerWords.noTenantUser', { who: mention(slackUserId), why: t(NO_TENANT_USER[why]) });
}

/**
 * Notify owner clicked again within the cooldown: nothing is sent; who sent it and when, in the
 * reader's time zone, and when it may go again.
 */
export function alreadyNotifiedText(n: {
  owner: string;
  by: string;
  at: Date;
  again: Date;
  you: string;
}): string {
  const values = { owner: mention(n.owner), at: slackDate(n.at), again: slackDate(n.again) };
  return n.by === n.you
    ? t('ownerWords.alreadyNotifiedByYou', values)
    : t('ownerWords.alreadyNotified', { ...values, by: mention(n.by) });
}
