import type { App } from '@slack/bolt';
import { z } from 'zod';
import { REVIEW_PAGE_ID, REVIEW_PICKED_ID, ReviewBlockId, ReviewId } from '../blockkit/ids.js';
import { parseReviewMetadata } from '../blockkit/review.js';
import { FINDING_ACTION_KINDS } from '../domain/actions.js';
import { isResourceId } from '../domain/finding-id.js';
import { actOnPicked, actOnReviewedFinding, turnReviewPage } from '../usecases/review-group.js';
import type { ListenerContext } from './context.js';
import { BlockActionSchema } from './payloads.js';
import { refOf } from './ref.js';

/** A click inside Review: the modal it came from (its id, metadata and the picks' state). */
const ReviewActionSchema = BlockActionSchema.extend({
  view: z.looseObject({
    id: z.string().min(1).max(64),
    private_metadata: z.string().nullish(),
    state: z.looseObject({ values: z.unknown() }).nullish(),
  }),
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

const PicksSchema = z.record(
  z.string(),
  z.record(
    z.string(),
    z.looseObject({ selected_options: z.array(z.looseObject({ value: z.string() })).nullish() }),
  ),
);

/** The finding ids ticked on the page (only well-formed ids; membership is checked later). */
function picksOf(values: unknown): string[] {
  const parsed = PicksSchema.safeParse(values);
  const options = parsed.success
    ? parsed.data[ReviewBlockId.pick]?.[ReviewId.pick]?.selected_options
    : undefined;
  return (options ?? [])
    .map((o) => o.value)
    .filter(isResourceId)
    .slice(0, 10);
}

const PICKED_KINDS = ['snooze', 'suppress', 'acceptRisk', 'reopen'] as const;

/** Paging, the picks, the bulk buttons for the picks and each finding's overflow, inside Review. */
export function registerReviewListeners(app: App, { ports, work }: ListenerContext): void {
  // Ticking a box is state for later clicks: acknowledged, nothing to do.
  app.action(ReviewId.pick, async ({ ack }) => ack());

  const inReview = (
    handle: (c: {
      body: z.output<typeof ReviewActionSchema>;
      groupId: string;
      page: number;
      ref: string;
    }) => Promise<void>,
  ) =>
    (async ({ ack, body, context }) => {
      await ack();
      await work.run(async () => {
        const ref = refOf(context);
        const parsed = ReviewActionSchema.safeParse(body);
        const meta = parsed.success
          ? parseReviewMetadata(parsed.data.view.private_metadata ?? undefined)
          : undefined;
        if (!parsed.success || !meta) return ports.logger.warn({ ref }, 'unreadable Review action ignored');
        await handle({ body: parsed.data, groupId: meta.groupId, page: meta.page, ref });
      });
    }) satisfies Parameters<App['action']>[1];

  app.action(
    REVIEW_PAGE_ID,
    inReview(async ({ body, groupId, page, ref }) => {
      const to = Number(body.actions[0]?.value ?? Number.NaN);
      const target = Number.isInteger(to) && to >= 0 ? to : page;
      await turnReviewPage(ports, { groupId, userId: body.user.id, ref, viewId: body.view.id, page: target });
    }),
  );

  app.action(
    REVIEW_PICKED_ID,
    inReview(async ({ body, groupId, page, ref }) => {
      const id = body.actions[0]?.action_id ?? '';
      const kind = PICKED_KINDS.find((k) => `${ReviewId.pickedPrefix}${k}` === id);
      if (!kind) return;
      await actOnPicked(ports, {
        kind,
        groupId,
        page,
        ref,
        userId: body.user.id,
        picked: picksOf(body.view.state?.values),
        triggerId: body.trigger_id,
        viewId: body.view.id,
      });
    }),
  );

  app.action(
    ReviewId.finding,
    inReview(async ({ body, groupId, page, ref }) => {
      const [kindText = '', findingId = ''] = (body.actions[0]?.selected_option?.value ?? '').split(' ');
      const kind = FINDING_ACTION_KINDS.find((k) => k === kindText);
      if (!kind || !isResourceId(findingId))
        return ports.logger.warn({ ref }, 'Review overflow with an invalid value');
      await actOnReviewedFinding(ports, {
        kind,
        findingId,
        groupId,
        page,
        ref,
        userId: body.user.id,
        triggerId: body.trigger_id,
        viewId: body.view.id,
      });
    }),
  );
}
