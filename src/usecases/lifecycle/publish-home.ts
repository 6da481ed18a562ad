import { findingLabel } from '../../blockkit/finding-details.js';
import { HOME_LISTED, type HomeEnding, renderHome } from '../../blockkit/home.js';
import { messageLink } from '../../blockkit/links.js';
import { safeMrkdwn } from '../../blockkit/mrkdwn.js';
import { cardClockLine } from '../../blockkit/sla-words.js';
import { targetStateOf } from '../../domain/actions.js';
import { answersFor } from '../../domain/attest.js';
import { FINDING_TYPES, type FindingTypeMember } from '../../domain/finding-type.js';
import { clocksAt } from '../../domain/sla.js';
import type { Ports } from '../../ports/index.js';
import type { LifecycleJob } from '../../ports/lifecycle.js';
import type { Approval, SeenRecord } from '../../ports/store.js';
import { TtlCache } from '../../ttl-cache.js';
import { reviewHomeOf } from '../access-reviews/review-home.js';
import { isApprover } from '../approvals/approvers.js';
import { containsWaiting, type PendingContainPorts } from '../contain/pending-contain.js';
import { type AuthorizePorts, mayAct } from '../shared/authorize.js';
import { channelCards, endPayloadOf } from '../shared/lifecycle-job.js';
import { asPerson } from '../shared/speech.js';

/**
 * The Home tab (views.publish): built for one person from the store, as far as they may see —
 * requests to decide only for an approver (never their own), their own requests, the snoozes and
 * acceptances they made or approved that end within 7 days (Extend… where they may still act),
 * the attestation questions waiting for their answer, and their last actions with links to the cards.
 */
export type HomePorts = AuthorizePorts &
  Pick<Ports, 'approvals' | 'lifecycle' | 'views' | 'asks' | 'seen'> &
  PendingContainPorts &
  Parameters<typeof reviewHomeOf>[0] &
  Partial<Pick<Ports, 'sla' | 'names'>> & { findings?: Pick<Ports['findings'], 'get'> };

const WEEK_MS = 7 * 86_400_000;
const SHOWN_OUTCOMES = new Set(['ok', 'requested']);

/** The finding's newest card in a channel, and the link to it. */
async function cardOf(p: HomePorts, findingId: string) {
  const card = (await channelCards(p, findingId).catch(() => [])).at(-1);
  return card && { channel: card.channel, link: messageLink(p.settings.workspaceUrl, card.channel, card.ts) };
}

/** The person's Home, in their language (Slack's `locale` for them). */
export function publishHome(p: HomePorts, userId: string): Promise<void> {
  return asPerson(p, userId, () => publishHomeOf(p, userId));
}

async function publishHomeOf(p: HomePorts, userId: string): Promise<void> {
  const now = p.clock();
  const [approver, mine, jobs, recent, asks, reviews, contains] = await Promise.all([
    isApprover(p, userId),
    p.approvals.approvalsBy(userId, 10),
    p.lifecycle.pendingJobs('end', now + WEEK_MS, { person: userId, limit: 20 }),
    p.audit.auditLog({ userId, limit: 40 }),
    p.asks.openAsksOf(userId, HOME_LISTED.questions + 1),
    reviewHomeOf(p, userId),
    containsWaiting(p, userId),
  ]);
  // Attestation: the questions still waiting for this person's answer, with their buttons.
  const questions = await Promise.all(
    asks.map(async (a) => ({
      askId: a.id,
      findingId: a.findingId,
      type: a.findingType,
      answers: answersFor(a.findingType, p.settings.attest.rules[a.findingType as FindingTypeMember]),
      askedAt: a.createdAt,
      link: (await cardOf(p, a.findingId))?.link,
    })),
  );
  const waiting: Approval[] | undefined = approver
    ? (await p.approvals.pendingApprovals(now)).filter((a) => a.requesterId !== userId)
    : undefined;
  const ending: HomeEnding[] = [];
  for (const { job, end } of await stillEnding(p, jobs)) {
    const card = await cardOf(p, end.findingId);
    ending.push({
      jobId: job.id,
      findingId: end.findingId,
      action: end.action,
      endsAt: end.endsAt,
      link: card?.link,
      extend: await mayAct(p, { kind: 'act', userId, action: end.action, channel: card?.channel }).catch(
        () => false,
      ),
    });
  }
  const shown = recent.filter((e) => SHOWN_OUTCOMES.has(e.outcome)).slice(0, 15);
  const activity = await Promise.all(
    shown.map(async (entry) => ({
      entry,
      link: entry.finding_id ? (await cardOf(p, entry.finding_id))?.link : undefined,
    })),
  );
  const overdue = await overdueOf(p, now);
  const labels = await labelsOf(p, [
    ...questions.map((q) => q.findingId),
    ...[...(waiting ?? []), ...mine].filter((a) => !a.findingIds).map((a) => a.findingId),
    ...ending.map((e) => e.findingId),
    ...activity.flatMap((a) => (a.entry.finding_id ? [a.entry.finding_id] : [])),
  ]);
  await p.views.publish(
    userId,
    renderHome({
      userId,
      questions,
      waiting,
      containWaiting: contains.filter((c) => c.decide),
      mine,
      ending,
      recent: activity,
      now,
      reviews,
      overdue,
      labels,
    }),
  );
}

