import { mention } from '../../blockkit/mrkdwn.js';
import { noPersonalOwner } from '../../blockkit/outcome-words.js';
import { noSlackPersonText, tenantName } from '../../blockkit/owner-words.js';
import { personalOwnerOf } from '../../domain/owner.js';
import { isSlackApiError } from '../../errors.js';
import type { MessageKey } from '../../i18n/catalog/index.js';
import type { Locale } from '../../i18n/locale.js';
import { t } from '../../i18n/speak.js';
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
const CANNOT_DM: Record<string, MessageKey> = {
  cannot_dm_bot: 'ownerDm.cannotDmBot',
  user_disabled: 'ownerDm.deactivated',
  user_not_found: 'ownerDm.notMember',
};

/** Whom a direct message is for, as the person told why it cannot go is shown them. */
export type DmRole = 'owner' | 'asked' | 'manager';

/**
 * The owner's direct message channel: the owner the tenant names as a person, mapped to a Slack
 * member who may receive a finding (a full member of this workspace, not a guest, a bot or a
 * deactivated account), and the DM with them opened.
 */
export async function ownerDmOf(p: OwnerDmPorts, finding: Finding): Promise<OwnerDm> {
  const owner = personalOwnerOf(finding);
  if (!owner) return refuse('no-owner', noPersonalOwner());
  const dm = await personDmOf(p, owner.identityUserId, 'owner');
  return dm.ok ? { ...dm, which: owner.which } : dm;
}

/**
 * The same rule for any tenant identity user a finding is sent to (an attestation's asked person,
 * their manager): mapped to a full member of this workspace, and the DM with them opened.
 * `role` names them in what the person is told ("The owner", "The person asked").
 */
export async function personDmOf(p: OwnerDmPorts, identityUserId: string, role: DmRole): Promise<PersonDm> {
  const person = await p.owners.personOf(identityUserId);
  if (!person.slackUserId) return refuse(`not-mapped:${person.why ?? ''}`, noSlackPersonText(person));
  const who = t('ownerDm.who', {
    role: t(`ownerDm.role.${role}`),
    person: mention(person.slackUserId),
    tenant: tenantName(person.identityUserId, person.name),
  });
  let member: Awaited<ReturnType<Ports['people']['get']>>;
  try {
    member = await p.people.get(person.slackUserId);
  } catch (error) {
    p.logger.warn({ err: error, user: person.slackUserId }, 'users.info failed for the owner');
    return refuse('slack-unavailable', t('ownerDm.unavailable', { who }));
  }
  if (member.deleted) return refuse('deactivated', t('ownerDm.deactivated', { who }));
  if (member.isBot) return refuse('bot', t('ownerDm.bot', { who }));
  // A person of any workspace Warden serves (Grid people's home may be another of the organisation's).
  const served = member.teamId === p.settings.teamId || p.settings.servedTeams?.includes(member.teamId ?? '');
  if (member.teamId !== undefined && !served)
    return refuse('other-workspace', t('ownerDm.otherOrg', { who }));
  if (member.isGuest) return refuse('guest', t('ownerDm.guest', { who }));
  try {
    // In the person's own workspace: the DM is theirs, and goes with that workspace's token.
    const channel = await p.files.openDm(person.slackUserId, member.teamId);
    return { ok: true, channel, slackUserId: person.slackUserId, identityUserId, locale: member.locale };
  } catch (error) {
    const code = isSlackApiError(error) ? error.slackCode : 'request_error';
    const why = CANNOT_DM[code];
    if (!why) throw error;
    return refuse(code, t(why, { who }));
  }
}
