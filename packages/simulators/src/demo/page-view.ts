import { WORKSPACE_URL } from '../slack/methods/people.js';
import type { LocalSlack } from '../slack/server.js';
import type { EphemeralMessage, OpenView, SlackMessage, WorkspaceChange } from '../slack/types.js';
import { DEMO_SHORTCUTS } from './page-shortcuts.js';
import {
  channelInWorkspaceOf,
  DEMO_TEAM,
  installedWorkspaces,
  isOrgPerson,
  orgChannel,
  orgTeamOf,
} from './page-workspaces.js';

/**
 * What one person sees in the demo page, as Slack decides it: every message of the public
 * channels, their own direct messages with Warden, the ephemeral messages meant for them, their
 * own open modals and their Home tab. The page is told the same through the event stream.
 */

/** The channel the demo's alerts go to, and the people the page can act as. */
export const DEMO_CHANNEL = { id: 'C0SECOPS', name: 'secops' };
/** The German-speaking team's channel: the demo's WARDEN_CONFIG gives it `locale: de`. */
export const GERMAN_CHANNEL = { id: 'C0SECOPSDE', name: 'secops-de' };
export const TEAM_ID = DEMO_TEAM.id;

/** The approvers' group the demo's WARDEN_CONFIG names for four-eyes. */
export const APPROVERS_GROUP = 'S0SECLEADS';

export interface DemoPerson {
  id: string;
  /** Why this person is in the switcher. */
  role: string;
}

/**
 * The user switcher: a member, the approvers (four-eyes: bob and carol), a German-speaking member
 * (Warden answers her in German), a guest (refused by the default policy).
 */
export const SWITCHABLE: readonly DemoPerson[] = [
  { id: 'U0ALICE', role: 'member' },
  { id: 'U0BOB', role: 'approver' },
  { id: 'U0CAROL', role: 'approver' },
  { id: 'U0GRETA', role: 'member, speaks German' },
  { id: 'U0GUEST', role: 'guest' },
];

/** User group handles as Slack shows `<!subteam^S…>`. */
const GROUP_HANDLES: Record<string, string> = { S0SECENG: 'security-eng', S0SECLEADS: 'security-leads' };

/** The demo's people, and each organisation workspace's person (page-workspaces.ts). */
export const isSwitchable = (userId: string) =>
  SWITCHABLE.some((p) => p.id === userId) || isOrgPerson(userId);

/** The direct message channel between Warden and a person (conversations.open answers the same). */
export const dmOf = (userId: string) => `D${userId.slice(1)}`;

const isPublic = (channel: string) => /^[CG]/.test(channel);

/** Public channels of the person's workspace (each workspace has its own), and their DM with Warden. */
function visibleMessage(user: string, m: SlackMessage): boolean {
  return (isPublic(m.channel) && channelInWorkspaceOf(user, m.channel)) || m.channel === dmOf(user);
}

/** Only the person an ephemeral message was posted for sees it, in the channel it was posted to. */
const visibleEphemeral = (user: string, e: EphemeralMessage) => e.user === user && e.channel !== '';

const visibleView = (user: string, v: OpenView) => v.user === user;

/** What a message looks like to the page (its metadata is Warden's business, not the reader's). */
function shown(m: SlackMessage) {
  const { metadata: _metadata, ...rest } = m;
  return rest;
}

const viewShown = (v: OpenView) => ({ id: v.id, hash: v.hash, view: v.view, closed: v.closed === true });

export function snapshotFor(slack: LocalSlack, user: string, command: string, installUrl?: string) {
  const me = slack.users.get(user);
  const orgTeam = orgTeamOf(user);
  return {
    me: user,
    command,
    team: orgTeam
      ? { id: orgTeam.id, name: orgTeam.name, url: WORKSPACE_URL }
      : { ...DEMO_TEAM, url: WORKSPACE_URL },
    workspaces: installedWorkspaces(slack),
    installUrl: installUrl ?? null,
    shortcuts: Object.values(DEMO_SHORTCUTS),
    people: [...slack.users.values()].map((u) => ({
      id: u.id,
      name: u.profile.display_name || u.name,
      realName: u.profile.real_name,
      tz: u.tz,
      guest: u.is_restricted === true || u.is_ultra_restricted === true,
      bot: u.is_bot === true,
      deleted: u.deleted === true,
    })),
    switchable: orgTeam ? [{ id: user, role: 'member' }] : SWITCHABLE,
    groups: Object.fromEntries(
      [...slack.usergroups.keys()].map((id) => [id, { handle: GROUP_HANDLES[id] ?? id }]),
    ),
    approvers: APPROVERS_GROUP,
    // A German speaker's sidebar starts with the German channel (Slack keeps one's own first).
    channels: orgTeam
      ? [orgChannel(orgTeam)]
      : me?.locale?.startsWith('de')
        ? [GERMAN_CHANNEL, DEMO_CHANNEL]
        : [DEMO_CHANNEL, GERMAN_CHANNEL],
    dm: dmOf(user),
    tz: me?.tz ?? 'UTC',
    messages: slack.messages.filter((m) => visibleMessage(user, m)).map(shown),
    ephemerals: slack.ephemerals.filter((e) => visibleEphemeral(user, e)),
    views: [...slack.views.values()].filter((v) => visibleView(user, v) && !v.closed).map(viewShown),
    home: slack.workspace.homes.get(user) ?? null,
  };
}

/** The change as the person's page is told it, or undefined when it is not theirs to see. */
export function changeFor(user: string, change: WorkspaceChange): unknown {
  switch (change.kind) {
    case 'message':
      return visibleMessage(user, change.message)
        ? { kind: 'message', message: shown(change.message) }
        : undefined;
    case 'message_deleted':
      return (isPublic(change.channel) && channelInWorkspaceOf(user, change.channel)) ||
        change.channel === dmOf(user)
        ? change
        : undefined;
    case 'ephemeral':
      return visibleEphemeral(user, change.ephemeral) ? change : undefined;
    case 'view':
      return visibleView(user, change.view) ? { kind: 'view', view: viewShown(change.view) } : undefined;
    case 'home':
      return change.user === user ? change : undefined;
  }
}
