import type { ModalView } from '@slack/types';
import { z } from 'zod';
import type { Ports } from '../ports/index.js';
import type { Audience } from '../ports/slack.js';
import type { AccessRequest } from '../usecases/shared/authorize.js';
import { type Belongs, belongsHere } from './belongs.js';
import type { ShortcutRow } from './shortcut-route.js';

/**
 * An interaction route: one Slack routing id, what its value is and how it is checked, the
 * permission it needs and the use case it runs. Every feature declares its routes in a table
 * (listeners/routes/); one runner (listeners/runner.ts) does the rest for every route.
 */

/** Where a click came from, read once by the runner for every route. */
export interface Click {
  userId: string;
  /** Where to answer the person: the channel of the click, else their DM; the response_url. */
  audience: Audience;
  /** The message the button is on (a card, a reminder, a request), if any. */
  message: { channel: string; ts: string } | undefined;
  /**
   * On a link preview (chat.unfurl): the message is the person's, not a card of Warden's, so a
   * button there is checked as the command would be, in its channel (listeners/access.ts).
   */
  unfurl?: boolean;
  /**
   * On an ephemeral (a `/warden approvals` list, a private answer): Warden keeps no record of
   * where it is, so what the value names cannot be matched to it (listeners/belongs.ts).
   */
  ephemeral?: boolean;
  triggerId: string;
  actionId: string;
  /** The button's value, or the option picked in a menu. */
  value: string;
  /** The modal the click was in (Review, History), with its metadata and the state of its inputs. */
  view: { id: string; callbackId: string; metadata: string; values: unknown } | undefined;
  /** Correlates what the person is told with the log. */
  ref: string;
  /** The loading modal the runner opened first, for a row that has one. */
  viewId?: string | undefined;
}

/** A view submission as the runner reads it. */
export interface Submission {
  userId: string;
  /** The submitted view (kept open when the row answers `updating`). */
  viewId: string;
  callbackId: string;
  metadata: string;
  values: unknown;
  ref: string;
}

/**
 * The permission a route needs, as an access request built from its checked value (loading the
 * resource it names where the permission depends on it, e.g. a roll-up's channel), or why the
 * resource is not there. `none` says why a route needs no permission (it changes nothing).
 */
export type Access<V, C> = { none: string } | ((p: Ports, value: V, c: C) => Promise<Granted> | Granted);

/**
 * What an access check asks: a request to authorize; `gone` when the resource named is not there
 * (told as is); `own` when the resource itself grants it (the person's own reminder); `refused`
 * when the resource itself refuses the person.
 */
export type Granted =
  | (AccessRequest & { refusedAs?: string })
  | { gone: string }
  | { own: true }
  /** Refused by the resource itself (an attestation's question, only for the person asked): told, nothing run. */
  | { refused: string };

export interface ActionRoute<V> {
  kind: 'action';
  /** The action ids this row answers (each registered with Bolt on its own). */
  ids: readonly string[];
  /** The value checked: undefined refuses the click ("not valid") before any I/O. */
  value: (c: Click) => V | undefined;
  access: Access<V, Click>;
  /** A loading modal is opened (or pushed, inside a modal) first: a trigger_id lives 3 s. */
  modal?: 'open' | 'push' | ((value: V) => 'open' | 'push' | undefined);
  /** What the person asked for, for the failure sentence: "could not <what>". */
  what: string;
  /** What the value must belong to: the message or modal the click came from (belongs.ts). */
  belongs?: (value: V) => Belongs;
  run: (p: Ports, value: V, c: Click) => Promise<void>;
}

/** A form's values read without I/O before the ack: field errors go back on the field. */
export type FormRead<V> =
  | { ok: true; value: V; audience: (userId: string) => Audience }
  | { ok: false; errors: Record<string, string> }
  | { ok: false; unreadable: true };

export interface ViewRoute<V> {
  kind: 'view';
  callbackIds: readonly string[];
  read: (p: Ports, s: Submission) => FormRead<V>;
  access: Access<V, Submission>;
  /** Close the whole stack of modals (a form stacked on Review) rather than just this one. */
  clear?: (value: V) => boolean;
  /** Keep the modal open, showing this in the ack (e.g. a search's "Searching…"); the use case updates it. */
  updating?: (value: V) => ModalView;
  what: string;
  run: (p: Ports, value: V, s: Submission & { audience: Audience }) => Promise<void>;
}

export interface EventRoute {
  kind: 'event';
  event: 'app_home_opened' | 'link_shared' | 'user_change';
  access: { none: string };
  run: (p: Ports, body: unknown, ref: string) => Promise<void>;
}

/**
 * A row as the runner holds it: its value type closed over, so a table holds routes of any value.
 * `bind` checks the value (undefined: not valid) and gives the row's permission and use case.
 */
