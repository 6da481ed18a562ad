import { fail, type MethodAnswer, type Workspace } from '../workspace.js';

/** auth.test, users.info, usergroups.users.list. */
export const peopleMethods: Record<string, (ws: Workspace, args: Record<string, unknown>) => MethodAnswer> = {
  'auth.test': (ws) => ({
    ok: true,
    url: 'https://acme.slack.example/',
    team: 'Acme',
    user: 'warden',
    team_id: ws.teamId,
    user_id: 'U0WARDENBOT',
    bot_id: 'B0WARDEN',
  }),
  'users.info': (ws, args) => {
    const user = ws.users.get(String(args.user));
    return user
      ? { ok: true, user: { ...user, team_id: user.team_id ?? ws.teamId } }
      : fail('user_not_found');
  },
  'usergroups.users.list': (ws, args) => {
    const members = ws.usergroups.get(String(args.usergroup ?? ''));
    return members ? { ok: true, users: members } : fail('no_such_subteam');
  },
};
