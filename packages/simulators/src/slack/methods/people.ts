import type { SlackUser } from '../types.js';
import { fail, type MethodAnswer, type Workspace } from '../workspace.js';

/** A user as users.info and users.lookupByEmail show them: always with `deleted`, and their team. */
const shown = (ws: Workspace, user: SlackUser, includeLocale = false) => {
  const { locale, ...rest } = user;
  return {
    ...rest,
    deleted: user.deleted === true,
    team_id: user.team_id ?? ws.teamId,
    // Slack adds `locale` only when asked (users.info `include_locale`), and then always: en-US by default
    ...(includeLocale ? { locale: locale ?? 'en-US' } : {}),
  };
};

/**
 * users.lookupByEmail finds a user by their registered email (its method page): not a bot (no
 * email), not a deactivated person, not one whose email the workspace hides (slack-facts.md). A
 * person of another organisation who shares a channel with the workspace (Slack Connect) is found
 * too, with their own team_id: users.discoverableContacts.lookup's page sends apps to this method
 * for the user object of such a person, and the email is the one *their* organisation asserts.
 * Emails match whatever the case.
 */
function lookupByEmail(ws: Workspace, args: Record<string, unknown>): MethodAnswer {
  if (typeof args.email !== 'string' || args.email.trim() === '') return fail('invalid_arguments');
  const email = args.email.trim().toLowerCase();
  const user = [...ws.users.values()].find(
    (u) => u.is_bot !== true && u.deleted !== true && u.profile.email?.toLowerCase() === email,
  );
  return user ? { ok: true, user: shown(ws, user) } : fail('users_not_found');
}

/** The workspace's address as auth.test tells it (apps build message permalinks on it). */
export const WORKSPACE_URL = 'https://acme.slack.example/';

/** Slack's boolean arguments arrive as JSON booleans or as form strings. */
const isTrue = (v: unknown) => v === true || v === 'true' || v === '1' || v === 1;

/** auth.test, users.info, users.lookupByEmail, usergroups.users.list. */
export const peopleMethods: Record<string, (ws: Workspace, args: Record<string, unknown>) => MethodAnswer> = {
  'auth.test': (ws) => ({
    ok: true,
    url: WORKSPACE_URL,
    team: 'Acme',
    user: 'warden',
    team_id: ws.teamId,
    user_id: 'U0WARDENBOT',
    bot_id: 'B0WARDEN',
  }),
  'users.info': (ws, args) => {
    const user = ws.users.get(String(args.user));
    return user ? { ok: true, user: shown(ws, user, isTrue(args.include_locale)) } : fail('user_not_found');
  },
  'users.lookupByEmail': lookupByEmail,
  'usergroups.users.list': (ws, args) => {
    const members = ws.usergroups.get(String(args.usergroup ?? ''));
    return members ? { ok: true, users: members } : fail('no_such_subteam');
  },
};
