import { randomBytes } from 'node:crypto';
import { checkBlocks, checkView } from '../blocks-check.js';
import { BLOCK_KIT } from '../limits.js';
import type { OpenView } from '../types.js';
import { fail, isObject, type MethodAnswer, type Workspace } from '../workspace.js';

const newHash = () => `${Date.now()}.${randomBytes(4).toString('hex')}`;

function open(ws: Workspace, args: Record<string, unknown>): MethodAnswer {
  const trigger = String(args.trigger_id ?? '');
  // The modal belongs to whoever clicked: read before the trigger id is used up.
  const user = ws.triggerUser(trigger);
  const refused = ws.takeTrigger(trigger);
  if (refused) return fail(refused);
  const bad = checkView(args.view);
  if (bad || !isObject(args.view))
    return { ...fail('invalid_arguments'), response_metadata: { messages: [bad] } };
  const id = `V${randomBytes(5).toString('hex').toUpperCase()}`;
  const view: OpenView = {
    id,
    hash: newHash(),
    view: args.view,
    trigger_id: trigger,
    ...(user ? { user } : {}),
  };
  ws.views.set(id, view);
  ws.changed({ kind: 'view', view });
  return { ok: true, view: { ...args.view, id, hash: view.hash, team_id: ws.teamId } };
}

/** views.open, views.push, views.update: modals, opened with a fresh trigger id; views.publish: Home tabs. */
export const viewMethods: Record<string, (ws: Workspace, args: Record<string, unknown>) => MethodAnswer> = {
  'views.open': open,
  'views.push': open,
  'views.update': (ws, args) => {
    const view = ws.views.get(String(args.view_id ?? ''));
    if (!view) return fail('not_found');
    if (typeof args.hash === 'string' && args.hash !== view.hash) return fail('hash_conflict');
    const bad = checkView(args.view);
    if (bad || !isObject(args.view))
      return { ...fail('invalid_arguments'), response_metadata: { messages: [bad] } };
    view.view = args.view;
    view.hash = newHash();
    ws.changed({ kind: 'view', view });
    return { ok: true, view: { ...args.view, id: view.id, hash: view.hash, team_id: ws.teamId } };
  },
  // A Home tab is a `home` view of up to 100 blocks published for one person (docs.slack.dev, App Home).
  'views.publish': (ws, args) => {
    const user = String(args.user_id ?? '');
    if (!ws.users.has(user)) return fail('user_not_found');
    const view = args.view;
    if (!isObject(view) || view.type !== 'home')
      return { ...fail('invalid_arguments'), response_metadata: { messages: ['view.type must be home'] } };
    const bad = checkBlocks(view.blocks, BLOCK_KIT.blocksPerView);
    if (bad) return { ...fail('invalid_arguments'), response_metadata: { messages: [bad] } };
    // `hash` guards against publishing over a newer Home tab (views.publish's page): hash_conflict.
    const current = ws.homeIds.get(user);
    if (typeof args.hash === 'string' && args.hash !== '' && args.hash !== current?.hash)
      return fail('hash_conflict');
    // One Home tab per person: its view id stays the same from one publish to the next.
    ws.homeIds.set(user, {
      id: current?.id ?? `V${randomBytes(5).toString('hex').toUpperCase()}`,
      hash: newHash(),
    });
    ws.homes.set(user, view);
    ws.changed({ kind: 'home', user, view });
    return { ok: true, view: homeView(ws, user) };
  },
};

/**
 * The Home tab published for `user` as Slack shows it to the app (views.publish's answer, the
 * `view` of app_home_opened and of a click on it): the view with its id, hash and Slack's fields.
 */
export function homeView(ws: Workspace, user: string): Record<string, unknown> | undefined {
  const view = ws.homes.get(user);
  const ids = ws.homeIds.get(user);
  if (!view || !ids) return undefined;
  return {
    id: ids.id,
    team_id: ws.teamId,
    type: 'home',
    close: null,
    submit: null,
    blocks: Array.isArray(view.blocks) ? view.blocks : [],
    private_metadata: typeof view.private_metadata === 'string' ? view.private_metadata : '',
    callback_id: typeof view.callback_id === 'string' ? view.callback_id : '',
    state: { values: {} },
    hash: ids.hash,
    clear_on_close: false,
    notify_on_close: false,
    root_view_id: ids.id,
    previous_view_id: null,
    app_id: 'A0WARDEN',
    external_id: typeof view.external_id === 'string' ? view.external_id : '',
    app_installed_team_id: ws.teamId,
    bot_id: 'B0WARDEN',
  };
}
