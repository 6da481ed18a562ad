import { z } from 'zod';
import { LifecycleId } from '../../blockkit/ids.js';
import { notYours, reminderGone } from '../../blockkit/interaction-words.js';
import { isResourceId } from '../../domain/finding-id.js';
import type { Ports } from '../../ports/index.js';
import {
  pressExtend,
  pressLetEnd,
  type ReminderClick,
  type ReminderTarget,
  reminderTarget,
} from '../../usecases/lifecycle/extend-end.js';
import { openHome } from '../../usecases/lifecycle/publish-home.js';
import { action, type Click, type EventRoute, type Granted } from '../route.js';

const HomeOpenedSchema = z.looseObject({
  event: z.looseObject({
    type: z.literal('app_home_opened'),
    user: z.string().regex(/^[UW][A-Z0-9]{2,30}$/),
    tab: z.string().nullish(),
  }),
});

/** A reminder's job, loaded once by the access check and handed to the use case. */
interface Job {
  jobId: string;
  loaded?: Promise<ReminderTarget | undefined>;
}
const jobOf = (c: Click): Job | undefined => (isResourceId(c.value) ? { jobId: c.value } : undefined);
const load = (p: Ports, j: Job, userId: string) => {
  j.loaded ??= reminderTarget(p, j.jobId, userId);
  return j.loaded;
};

/** The reminder's click as its use cases take it, with the job the access check loaded. */
async function withTarget(
  p: Ports,
  j: Job,
  c: Click,
  run: (
    t: ReminderClick & { target: ReminderTarget; viewId: string; message: Click['message'] },
  ) => Promise<void>,
) {
  const target = await load(p, j, c.userId);
  if (!target) return;
  const { userId, audience, ref, message } = c;
  await run({ jobId: j.jobId, userId, audience, ref, message, viewId: c.viewId ?? '', target });
}

async function mayChange(p: Ports, j: Job, c: Click, ownIsEnough: boolean): Promise<Granted> {
  const t = await load(p, j, c.userId);
  if (!t) return { gone: reminderGone() };
  if (ownIsEnough && (c.userId === t.job.madeBy || c.userId === t.job.approvedBy)) return { own: true };
  // Someone else's Let it end is judged in the channel of the finding's card Warden recorded, not
  // the one the payload names (a payload can point anywhere).
  const channel = ownIsEnough ? (t.card?.channel ?? c.message?.channel) : t.channel;
  return {
    kind: 'act',
    userId: c.userId,
    action: t.end.action,
    channel,
    ...(ownIsEnough ? { refusedAs: notYours() } : { findingId: t.end.findingId, cardTs: t.card?.ts }),
  };
}

const HOME: EventRoute = {
  kind: 'event',
  event: 'app_home_opened',
  access: { none: "a person's own Home tab, showing only what they may see" },
  async run(p, body) {
    const parsed = HomeOpenedSchema.safeParse(body);
    if (!parsed.success || (parsed.data.event.tab && parsed.data.event.tab !== 'home')) return;
    const userId = parsed.data.event.user;
    try {
      await openHome(p, userId);
      p.metrics.homePublished.inc({ outcome: 'ok' });
    } catch (error) {
      p.metrics.homePublished.inc({ outcome: 'failed' });
      throw error;
    }
  },
};

/** A reminder's Extend… / Let it end (also Extend… on the Home tab), and the Home tab opening. */
export const LIFECYCLE_ROUTES = [
  action({
    ids: [LifecycleId.extend],
    what: 'open the form',
    value: jobOf,
    belongs: (j) => ({ job: j.jobId }),
    modal: 'open',
    access: (p, j, c) => mayChange(p, j, c, false),
    run: (p, j, c) => withTarget(p, j, c, (t) => pressExtend(p, t)),
  }),
  action({
    ids: [LifecycleId.letEnd],
    what: 'let it end',
    value: jobOf,
    belongs: (j) => ({ job: j.jobId }),
    access: (p, j, c) => mayChange(p, j, c, true),
    run: (p, j, c) => withTarget(p, j, c, (t) => pressLetEnd(p, t)),
  }),
  HOME,
];
