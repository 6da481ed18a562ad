import { describe, expect, it } from 'vitest';
import { changeFindingState } from '../../src/usecases/shared/change-finding-state.js';
import { waitFor } from '../helpers/harness.js';
import { CHANGE_PORTS, lanePerTest } from '../helpers/lane.js';

const lane = lanePerTest();
const PORTS = CHANGE_PORTS;
const audience = { channel: 'C0SECOPS', user: 'U0ALICE' };

describe('changeFindingState (through its ports)', () => {
  it('sends the change, replaces the card, replies in its thread, records it', async () => {
    const l = await lane();
    const card = await l.card('FND_SA_UNOWNED');
    const until = new Date(Date.now() + 7 * 86_400_000);
    const outcome = await changeFindingState(l.pick(...PORTS), {
      findingId: 'FND_SA_UNOWNED',
      action: { kind: 'snooze', reason: 'waiting on vendor', until },
      actorId: 'U0ALICE',
      audience,
      card,
      channel: card.channel,
      ref: 'ref-1',
    });
    expect(outcome).toMatchObject({ ok: true, card });
    expect(l.tenant.findings.get('FND_SA_UNOWNED', Date.now())?.state).toBe('FINDING_STATE_SNOOZED');
    expect(l.slack.messages.find((m) => m.ts === card.ts)?.edited).toBe(true);
    expect(l.slack.thread(card.channel, card.ts).map((m) => m.text)).toEqual([
      expect.stringMatching(/^<@U0ALICE> snoozed this until <!date\^\d+\^.*: waiting on vendor$/),
    ]);
    const [entry] = await l.store.auditLog({ findingId: 'FND_SA_UNOWNED', limit: 5 });
    expect(entry).toMatchObject({ action: 'snooze', outcome: 'ok', user_id: 'U0ALICE' });
    expect((await l.store.seen(['FND_SA_UNOWNED'])).get('FND_SA_UNOWNED')?.state).toBe(
      'FINDING_STATE_SNOOZED',
    );
  });

  it('refuses a second change while one is in flight, sending nothing', async () => {
    const l = await lane();
    await l.ports.inflight.claim('FND_SNOOZED');
    const outcome = await changeFindingState(l.pick(...PORTS), {
      findingId: 'FND_SNOOZED',
      action: { kind: 'reopen' },
      actorId: 'U0ALICE',
      audience,
      channel: 'C0SECOPS',
      ref: 'ref-2',
    });
    expect(outcome).toEqual({ ok: false, reason: 'busy' });
    expect(l.tenant.requests.filter((r) => r.path.endsWith('/state'))).toHaveLength(0);
    expect(l.slack.ephemerals[0]?.text).toMatch(/already in progress/);
    expect((await l.store.auditLog({ limit: 1 }))[0]?.outcome).toBe('busy');
  });

  it('a refusal by the tenant tells the person, keeps the card, and is audited as refused', async () => {
    const l = await lane();
    const card = await l.card('FND_SNOOZED');
    l.tenant.faults.add({
      method: 'POST',
      path: /\/state$/,
      status: 400,
      body: { code: 9, message: 'not now' },
    });
    const outcome = await changeFindingState(l.pick(...PORTS), {
      findingId: 'FND_SNOOZED',
      action: { kind: 'reopen' },
      actorId: 'U0ALICE',
      audience,
      card,
      channel: card.channel,
      ref: 'ref-3',
    });
    expect(outcome).toMatchObject({
      ok: false,
      reason: 'refused',
      error: expect.objectContaining({ kind: 'invalid' }),
    });
    expect(l.slack.messages.find((m) => m.ts === card.ts)?.edited).toBeUndefined();
    expect(l.slack.thread(card.channel, card.ts)).toHaveLength(0);
    expect(l.slack.ephemerals[0]?.text).toMatch(/The tenant refused to reopen finding .*not now/);
    expect((await l.store.auditLog({ limit: 1 }))[0]).toMatchObject({ outcome: 'refused' });
    // the claim is released: the next change goes through
    expect(await l.ports.inflight.claim('FND_SNOOZED')).toBe(true);
  });

  it('posts a card where the finding had none, and replaces the ones it had elsewhere', async () => {
    const l = await lane();
    const elsewhere = await l.card('FND_SNOOZED', 'C0OTHER');
    await changeFindingState(l.pick(...PORTS), {
      findingId: 'FND_SNOOZED',
      action: { kind: 'reopen' },
      actorId: 'U0BOB',
      audience: { channel: 'C0SECOPS', user: 'U0BOB' },
      channel: 'C0SECOPS',
      ref: 'ref-4',
    });
    const posted = await waitFor(() =>
      l.slack.messages.find((m) => m.channel === 'C0SECOPS' && !m.thread_ts),
    );
    expect(l.slack.messages.find((m) => m.ts === elsewhere.ts)?.edited).toBe(true);
    expect(l.slack.thread('C0OTHER', elsewhere.ts)[0]?.text).toBe('<@U0BOB> reopened this.');
    expect(l.slack.thread('C0SECOPS', posted.ts)[0]?.text).toBe('<@U0BOB> reopened this.');
    expect((await l.store.messagesFor('FND_SNOOZED')).map((m) => m.channel).sort()).toEqual([
      'C0OTHER',
      'C0SECOPS',
    ]);
  });
});
