import { seedCampaigns, seedFindings } from '@warden/simulators';
import { type FormKind, formOf } from '../../../src/blockkit/action-table.js';
import type { HomeData } from '../../../src/blockkit/home.js';
import { groupReviews, type ReviewTask } from '../../../src/domain/access-review.js';
import { answersFor } from '../../../src/domain/attest.js';
import { DEFAULT_CLOSURE_REASONS } from '../../../src/domain/closure.js';
import { emptyBucket } from '../../../src/domain/sla-report.js';
import { SetupEntitlementAndScopeResponseSchema } from '../../../src/model/campaign.js';
import { FindingSchema } from '../../../src/model/finding.js';
import type { Approval } from '../../../src/ports/store.js';

/**
 * Realistic inputs for every surface src/blockkit renders (surfaces.ts): the simulated tenant's
 * seeds, approvals, access-review tasks and a campaign as Warden reads them.
 */
export const now = new Date('2026-11-25T09:00:00Z');
export const at = now.getTime();
export const seeds = seedFindings().map((s) => FindingSchema.parse(s));
/** The first seed in a state, with a title and a severity: what a channel really sees. */
const inState = (state: string) => {
  const f = seeds.find((s) => s.state === state && s.severity);
  if (!f) throw new Error(`no seed in ${state}`);
  return f;
};
export const OPEN = inState('FINDING_STATE_OPEN');
export const SNOOZED = inState('FINDING_STATE_SNOOZED');
export const twenty = seeds.filter((s) => s.severity).slice(0, 20);

export const approval = (over: Partial<Approval> = {}): Approval => ({
  id: 'apr_1',
  findingId: OPEN.id,
  requesterId: 'U0ALICE',
  justification: 'break-glass secret, monitored by the SIEM',
  riskExpiresAt: at + 30 * 86_400_000,
  channel: 'C0SECOPS',
  messageTs: null,
  requestTs: null,
  status: 'pending',
  decidedBy: null,
  decisionReason: null,
  createdAt: at,
  expireAt: at + 86_400_000,
  findingIds: null,
  ...over,
});
export const task = (i: number): ReviewTask => ({
  id: `TK_${i}`,
  number: String(i),
  campaignId: 'AR_1',
  campaignName: 'Q4 access review',
  dueAt: at + 86_400_000,
  appId: 'APP_1',
  appName: 'GitHub',
  entitlementId: `ENT_${i}`,
  // names as data the pseudo test recognizes (it skips templates with a placeholder)
  entitlementName: ['Role', i].join(' '),
  subjectId: `IU_${i}`,
  subjectName: ['Person', i].join(' '),
  state: 'open',
  outcome: undefined,
  stepId: 'PS_1',
  assignees: ['IU_ALICE'],
  stepUp: false,
  mayReassign: true,
  reasonToRevoke: true,
  reasonToCertify: false,
  decidedBy: undefined,
});
export const tasks = Array.from({ length: 6 }, (_, i) => task(i));
export const group = groupReviews(tasks)[0] ?? (undefined as never);
export const formMeta = { c: 'AR_1', a: 'APP_1', p: 0, t: 'TK_1', s: 'PS_1', root: 'V1' };
export const campaign = SetupEntitlementAndScopeResponseSchema.parse(seedCampaigns().CAMP_FULL);
export const modalMeta = {
  findingId: OPEN.id,
  channel: 'C0SECOPS',
  ts: '1763800000.000100',
  tz: 'Europe/Berlin',
};
export const containMeta = { id: 'ctn_abcdefgh12', findingId: OPEN.id, targetKey: 'k', channel: 'C0SECOPS' };
export const option = {
  action: 'revoke' as const,
  entitlementId: 'ENT_1',
  words: { app: 'GitHub', entitlement: 'Admin', account: 'etl-bot' },
  appId: 'APP_1',
  appUserId: 'AU_1',
};
export const figures = {
  windows: [{ from: at - 7 * 86_400_000, to: at }],
  totals: [{ ...emptyBucket(), acks: 3, ackMsTotal: 3_600_000, closures: 2, closeMsTotal: 7_200_000 }],
  bySeverity: new Map([
    ['FINDING_SEVERITY_HIGH', { ...emptyBucket(), closures: 2, withTarget: 2, withinSla: 1 }],
  ]),
  byType: new Map(),
  mostOverdue: [
    { findingId: OPEN.id, severity: 'FINDING_SEVERITY_HIGH', findingType: null, lateMs: 3_600_000 },
  ],
  findings: 5,
  events: 12,
};
export const answers = answersFor('FINDING_TYPE_DECOY_USED', undefined);
export const history = {
  findingId: OPEN.id,
  entries: [
    {
      at: now.toISOString(),
      eventType: 'FINDING_AUDIT_EVENT_TYPE_STATE_CHANGED',
      actor: { kind: 'person' as const, slackUserId: 'U0ALICE', viaWarden: true },
      state: 'FINDING_STATE_SNOOZED',
      severity: 'FINDING_SEVERITY_HIGH',
      ticketId: undefined,
      bulkOperationId: undefined,
    },
  ],
  page: 0,
  total: 1,
  truncated: false,
};
export const form = (kind: FormKind) =>
  formOf(kind).render({
    finding: OPEN,
    meta: modalMeta,
    maxDays: 365,
    closureReasons: DEFAULT_CLOSURE_REASONS,
  });
export const homeData: HomeData = {
  userId: 'U0BOB',
  questions: [
    {
      askId: 'ask_1',
      findingId: OPEN.id,
      type: 'FINDING_TYPE_DECOY_USED',
      answers,
      askedAt: at,
      link: undefined,
    },
    {
      askId: 'ask_2',
      findingId: SNOOZED.id,
      type: 'FINDING_TYPE_DECOY_USED',
      answers,
      askedAt: at,
      link: undefined,
    },
  ],
  waiting: [
    approval(),
    approval({ id: 'apr_2', findingId: SNOOZED.id }),
    approval({ id: 'apr_3', findingIds: twenty.slice(0, 5).map((f) => f.id) }),
  ],
  mine: [approval({ status: 'approved', decidedBy: 'U0BOB' })],
  ending: twenty.slice(0, 3).map((f, i) => ({
    jobId: `job_${i}`,
    findingId: f.id,
    action: 'snooze' as const,
    endsAt: at + 86_400_000,
    link: undefined,
    extend: true,
  })),
  recent: [
    {
      entry: {
        id: 'a1',
        at,
        user_id: 'U0BOB',
        channel: 'C0SECOPS',
        finding_id: OPEN.id,
        team_id: 'T0ACME',
        action: 'suppress',
        params: {},
        outcome: 'ok',
        error: null,
      },
      link: undefined,
    },
  ],
  now: at,
  reviews: { linked: true, clientName: 'Warden', groups: groupReviews(tasks) },
};