/**
 * A finding's label never changes (its type and its target are fixed), while a tab is published
 * after every action of its person: labels are kept a quarter of an hour per process, so a busy
 * person's tab does not read its forty findings from the tenant each time. One cache per names
 * port (one per tenant client, whichever workspace asks).
 */
const LABEL_MS = 15 * 60_000;
/** A label made without the target's name (the tenant's names not read just now) is kept a minute. */
const UNNAMED_MS = 60_000;
type Label = { text: string; named: boolean };
const labelCaches = new WeakMap<object, TtlCache<Label>>();

function labelCacheOf(p: HomePorts, key: object): TtlCache<Label> {
  let cache = labelCaches.get(key);
  if (!cache) {
    cache = new TtlCache<Label>({ max: 5_000, now: p.clock });
    labelCaches.set(key, cache);
  }
  return cache;
}

/**
 * What each finding the tab lists is, by id: its type and its target's name, read from the tenant
 * (the names through the shared cache). A finding the tenant does not give now is left out (and
 * asked again next time): the tab shows its id rather than wait or fail.
 */
async function labelsOf(p: HomePorts, ids: readonly string[]): Promise<Map<string, string>> {
  const { findings } = p;
  if (!findings) return new Map();
  const cache = labelCacheOf(p, p.names ?? findings);
  const read = await Promise.all(
    [...new Set(ids)].map(async (id) => {
      try {
        const label = await cache.get(
          id,
          async () => {
            const finding = await findings.get(id);
            const names = await p.names?.targetNames(finding);
            return { text: findingLabel(finding, names), named: names?.target !== undefined };
          },
          (l) => (l.named ? LABEL_MS : UNNAMED_MS),
        );
        return [id, label.text] as const;
      } catch (error) {
        p.logger.debug({ err: error, findingId: id }, 'Home: finding not read, shown by id');
        return undefined;
      }
    }),
  );
  return new Map(read.filter((x) => x !== undefined));
}

/**
 * The ends that still hold: an end job stays pending past an Extend… or a Reopen (at its time it
 * says what became of the finding), so *Ending soon* lists one only while the finding is seen in
 * its state and no later end of it is scheduled. What cannot be read is listed as it is.
 */
async function stillEnding(p: HomePorts, jobs: readonly LifecycleJob[]) {
  const ends = jobs.flatMap((job) => {
    const end = endPayloadOf(job);
    return end ? [{ job, end }] : [];
  });
  const ids = [...new Set(ends.map((e) => e.end.findingId))];
  const seen = await p.seen.seen(ids).catch(() => new Map<string, SeenRecord>());
  const latest = new Map(
    await Promise.all(
      ids.map(async (id) => {
        const all = await p.lifecycle
          .pendingJobs('end', Number.MAX_SAFE_INTEGER, { subject: id, limit: 20 })
          .catch(() => []);
        return [id, Math.max(0, ...all.map((j) => endPayloadOf(j)?.endsAt ?? 0))] as const;
      }),
    ),
  );
  return ends.filter(({ end }) => {
    // The end holds while Warden last saw the finding in the state its action left.
    const state = seen.get(end.findingId)?.state;
    if (state && state !== targetStateOf(end.action)) return false;
    return end.endsAt >= (latest.get(end.findingId) ?? 0);
  });
}

/** app_home_opened: remembered (so the tab is refreshed after the person acts), then published. */
export async function openHome(p: HomePorts, userId: string): Promise<void> {
  await p.lifecycle.markHomeOpened(userId, p.clock());
  await publishHome(p, userId);
}

/** The Overdue section: this workspace's findings past their SLA, most overdue first, with links. */
async function overdueOf(p: HomePorts, now: number) {
  const sla = p.settings.sla;
  if (!sla || !p.sla) return undefined;
  const rows = await p.sla.overdueSlaClocks(10, p.settings.teamId).catch(() => []);
  return Promise.all(
    rows.flatMap((row) => {
      const c = clocksAt(sla.policy, row, sla.calendar, now);
      if (!c) return [];
      return [
        (async () => ({
          title: safeMrkdwn(
            FINDING_TYPES.find((t) => t.searchValue === row.findingType)?.title ?? row.findingId,
            80,
          ),
          line: cardClockLine(c, sla.calendar),
          link: (await cardOf(p, row.findingId))?.link,
        }))(),
      ];
    }),
  );
}
