import { z } from 'zod';
import type { Ports } from '../ports/index.js';
import type { Audience } from '../ports/slack.js';
import type { Access, Bound } from './route.js';

/**
 * A shortcut route (manifest `features.shortcuts`): a message shortcut (`message_action`, with the
 * message, its channel and a response_url) or a global one (`shortcut`, with neither). The runner
 * acks, reads the payload, opens the row's loading modal with the trigger_id (it lives 3 s),
 * authorizes and runs, as for a click (listeners/runner.ts).
 */

/** A shortcut as the runner reads it (Slack's payload is untrusted input). */
export interface Shortcut {
  userId: string;
  callbackId: string;
  triggerId: string;
  /** The message's channel and the response_url for a message shortcut; the person's DM otherwise. */
  audience: Audience;
  /** The message a message shortcut was used on. */
  message: { channel: string; ts: string; text: string } | undefined;
  ref: string;
  viewId?: string | undefined;
}

export interface ShortcutRoute<V> {
  type: 'message_action' | 'shortcut';
  callbackId: string;
  what: string;
  /** The value checked: undefined refuses the shortcut ("not valid") before any I/O. */
  value: (s: Shortcut) => V | undefined;
  access: Access<V, Shortcut>;
  run: (p: Ports, value: V, s: Shortcut) => Promise<void>;
}

export interface ShortcutRow {
  kind: 'shortcut';
  type: 'message_action' | 'shortcut';
  callbackId: string;
  what: string;
  none: string | undefined;
  bind(s: Shortcut): Bound | undefined;
}

/** A shortcut row; every shortcut opens a modal first (its form, or its answer). */
export function shortcut<V>(r: ShortcutRoute<V>): ShortcutRow {
  return {
    kind: 'shortcut',
    type: r.type,
    callbackId: r.callbackId,
    what: r.what,
    none: 'none' in r.access ? r.access.none : undefined,
    bind(s) {
      const v = r.value(s);
      if (v === undefined) return undefined;
      const { access } = r;
      return {
        access: async (p) => ('none' in access ? undefined : access(p, v, s)),
        run: (p, viewId) => r.run(p, v, { ...s, viewId }),
        modal: 'open',
      };
    },
  };
}

const id = z.string().min(1).max(64);

export const ShortcutSchema = z.looseObject({
  type: z.enum(['message_action', 'shortcut']),
  callback_id: z.string().min(1).max(255),
  trigger_id: z.string().min(1),
  user: z.looseObject({ id }),
  channel: z.looseObject({ id }).nullish(),
  response_url: z.string().nullish(),
  message_ts: z.string().nullish(),
  message: z.looseObject({ ts: z.string().nullish(), text: z.string().nullish() }).nullish(),
});

/** A shortcut read from its payload, or undefined when Warden cannot read it. */
export function readShortcut(body: unknown, ref: string): Shortcut | undefined {
  const parsed = ShortcutSchema.safeParse(body);
  if (!parsed.success) return undefined;
  const p = parsed.data;
  const user = p.user.id;
  const channel = p.channel?.id;
  const ts = p.message?.ts ?? p.message_ts ?? undefined;
  const message =
    p.type === 'message_action' && channel && ts ? { channel, ts, text: p.message?.text ?? '' } : undefined;
  return {
    userId: user,
    callbackId: p.callback_id,
    triggerId: p.trigger_id,
    audience: { channel: channel ?? user, user, responseUrl: p.response_url ?? undefined },
    message,
    ref,
  };
}
