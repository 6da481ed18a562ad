import type { App } from '@slack/bolt';
import { restartedBeforeForm } from '../blockkit/delivery-words.js';
import { renderInfoModal, renderLoadingModal } from '../blockkit/info-modal.js';
import {
  formNotValid,
  notValid,
  refused,
  shortcutNotValid,
  viewNotValid,
} from '../blockkit/interaction-words.js';
import type { Ports } from '../ports/index.js';
import { refusal } from '../usecases/shared/authorize.js';
import { asPersonSoon } from '../usecases/shared/speech.js';
import { refusedAsNotHere } from './belongs.js';
import { type ListenerContext, portsOf } from './context.js';
import { refOf } from './ref.js';
import { isRecovered } from './request-intents.js';
import {
  type ActionRow,
  type Bound,
  type Click,
  type Route,
  readClick,
  readSubmission,
  type Submission,
  type ViewRow,
} from './route.js';
import { failed, modalRefused, type Reply, type Start, tell } from './runner-replies.js';
import { readShortcut, type Shortcut, type ShortcutRow } from './shortcut-route.js';

export type { Start } from './runner-replies.js';

/**
 * The one runner every route goes through (route.ts). For a click or a command: ack, read the
 * payload, check the value, open the loading modal when the row has one, authorize, run the use
 * case on the work queue; for a form: read it before the ack (field errors back on the field),
 * ack, then the same. Any failure after the ack is told to the person in a sentence with a ref
 * (in the modal when one is open, else ephemeral): nobody is left on a spinner or with nothing.
 */

/** Authorizes, then runs; a refusal or a missing resource is told, and the use case not run. */
async function authorizeAndRun(p: Ports, bound: Bound, to: Reply, ref: string, what: string): Promise<void> {
  // A value naming something its own message or modal does not carry: forged, whoever sent it.
  if (bound.belongs && !(await bound.belongs(p))) {
    const why = 'its value names something its message or modal does not carry';
    await refusedAsNotHere(p, { userId: to.audience.user, ref, what, why });
    return tell(p, to, notValid());
  }
  const granted = await bound.access(p);
  if (granted && 'gone' in granted) return tell(p, to, granted.gone);
  if (granted && 'refused' in granted) return tell(p, to, refused(granted.refused));
  const asked = granted && 'kind' in granted ? granted : undefined;
  // A form knows its channel only once its resource is loaded (a roll-up's, a request's): answer there.
  const where = asked?.kind === 'act' ? asked.channel : asked?.approval?.channel;
  if (where && !to.viewId) to.audience = { ...to.audience, channel: where };
  const why = asked ? await refusal(p, asked, ref) : undefined;
  if (why !== undefined) return tell(p, to, refused(asked?.refusedAs ?? why));
  await bound.run(p, to.viewId);
}

/** A checked click or command: its modal first (a trigger_id lives 3 s), then as above. */
export async function runBound(p: Ports, bound: Bound, s: Start): Promise<void> {
  const to: Reply = { audience: s.audience, viewId: undefined };
  // A form cannot open now (its trigger lived 3 s): the person is told to ask again.
  if (bound.modal && s.recovered)
    return void (await p.privately.tell(to.audience, restartedBeforeForm(s.what)));
  if (bound.modal) {
    const loading = renderLoadingModal(s.loading);
    try {
      to.viewId =
        bound.modal === 'push'
          ? await p.views.push(s.triggerId, loading)
          : await p.views.open(s.triggerId, loading);
    } catch (error) {
      if (!(await modalRefused(p, error, to, s))) await failed(p, error, to, s.what, s.ref);
      return;
    }
  }
  try {
    await authorizeAndRun(p, bound, to, s.ref, s.what);
  } catch (error) {
    await failed(p, error, to, s.what, s.ref);
  }
}

export async function runClick(p: Ports, route: ActionRow, body: unknown, ref: string, recovered = false) {
  const click = readClick(body, ref);
  if (!click) {
    p.logger.warn({ ref, route: route.ids[0] }, 'unreadable block_actions payload ignored');
    return;
  }
  // What the person reads (the loading modal, forms, ephemerals) speaks their language; a card
  // or a thread reply the click causes speaks its channel's (usecases/shared/speech.ts).
  await asPersonSoon(p, click.userId, () => clicked(p, route, click, ref, recovered));
}

async function clicked(p: Ports, route: ActionRow, click: Click, ref: string, recovered: boolean) {
  // A click in a modal or the Home tab acts on its view's metadata: only as Warden wrote it (a
  // row that changes nothing, such as ticking a box, reads none).
  if (click.view && route.none === undefined) {
    const metadata = p.views.metadataOf(click.view.callbackId, click.view.metadata);
    if (metadata === undefined) {
      const why = 'its view’s metadata is not what Warden wrote (altered, or opened before an upgrade)';
      await refusedAsNotHere(p, { userId: click.userId, ref, what: route.what, why });
      // Said in the modal itself (a click there has no channel to answer in).
      return tell(p, { audience: click.audience, viewId: click.view.id }, viewNotValid());
    }
    click.view.metadata = metadata;
  }
  const bound = route.bind(click);
  if (!bound) {
    const value = click.value.slice(0, 80);
    p.logger.warn(
      { ref, user: click.userId, action: click.actionId, value },
      'click with an invalid value refused',
    );
    await p.privately.tell(click.audience, notValid());
    return;
  }
  const loading = click.value.split(' ').at(-1) ?? '';
  await runBound(p, bound, {
    audience: click.audience,
    triggerId: click.triggerId,
    ref,
    what: route.what,
    loading,
    recovered,
  });
}

