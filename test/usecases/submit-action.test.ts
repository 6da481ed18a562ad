import { describe, expect, it } from 'vitest';
import { submitFindingAction } from '../../src/usecases/findings/submit-action.js';
import { CHANGE_PORTS, lanePerTest } from '../helpers/lane.js';

const lane = lanePerTest();
const PORTS = [...CHANGE_PORTS, 'approvals'] as const;
const justification = 'Break-glass secret, monitored by the SIEM.';

describe('submitFindingAction: the one place four-eyes routes', () => {
  it('with approvers, an acceptance becomes a request in the card’s thread and nothing reaches the tenant', async () => {
    const l = await lane({ yaml: 'permissions:\n  acceptRisk: { approvers: S0SECLEADS }\n' });
    const card = await l.card('FND_UNUSED_SECRET');
    await submitFindingAction(l.pick(...PORTS), {
      findingId: 'FND_UNUSED_SECRET',
      action: { kind: 'acceptRisk', justification, expiresAt: new Date(Date.now() + 30 * 86_400_000) },
      actorId: 'U0ALICE',
      channel: card.channel,
      audience: { channel: card.channel, user: 'U0ALICE' },
      ref: 'r1',
    });
    expect(l.tenant.requests.filter((r) => r.path.endsWith('/state'))).toHaveLength(0);
    const [pending] = await l.store.pendingApprovals(Date.now());
    expect(pending).toMatchObject({ requesterId: 'U0ALICE', messageTs: card.ts, justification });
    expect(l.slack.thread(card.channel, card.ts)[0]?.text).toMatch(
      /Risk acceptance request for FND_UNUSED_SECRET/,
    );
  });

  it('without approvers, it goes to the tenant now; other actions always do', async () => {
    const l = await lane();
    await submitFindingAction(l.pick(...PORTS), {
      findingId: 'FND_UNUSED_SECRET',
      action: { kind: 'acceptRisk', justification, expiresAt: new Date(Date.now() + 30 * 86_400_000) },
      actorId: 'U0ALICE',
      channel: 'C0SECOPS',
      audience: { channel: 'C0SECOPS', user: 'U0ALICE' },
      ref: 'r2',
    });
    expect(l.tenant.findings.get('FND_UNUSED_SECRET', Date.now())?.state).toBe('FINDING_STATE_RISK_ACCEPTED');
    expect(await l.store.pendingApprovals(Date.now())).toHaveLength(0);
  });
});
