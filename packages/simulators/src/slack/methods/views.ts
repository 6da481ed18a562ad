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
    ws.homes.set(user, view);
    ws.changed({ kind: 'home', user, view });
    return { ok: true, view: { ...view, id: `V${randomBytes(5).toString('hex').toUpperCase()}` } };
  },
};
