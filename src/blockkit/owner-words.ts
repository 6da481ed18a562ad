import type { NoSlackPerson, NoTenantUser, OwnerPerson } from '../ports/owners.js';
import { code, mention, safeMrkdwn, slackDate } from './mrkdwn.js';

/**
 * What Warden says when a person cannot be mapped between the tenant and Slack: what is missing
 * and what to do about it. No email is ever named.
 */

/** "Bob Brown (`IU_BOB`)", or the id alone. */
export function tenantName(identityUserId: string, name: string | undefined): string {
  return name ? `${safeMrkdwn(name, 80)} (${code(identityUserId, 80)})` : code(identityUserId, 80);
}

const NO_SLACK_PERSON: Record<NoSlackPerson, string> = {
  'no-tenant-user': 'is not in the tenant’s user directory',
  'no-email': 'has no email in the tenant, so Warden cannot find them in Slack',
  'not-in-slack':
    'has no Slack account Warden can find by their email (not a member, deactivated, or their email is hidden)',
  'emails-hidden': 'cannot be looked up: Warden may not read emails in this workspace (users:read.email)',
  'other-organisation':
    'matches only a person of another organisation in Slack (a shared channel), whom Warden does not take for them',
  unavailable: 'could not be looked up just now (the tenant or Slack did not answer); try again in a minute',
};

/** Why the owner gets no message: "The owner, Build Service (`IU_NOEMAIL`), has no email …". */
export function noSlackPersonText(person: OwnerPerson): string {
  const why = NO_SLACK_PERSON[person.why ?? 'not-in-slack'];
  return `The owner, ${tenantName(person.identityUserId, person.name)}, ${why}.`;
}

const NO_TENANT_USER: Record<NoTenantUser, string> = {
  'slack-user-unknown': 'is not a member of this workspace',
  deactivated: 'is deactivated in Slack',
  bot: 'is a bot, not a person the tenant knows',
  'other-organisation':
    'belongs to another organisation (a shared channel): only people of this workspace can own findings',
  'email-hidden':
    'has no email Warden can see in Slack (hidden by the workspace), so Warden cannot find them in the tenant',
  'no-tenant-user': 'has no user in the tenant with their email',
  ambiguous: 'matches several users in the tenant by email; assign the owner in the tenant instead',
  unavailable: 'could not be looked up just now (Slack or the tenant did not answer); try again in a minute',
};

/** Why a Slack member cannot be made the owner: "@dave has no user in the tenant …". */
export function noTenantUserText(slackUserId: string, why: NoTenantUser): string {
  return `${mention(slackUserId)} ${NO_TENANT_USER[why]}.`;
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
  const by = n.by === n.you ? 'you' : mention(n.by);
  return (
    `:information_source: ${mention(n.owner)} was already sent this finding ${slackDate(n.at)} (by ${by}); ` +
    `Warden does not send it to them again before ${slackDate(n.again)}.`
  );
}
