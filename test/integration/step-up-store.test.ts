import { afterEach, describe, expect, it } from 'vitest';
import type { NewStepUp } from '../../src/ports/step-up.js';
import type { Store } from '../../src/ports/store.js';
import { backends } from '../helpers/stores.js';

const link = (id: string, expiresAt = 300_000): NewStepUp => ({
  id,
  userId: 'U0ALICE',
  key: 'suppress',
  findingIds: ['FND_1'],
  intent: { kind: 'finding', at: '2024-01-01T00:00:00.000Z' },
  channel: 'C0SECOPS',
  createdAt: 0,
  expiresAt,
});
const checks = (state: string) => ({ state, nonce: `n-${state}`, verifier: `v-${state}` });

describe.each(backends())('step-up links on $name', (backend) => {
  const opened: Store[] = [];
  let cleanup: (() => Promise<void>) | undefined;
  async function open(): Promise<Store> {
    const fresh = await backend.fresh();
    cleanup = fresh.cleanup;
    const store = await fresh.open();
    opened.push(store);
    return store;
  }
  afterEach(async () => {
    for (const s of opened.splice(0)) await s.close();
    await cleanup?.();
  });

  it('opens a link once, even two at a time, and takes its answer once', async () => {
    const store = await open();
    await store.createStepUp(link('L1'));
    const both = await Promise.all([
      store.startStepUp('L1', 10, checks('s1'), 'b1'),
      store.startStepUp('L1', 10, checks('s2'), 'b2'),
    ]);
    expect(both.filter((c) => c.ok)).toHaveLength(1);
    expect(both.find((c) => !c.ok)).toMatchObject({ ok: false, why: 'used' });
    const state = both.find((c) => c.ok)?.record?.nonce === 'n-s1' ? 's1' : 's2';
    const claimed = await store.claimStepUpCallback(state, 20);
    // The claim keeps the hash of the claiming browser's cookie with its own checks.
    expect(claimed).toMatchObject({
      ok: true,
      record: { userId: 'U0ALICE', findingIds: ['FND_1'], startedAt: 10, browser: `b${state.slice(1)}` },
    });
    expect(claimed.ok && claimed.record.intent).toEqual({ kind: 'finding', at: '2024-01-01T00:00:00.000Z' });
    expect(await store.claimStepUpCallback(state, 21)).toMatchObject({ ok: false, why: 'used' });
    expect(await store.claimStepUpCallback('nobody', 21)).toEqual({ ok: false, why: 'unknown' });
    expect(await store.startStepUp('nothing', 21, checks('s3'), 'b')).toEqual({ ok: false, why: 'unknown' });
  });

  it('a look at a link claims nothing; an expired one is refused for good by a look too', async () => {
    const store = await open();
    await store.createStepUp(link('P1', 100));
    expect(await store.peekStepUp('P1', 10)).toMatchObject({ ok: true, record: { status: 'pending' } });
    expect(await store.peekStepUp('P1', 20)).toMatchObject({ ok: true, record: { browser: undefined } });
    expect(await store.startStepUp('P1', 30, checks('p'), 'b')).toMatchObject({ ok: true });
    expect(await store.peekStepUp('P1', 40)).toMatchObject({ ok: false, why: 'used' });
    expect(await store.peekStepUp('nothing', 40)).toEqual({ ok: false, why: 'unknown' });
    await store.createStepUp(link('P2', 100));
    const [a, b] = await Promise.all([store.peekStepUp('P2', 100), store.peekStepUp('P2', 100)]);
    expect([a, b].filter((c) => !c.ok && c.why === 'expired' && c.settled)).toHaveLength(1);
    expect(await store.startStepUp('P2', 50, checks('q'), 'b')).toMatchObject({ ok: false, why: 'used' });
  });

  it('refuses an expired link for good', async () => {
    const store = await open();
    await store.createStepUp(link('L2', 100));
    expect(await store.startStepUp('L2', 100, checks('x'), 'b')).toMatchObject({ ok: false, why: 'expired' });
    expect(await store.startStepUp('L2', 50, checks('x'), 'b')).toMatchObject({ ok: false, why: 'used' });
    await store.createStepUp(link('L3', 100));
    expect(await store.startStepUp('L3', 50, checks('y'), 'b')).toMatchObject({ ok: true });
    expect(await store.claimStepUpCallback('y', 100)).toMatchObject({ ok: false, why: 'expired' });
  });

  it('keeps a workflow step’s execution id; the expiry sweep takes each expired one once', async () => {
    const store = await open();
    await store.createStepUp({ ...link('S1', 100), functionExecutionId: 'Fx1' });
    await store.createStepUp({ ...link('S2', 100), functionExecutionId: 'Fx2' });
    await store.createStepUp(link('C1', 100)); // a click's: not the sweep's
    await store.createStepUp({ ...link('S3', 500), functionExecutionId: 'Fx3' });
    expect(await store.startStepUp('S2', 50, checks('z'), 'b')).toMatchObject({
      ok: true,
      record: { functionExecutionId: 'Fx2' },
    });
    const [a, b] = await Promise.all([store.expireStepUpSteps(100), store.expireStepUpSteps(100)]);
    const swept = [...(a ?? []), ...(b ?? [])].map((r) => r.functionExecutionId).sort();
    expect(swept).toEqual(['Fx1', 'Fx2']);
    expect(await store.expireStepUpSteps(200)).toEqual([]);
    // the swept link, opened late, is used: its step is not failed twice
    expect(await store.startStepUp('S1', 200, checks('w'), 'b')).toMatchObject({ ok: false, why: 'used' });
    // an unswept expired one moves once, whoever opens it: the opener is told it settled it
    expect(await store.startStepUp('C1', 200, checks('v'), 'b')).toMatchObject({
      why: 'expired',
      settled: true,
    });
  });
});
