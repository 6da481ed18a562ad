import {
  createTestClock,
  type OpenView,
  type SandboxTenant,
  type SlackActor,
  viewActionBody,
} from '@warden/simulators';
import { AccessReviewId } from '../../src/blockkit/access-review-ids.js';
import { parseConfigFile } from '../../src/config-file.js';
import { type Harness, type HarnessOptions, startHarness } from './harness.js';
import { startSandbox } from './tenant.js';
import { waitFor } from './wait.js';

/**
 * Access reviews in Slack, as a test drives them: a Warden with WARDEN_CONFIG `reviews` (and the
 * token key that seals personal credentials) over a tenant and a local Slack on one test clock;
 * linking as a person does it (the command, the tenant's sign-in page approving the code, the
 * clock moved through the polls); the Review modal opened and clicked as Slack sends it.
 */

export const TOKEN_KEY = 'a1'.repeat(32);
export const REVIEWS_CHANNEL = 'C0REVIEWS';

export interface ReviewsRig {
  h: Harness;
  tenant: SandboxTenant;
  close(): Promise<void>;
}

export async function startReviews(
  opts: { yaml?: string; harness?: Partial<HarnessOptions>; env?: Record<string, string> } = {},
): Promise<ReviewsRig> {
  const clock = createTestClock();
  const tenant = await startSandbox({ now: clock.now });
  const yaml =
    `reviews:\n  deviceClientId: "${tenant.credentials.deviceClientId}"\n  channel: ${REVIEWS_CHANNEL}\n  pageSize: 4\n` +
    (opts.yaml ?? '');
  const h = await startHarness({
    lane: 'inprocess',
    tenant,
    testClock: clock,
    file: parseConfigFile(yaml, 'reviews.yaml'),
    env: { WARDEN_TOKEN_KEY: TOKEN_KEY, ...opts.env },
    ...opts.harness,
  });
  return {
    h,
    tenant,
    async close() {
      await h.close();
      await tenant.close();
    },
  };
}

const texts = (h: Harness, user: string) =>
  h.slack.ephemerals.filter((e) => e.user === user).map((e) => e.text);

/** Waits for an ephemeral message to `user` matching `pattern`, from message index `from` on. */
export function saidTo(h: Harness, user: string, pattern: RegExp, from = 0): Promise<string> {
  return waitFor(
    () =>
      texts(h, user)
        .slice(from)
        .find((t) => pattern.test(t)),
    8_000,
    `a message to ${user} matching ${pattern}`,
  );
}

/** `/warden link`, the person approves the code at the tenant as `tenantUser`, the polls run. */
export async function link(
  h: Harness,
  actor: SlackActor,
  tenantUser: string | 'deny' | 'none',
): Promise<string> {
  const before = texts(h, actor.userId).length;
  const grants = h.tenant.deviceFlow.all().length;
  await h.command('link', actor);
  await saidTo(h, actor.userId, /sign in to the tenant/, before);
  const grant = await waitFor(() => h.tenant.deviceFlow.all()[grants], 5_000, 'the device grant');
  if (tenantUser === 'deny') h.tenant.deviceFlow.deny(grant.userCode);
  else if (tenantUser !== 'none') h.tenant.deviceFlow.approve(grant.userCode, tenantUser);
  // The poll waits its interval on Warden's clock: move it until the flow ends.
  return waitFor(
    async () => {
      await h.clock.advance('6s');
      return texts(h, actor.userId)
        .slice(before)
        .find((t) => /Linked|denied|expired|not the one|cannot tell|did not complete/.test(t));
    },
    15_000,
    'the link to finish',
  );
}

/** The Review modal of a campaign and app, opened from a Review… button. */
export async function openReviewModal(
  h: Harness,
  actor: SlackActor,
  c: string,
  a: string,
): Promise<OpenView> {
  const seen = new Set([...h.slack.views.values()].map((v) => `${v.id}:${v.hash}`));
  await h.click(AccessReviewId.open, JSON.stringify({ c, a }), '1700000000.000100', actor);
  return waitFor(
    () =>
      [...h.slack.views.values()]
        .reverse()
        .find((v) => v.view.callback_id === 'reviews.modal' && !seen.has(`${v.id}:${v.hash}`) && !v.closed),
    8_000,
    'the Review modal',
  );
}

/** The modal as it now is (its last update). */
export const current = (h: Harness, viewId: string): OpenView | undefined => h.slack.views.get(viewId);

/** A click on a button of an open modal, as Slack sends it. */
export function clickIn(h: Harness, actor: SlackActor, view: OpenView, actionId: string, value: string) {
  return h.send(
    viewActionBody(actor, {
      view: { ...view.view, id: view.id },
      action: { action_id: actionId, value },
      triggerId: h.slack.issueTriggerId(),
    }),
  );
}

type Element = { action_id?: string; value?: string; text?: string | { text: string } };
type Block = { type: string; text?: { text: string }; elements?: Element[] };
const blocksOf = (v: OpenView) => (v.view.blocks ?? []) as Block[];

/** The value of the first button `actionId` on the task whose line mentions `subject`. */
export function taskButton(v: OpenView, subject: string, actionId: string): string {
  const blocks = blocksOf(v);
  const at = blocks.findIndex((b) => b.type === 'section' && b.text?.text.includes(subject));
  const button = blocks[at + 1]?.elements?.find((e) => e.action_id === actionId);
  if (!button?.value) throw new Error(`no ${actionId} for ${subject}`);
  return button.value;
}

/** Every text of the modal (sections and context). */
export const modalText = (v: OpenView | undefined): string =>
  v
    ? blocksOf(v)
        .flatMap((b) => [
          b.text?.text ?? '',
          ...(b.elements ?? []).map((e) => (e as { text?: string }).text ?? ''),
        ])
        .join('\n')
    : '';
