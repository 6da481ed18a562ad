import { ORG } from './org.js';
import { dmChannelOf, fail, type MethodAnswer, type Workspace } from './workspace.js';

/**
 * What Slack tells an app about a conversation (docs.slack.dev "conversations.info",
 * "conversations.members", the conversation and IM objects, "Understanding Slack Connect"):
 *
 * - A channel: `is_ext_shared` says whether it is shared with another organisation.
 * - The app's own DM with a person (conversations.open): an IM object, `is_im: true` and `user`,
 *   the other member. An IM object carries no `is_ext_shared`: who is on the other side is told
 *   by that member's own team (users.info `team_id`), an external person's included.
 * - A DM between two people the app is not in (a person pasted a link there): a bot token cannot
 *   read it (`channel_not_found`, as for any conversation the app is not a member of). Slack still
 *   sends the app link_shared for it, and the Events API envelope says whether the conversation
 *   is externally shared (`is_ext_shared_channel`): `extSharedChannel` below.
 */

const BOT_USER = 'U0WARDENBOT';
/** The organisation's own workspaces: anyone whose team is not one of these is of another organisation. */
const ownTeams = (ws: Workspace) => new Set<string>([ws.teamId, ...ORG.teams.map((t) => t.id)]);

/** A person of another organisation (Slack Connect), by their own team as users.info says it. */
export function isExternal(ws: Workspace, userId: string): boolean {
  const team = ws.users.get(userId)?.team_id;
  return team !== undefined && !ownTeams(ws).has(team);
}

/** The app's DM with a person, if `channel` is one (conversations.open answers these ids). */
function botDmPerson(ws: Workspace, channel: string): string | undefined {
  return [...ws.users.keys()].find((id) => dmChannelOf(id) === channel);
}

/**
 * The Events API envelope's `is_ext_shared_channel` for an event in `channel`: a channel shared
 * with another organisation, or a DM with a person of one.
 */
export function extSharedChannel(ws: Workspace, channel: unknown): boolean {
  if (typeof channel !== 'string') return false;
  if (ws.externallyShared.has(channel)) return true;
  const members = ws.directMessages.get(channel) ?? [botDmPerson(ws, channel) ?? ''];
  return members.some((m) => m !== '' && isExternal(ws, m));
}

export function conversationInfo(
  ws: Workspace,
  args: Record<string, unknown>,
  context: { teamId: string },
): MethodAnswer {
  const id = typeof args.channel === 'string' ? args.channel : '';
  if (ws.directMessages.has(id)) return fail('channel_not_found');
  if (id.startsWith('D')) {
    const person = botDmPerson(ws, id);
    if (!person) return fail('channel_not_found');
    return {
      ok: true,
      channel: {
        id,
        is_im: true,
        user: person,
        is_org_shared: false,
        is_user_deleted: ws.users.get(person)?.deleted === true,
        context_team_id: context.teamId,
      },
    };
  }
  const shared = ws.externallyShared.has(id);
  return {
    ok: true,
    channel: {
      id,
      is_channel: true,
      is_im: false,
      is_mpim: false,
      is_shared: shared,
      is_ext_shared: shared,
      is_org_shared: false,
      context_team_id: context.teamId,
    },
  };
}

/** conversations.members: the app's DM (the bot and the person); a channel's people; not a DM it is not in. */
export function conversationMembers(ws: Workspace, args: Record<string, unknown>): MethodAnswer {
  const id = typeof args.channel === 'string' ? args.channel : '';
  if (ws.directMessages.has(id)) return fail('channel_not_found');
  if (id.startsWith('D')) {
    const person = botDmPerson(ws, id);
    return person ? { ok: true, members: [BOT_USER, person] } : fail('channel_not_found');
  }
  const people = [...ws.users.values()].filter(
    (u) => u.deleted !== true && (ws.externallyShared.has(id) || !isExternal(ws, u.id)),
  );
  return { ok: true, members: people.map((u) => u.id), response_metadata: { next_cursor: '' } };
}
