import { HOME_LISTED, type HomeEnding, renderHome } from '../../blockkit/home.js';
import { messageLink } from '../../blockkit/links.js';
import { safeMrkdwn } from '../../blockkit/mrkdwn.js';
import { cardClockLine } from '../../blockkit/sla-words.js';
import { answersFor } from '../../domain/attest.js';
import { FINDING_TYPES, type FindingTypeMember } from '../../domain/finding-type.js';
import { clocksAt } from '../../domain/sla.js';
import type { Ports } from '../../ports/index.js';
import type { Approval } from '../../ports/store.js';
import { reviewHomeOf } from '../access-reviews/review-home.js';
import { isApprover } from '../approvals/approvers.js';
import { containsWaiting, type PendingContainPorts } from '../contain/pending-contain.js';
import { type AuthorizePorts, mayAct } from '../shared/authorize.js';
import { channelCards, endPayloadOf } from '../shared/lifecycle-job.js';

/**
 * The Home tab (views.publish): built for one person from the store, as far as they may see —
 * requests to decide only for an approver (never their own), their own requests, the snoozes and
 * acceptances they made or approved that end within 7 days (Extend… where they may still act),
 * the attestation questions waiting for their answer, and their last actions with links to the cards.
 */
export type HomePorts = AuthorizePorts &
  Pick<Ports, 'approvals' | 'lifecycle' | 'views' | 'asks'> &
  PendingContainPorts &
  Parameters<typeof reviewHomeOf>[0] &
  Partial<Pick<Ports, 'sla'>>;

const WEEK_MS = 7 * 86_400_000;
const SHOWN_OUTCOMES = new Set(['ok', 'requested']);

/** The finding's newest card in a channel, and the link to it. */
async function cardOf(p: HomePorts, findingId: string) {
  const card = (await channelCards(p, findingId).catch(() => [])).at(-1);
  return card && { channel: card.channel, link: messageLink(p.settings.workspaceUrl, card.channel, card.ts) };
}

export async function publishHome(p: HomePorts, userId: string): Promise<void> {
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
  for (const job of jobs) {
    const end = endPayloadOf(job);
    if (!end) continue;
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
    }),
  );
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