export interface Bound {
  access: (p: Ports) => Promise<Granted | undefined>;
  /** `viewId`: the loading modal the runner opened, when the row has one. */
  run: (p: Ports, viewId: string | undefined) => Promise<void>;
  modal?: 'open' | 'push' | undefined;
  /** Checked by the runner before the access: the value belongs to the click's message or modal. */
  belongs?: ((p: Ports) => Promise<boolean>) | undefined;
}
export interface ActionRow {
  kind: 'action';
  ids: readonly string[];
  what: string;
  /** Why no permission is needed, for a row that changes nothing. */
  none: string | undefined;
  bind(c: Click): Bound | undefined;
}
export interface ViewRow {
  kind: 'view';
  callbackIds: readonly string[];
  what: string;
  none: string | undefined;
  /** Without I/O, before the ack. */
  read(
    p: Ports,
    s: Submission,
  ):
    | { ok: true; clear: boolean; updating: ModalView | undefined; audience: Audience; bound: Bound }
    | { ok: false; errors: Record<string, string> }
    | { ok: false; unreadable: true };
}
export type Route = ActionRow | ViewRow | EventRoute | ShortcutRow;

async function accessOf<V, C>(a: Access<V, C>, p: Ports, v: V, c: C) {
  return 'none' in a ? undefined : a(p, v, c);
}

/** A table row for buttons and menus, its value type checked where it is written. */
export function action<V>(r: Omit<ActionRoute<V>, 'kind'>): ActionRow {
  return {
    kind: 'action',
    ids: r.ids,
    what: r.what,
    none: 'none' in r.access ? r.access.none : undefined,
    bind(c) {
      const v = r.value(c);
      if (v === undefined) return undefined;
      const modal = typeof r.modal === 'function' ? r.modal(v) : r.modal;
      const belongs = r.belongs?.(v);
      return {
        access: (p) => accessOf(r.access, p, v, c),
        run: (p, viewId) => r.run(p, v, { ...c, viewId }),
        modal,
        belongs: belongs ? (p) => belongsHere(p, belongs, c) : undefined,
      };
    },
  };
}

/** A table row for a form's submission. */
export function view<V>(r: Omit<ViewRoute<V>, 'kind'>): ViewRow {
  return {
    kind: 'view',
    callbackIds: r.callbackIds,
    what: r.what,
    none: 'none' in r.access ? r.access.none : undefined,
    read(p, s) {
      const form = r.read(p, s);
      if (!form.ok) return form;
      const audience = form.audience(s.userId);
      const v = form.value;
      return {
        ok: true,
        clear: r.clear?.(v) ?? false,
        updating: r.updating?.(v),
        audience,
        bound: { access: (q) => accessOf(r.access, q, v, s), run: (q) => r.run(q, v, { ...s, audience }) },
      };
    },
  };
}

const id = z.string().min(1).max(64);

/** The parts of a block_actions payload every route reads (Block Kit state is untrusted input). */
export const ClickSchema = z.looseObject({
  type: z.literal('block_actions'),
  user: z.looseObject({ id, team_id: z.string().nullish() }),
  channel: z.looseObject({ id }).nullish(),
  container: z
    .looseObject({
      message_ts: z.string().nullish(),
      channel_id: z.string().nullish(),
      is_app_unfurl: z.boolean().nullish(),
      is_ephemeral: z.boolean().nullish(),
    })
    .nullish(),
  trigger_id: z.string().min(1),
  response_url: z.string().nullish(),
  view: z
    .looseObject({
      id: z.string().min(1).max(64),
      callback_id: z.string().nullish(),
      private_metadata: z.string().nullish(),
      state: z.looseObject({ values: z.unknown() }).nullish(),
    })
    .nullish(),
  actions: z
    .array(
      z.looseObject({
        action_id: z.string(),
        value: z.string().nullish(),
        selected_option: z.looseObject({ value: z.string() }).nullish(),
      }),
    )
    .min(1),
});

/** A click read from its payload, or undefined when the payload is not one Warden can read. */
export function readClick(body: unknown, ref: string): Click | undefined {
  const parsed = ClickSchema.safeParse(body);
  if (!parsed.success) return undefined;
  const p = parsed.data;
  const [first] = p.actions;
  const channel = p.channel?.id ?? p.container?.channel_id ?? undefined;
  const ts = p.container?.message_ts ?? undefined;
  const unfurl = p.container?.is_app_unfurl === true;
  return {
    unfurl,
    ephemeral: p.container?.is_ephemeral === true,
    userId: p.user.id,
    audience: { channel: channel ?? p.user.id, user: p.user.id, responseUrl: p.response_url ?? undefined },
    message: channel && ts && !unfurl ? { channel, ts } : undefined,
    triggerId: p.trigger_id,
    actionId: first?.action_id ?? '',
    value: first?.value ?? first?.selected_option?.value ?? '',
    view: p.view
      ? {
          id: p.view.id,
          callbackId: p.view.callback_id ?? '',
          metadata: p.view.private_metadata ?? '',
          values: p.view.state?.values,
        }
      : undefined,
    ref,
  };
}

export const SubmissionSchema = z.looseObject({
  type: z.literal('view_submission'),
  user: z.looseObject({ id }),
  view: z.looseObject({
    id: z.string(),
    callback_id: z.string(),
    private_metadata: z.string().nullish(),
    state: z.looseObject({ values: z.unknown() }),
  }),
});

export function readSubmission(body: unknown, ref: string): Submission | undefined {
  const parsed = SubmissionSchema.safeParse(body);
  if (!parsed.success) return undefined;
  const { view: v, user } = parsed.data;
  return {
    userId: user.id,
    callbackId: v.callback_id,
    viewId: v.id,
    metadata: v.private_metadata ?? '',
    values: v.state.values,
    ref,
  };
}
