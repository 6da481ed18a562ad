import { linkPrompt } from '../../blockkit/access-review-messages.js';
import { renderReviewModal } from '../../blockkit/access-review-modal.js';
import { reviewWords } from '../../blockkit/access-review-words.js';
import type { ReviewTask } from '../../domain/access-review.js';
import type { Audience } from '../../ports/slack.js';
import { recordAudit } from '../shared/record-audit.js';
import { holdForStepUp, mustStepUp } from '../shared/step-up.js';
import { type DecidePorts, tellFailure } from './decide-review.js';
import { groupOf, refreshReview, type Scope } from './open-review.js';
import { credentialRefused, privateTo, reviewerOf, reviewsOf } from './reviewer.js';

/**
 * Certify unchanged: every open task of one campaign and app the person reviews, certified as
 * they confirmed (the confirmation named the count), each one its own approve with their own
 * credential. Tasks whose step asks for the tenant's step-up are left for one-by-one decisions.
 * The Review modal shows the progress (a few updates, not one per task) and the outcome; one
 * message sums it up. A credential the tenant stops accepting midway stops it, and unlinks.
 */

/** Approves at once: a few in flight, so 100 take seconds, not minutes, without flooding the tenant. */
const IN_FLIGHT = 4;
/** The modal shows progress at most this often. */
const PROGRESS_EVERY = 25;

export interface UnchangedInput {
  userId: string;
  audience: Audience;
  ref: string;
  scope: Scope;
  /** How many the confirmation named: more open now are left for the person to see first. */
  confirmed: number;
  rootViewId?: string | undefined;
  verifiedAt?: number | undefined;
}

export async function certifyUnchanged(p: DecidePorts, given: UnchangedInput): Promise<void> {
  const input = { ...given, audience: await privateTo(p, given.audience) };
  const r = await reviewerOf(p, input.userId);
  if (!r) {
    await p.privately.send(input.audience, linkPrompt(reviewWords.notLinked()));
    return;
  }
  if (mustStepUp(p, [{ key: 'review.certify' }], input.verifiedAt)) {
    const { rootViewId: _root, ...held } = input;
    await holdForStepUp(p, {
      key: 'review.certify',
      userId: input.userId,
      findingIds: [],
      audience: input.audience,
      intent: { kind: 'reviewUnchanged', ...held },
      ref: input.ref,
    });
    return;
  }
  let open: ReviewTask[];
  try {
    open = (await groupOf(r, input.scope)).tasks;
  } catch (error) {
    await tellFailure(p, input, error, r);
    return;
  }
  const eligible = open.filter((t) => !t.stepUp).slice(0, input.confirmed);
  const skipped = open.filter((t) => t.stepUp).length;
  let ok = 0;
  let failed = 0;
  let refused: unknown;
  let next = 0;
  const progress = async () => {
    if (!input.rootViewId) return;
    const group = await groupOf(r, input.scope).catch(() => undefined);
    if (!group) return;
    await p.views
      .update(
        input.rootViewId,
        renderReviewModal({
          group,
          scope: { c: input.scope.campaignId, a: input.scope.appId, p: 0 },
          pageSize: reviewsOf(p).settings.pageSize,
          notice: reviewWords.unchangedProgress(ok + failed, eligible.length),
        }),
      )
      .catch(() => undefined);
  };
  const worker = async () => {
    while (refused === undefined) {
      const task = eligible[next++];
      if (!task) return;
      try {
        await r.session.decide(task.id, { kind: 'approve', stepId: task.stepId });
        ok++;
      } catch (error) {
        if (credentialRefused(error)) refused = error;
        else {
          failed++;
          p.logger.warn(
            { err: error, ref: input.ref, task: task.id },
            'certify unchanged: one task not certified',
          );
        }
      }
      if ((ok + failed) % PROGRESS_EVERY === 0 && ok + failed < eligible.length) await progress();
    }
  };
  await Promise.all(Array.from({ length: Math.min(IN_FLIGHT, eligible.length) }, worker));
  await recordAudit(p, {
    userId: input.userId,
    channel: input.audience.channel,
    action: 'review.unchanged',
    outcome: refused ? 'failed' : failed ? 'failed' : 'ok',
    params: {
      ref: input.ref,
      campaign: input.scope.campaignId,
      app: input.scope.appId,
      certified: ok,
      failed,
      skipped,
      ...(input.verifiedAt ? { verifiedAt: new Date(input.verifiedAt).toISOString() } : {}),
    },
  });
  if (refused !== undefined) {
    await tellFailure(p, input, refused, r);
    return;
  }
  const words = reviewWords.unchangedDone(ok, failed, skipped);
  const shown = input.rootViewId
    ? await refreshReview(p, r, input.rootViewId, { ...input.scope, page: 0 }, words).catch(() => false)
    : false;
  // One message sums it up (the modal may have been closed meanwhile).
  if (!shown || failed) await p.privately.tell(input.audience, words);
}
