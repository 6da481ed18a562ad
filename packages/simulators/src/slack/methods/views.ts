import { randomBytes } from 'node:crypto';
import { checkView } from '../blocks-check.js';
import type { OpenView } from '../types.js';
import { fail, isObject, type MethodAnswer, type Workspace } from '../workspace.js';

const newHash = () => `${Date.now()}.${randomBytes(4).toString('hex')}`;

function open(ws: Workspace, args: Record<string, unknown>): MethodAnswer {
  const trigger = String(args.trigger_id ?? '');
  const refused = ws.takeTrigger(trigger);
  if (refused) return fail(refused);
  const bad = checkView(args.view);
  if (bad || !isObject(args.view))
    return { ...fail('invalid_arguments'), response_metadata: { messages: [bad] } };
  const id = `V${randomBytes(5).toString('hex').toUpperCase()}`;
  const view: OpenView = { id, hash: newHash(), view: args.view, trigger_id: trigger };
  ws.views.set(id, view);
  return { ok: true, view: { ...args.view, id, hash: view.hash, team_id: ws.teamId } };
}

/** views.open, views.push, views.update: modals, opened with a fresh trigger id. */
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
    return { ok: true, view: { ...args.view, id: view.id, hash: view.hash, team_id: ws.teamId } };
  },
};