function registerAction(app: App, ctx: ListenerContext, route: ActionRow): void {
  for (const id of route.ids)
    app.action(id, async ({ ack, body, context }) => {
      await ack();
      const ref = refOf(context);
      const p = portsOf(ctx, context, route.what);
      if (p) await ctx.work.run(() => runClick(p, route, body, ref, isRecovered(context)));
    });
}

/**
 * A submission with the metadata Warden wrote into its view (slack/view-seal.ts); undefined when
 * it is not that (altered, or a form opened before the seal existed): refused as unreadable, the
 * person asked to open the form again.
 */
function unsealed(p: Ports, s: Submission | undefined): Submission | undefined {
  if (!s) return undefined;
  const metadata = p.views.metadataOf(s.callbackId, s.metadata);
  if (metadata !== undefined) return { ...s, metadata };
  p.logger.warn(
    { ref: s.ref, user: s.userId, callback: s.callbackId },
    'form refused: its metadata is not what Warden wrote',
  );
  return undefined;
}

function registerView(app: App, ctx: ListenerContext, route: ViewRow): void {
  for (const id of route.callbackIds)
    app.view(id, async ({ ack, body, context }) => {
      const p = portsOf(ctx, context, route.what);
      if (!p) return void (await ack());
      const ref = refOf(context);
      // Field errors come back in the ack: the person's language is read before it (cached).
      await asPersonSoon(p, body.user.id, async () => {
        const submission = unsealed(p, readSubmission(body, ref));
        const form = submission
          ? route.read(p, submission)
          : { ok: false as const, unreadable: true as const };
        if (!form.ok) {
          if ('errors' in form) return void (await ack({ response_action: 'errors', errors: form.errors }));
          p.logger.warn({ ref, callback: id }, 'form with unreadable metadata refused');
          return void (await ack({ response_action: 'update', view: renderInfoModal(formNotValid()) }));
        }
        if (form.updating) await ack({ response_action: 'update', view: form.updating });
        else await ack(form.clear ? { response_action: 'clear' } : undefined);
        const to: Reply = { audience: form.audience, viewId: form.updating ? submission?.viewId : undefined };
        await ctx.work.run(() =>
          authorizeAndRun(p, form.bound, to, ref, route.what).catch((error: unknown) =>
            failed(p, error, to, route.what, ref),
          ),
        );
      });
    });
}

/**
 * Every shortcut through one listener: a callback id (or type) Warden does not declare is
 * answered with a sentence in a modal rather than left to time out.
 */
function registerShortcuts(app: App, ctx: ListenerContext, rows: readonly ShortcutRow[]): void {
  app.shortcut(/.*/, async ({ ack, body, context }) => {
    await ack();
    const ref = refOf(context);
    const p = portsOf(ctx, context, 'run a shortcut');
    if (p) await ctx.work.run(() => runShortcut(p, rows, body, ref));
  });
}

export async function runShortcut(
  p: Ports,
  rows: readonly ShortcutRow[],
  body: unknown,
  ref: string,
): Promise<void> {
  const s = readShortcut(body, ref);
  if (!s) return void p.logger.warn({ ref }, 'unreadable shortcut payload ignored');
  await asPersonSoon(p, s.userId, () => shortcutRun(p, rows, s, ref));
}

async function shortcutRun(p: Ports, rows: readonly ShortcutRow[], s: Shortcut, ref: string): Promise<void> {
  const type = s.message ? 'message_action' : 'shortcut';
  const row = rows.find((r) => r.callbackId === s.callbackId && r.type === type);
  const bound = row?.bind(s);
  if (!row || !bound) {
    p.logger.warn({ ref, user: s.userId, callback: s.callbackId.slice(0, 80) }, 'unknown shortcut refused');
    await p.views
      .open(s.triggerId, renderInfoModal(shortcutNotValid()))
      .catch(() => p.privately.tell(s.audience, shortcutNotValid()));
    return;
  }
  await runBound(p, bound, {
    audience: s.audience,
    triggerId: s.triggerId,
    ref,
    what: row.what,
    loading: '',
  });
}

/** Registers a table's routes with Bolt, each id on its own (shortcuts through one listener). */
export function registerRoutes(app: App, ctx: ListenerContext, routes: readonly Route[]): void {
  const shortcuts = routes.filter((r): r is ShortcutRow => r.kind === 'shortcut');
  if (shortcuts.length > 0) registerShortcuts(app, ctx, shortcuts);
  for (const route of routes) {
    if (route.kind === 'action') registerAction(app, ctx, route);
    else if (route.kind === 'view') registerView(app, ctx, route);
    else if (route.kind === 'shortcut') continue;
    else
      app.event(route.event, async ({ body, context }) => {
        const ref = refOf(context);
        const p = portsOf(ctx, context, route.event);
        if (!p) return;
        await ctx.work.run(() =>
          route
            .run(p, body, ref)
            .catch((error: unknown) => p.logger.warn({ err: error, ref }, `${route.event} not handled`)),
        );
      });
  }
}
