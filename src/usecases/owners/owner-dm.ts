import { mention } from '../../blockkit/mrkdwn.js';
import { noPersonalOwner } from '../../blockkit/outcome-words.js';
import { noSlackPersonText, tenantName } from '../../blockkit/owner-words.js';
import { personalOwnerOf } from '../../domain/owner.js';
import { isSlackApiError } from '../../errors.js';
import type { Locale } from '../../i18n/locale.js';
import type { Finding } from '../../model/finding.js';
import type { Ports } from '../../ports/index.js';

export type OwnerDmPorts = Pick<Ports, 'owners' | 'people' | 'files' | 'settings' | 'logger'>;

/** Where a finding's owner reads their direct messages from Warden, or why there is nowhere. */
export type OwnerDm =
  | {
      ok: true;
      channel: string;
      slackUserId: string;
      identityUserId: string;
      /** The language they read Warden in (Slack's `locale`): their copy of the card speaks it. */
      locale?: Locale | undefined;
      which: 'assigned' | 'computed';
    }
  /** `text`: for the person (mrkdwn, no email); `code`: for the log and the audit. */
  | { ok: false; text: string; code: string };

/** Where a person reads Warden's direct messages, or why there is nowhere. */
export type PersonDm =
  | { ok: true; channel: string; slackUserId: string; identityUserId: string; locale?: Locale | undefined }
  | { ok: false; text: string; code: string };

const refuse = (code: string, text: string): { ok: false; text: string; code: string } => ({
  ok: false,
  code,
  text,
});

/** Slack's answers to conversations.open that mean the owner cannot be written to. */
const CANNOT_DM: Record<string, string> = {
  cannot_dm_bot: 'is a bot: Warden cannot send it a direct message',
  user_disabled: 'is deactivated in Slack',
  user_not_found: 'is not a member of this workspace any more',
};

/**
 * The owner's direct message channel: the owner the tenant names as a person, mapped to a Slack
 * member who may receive a finding (a full member of this workspace, not a guest, a bot or a
 * deactivated account), and the DM with them opened.
 */
export async function ownerDmOf(p: OwnerDmPorts, finding: Finding): Promise<OwnerDm> {
  const owner = personalOwnerOf(finding);
  if (!owner) return refuse('no-owner', noPersonalOwner());
  const dm = await personDmOf(p, owner.identityUserId, 'The owner');
  return dm.ok ? { ...dm, which: owner.which } : dm;
}

/**
 * The same rule for any tenant identity user a finding is sent to (an attestation's asked person,
 * their manager): mapped to a full member of this workspace, and the DM with them opened.
 * `role` names them in what the person is told ("The owner", "The person asked").
 */
export async function personDmOf(p: OwnerDmPorts, identityUserId: string, role: string): Promise<PersonDm> {
  const person = await p.owners.personOf(identityUserId);
  if (!person.slackUserId) return refuse(`not-mapped:${person.why ?? ''}`, noSlackPersonText(person));
  const who = `${role}, ${mention(person.slackUserId)} (${tenantName(person.identityUserId, person.name)})`;
  let member: Awaited<ReturnType<Ports['people']['get']>>;
  try {
    member = await p.people.get(person.slackUserId);
  } catch (error) {
    p.logger.warn({ err: error, user: person.slackUserId }, 'users.info failed for the owner');
    return refuse(
      'slack-unavailable',
      `${who} could not be looked up in Slack just now; try again in a minute.`,
    );
  }
  if (member.deleted) return refuse('deactivated', `${who} is deactivated in Slack.`);
  if (member.isBot) return refuse('bot', `${who} is a bot.`);
  // A person of any workspace Warden serves (Grid people's home may be another of the organisation's).
  const served = member.teamId === p.settings.teamId || p.settings.servedTeams?.includes(member.teamId ?? '');
  if (member.teamId !== undefined && !served)
    return refuse(
      'other-workspace',
      `${who} belongs to another organisation: Warden sends findings only to its own workspace.`,
    );
  if (member.isGuest)
    return refuse('guest', `${who} is a guest in this workspace: Warden does not send findings to guests.`);
  try {
    // In the person's own workspace: the DM is theirs, and goes with that workspace's token.
    const channel = await p.files.openDm(person.slackUserId, member.teamId);
    return { ok: true, channel, slackUserId: person.slackUserId, identityUserId, locale: member.locale };
  } catch (error) {
    const code = isSlackApiError(error) ? error.slackCode : 'request_error';
    const why = CANNOT_DM[code];
    if (!why) throw error;
    return refuse(code, `${who} ${why}.`);
  }
}
