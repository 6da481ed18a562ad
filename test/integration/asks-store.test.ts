import { afterEach, describe, expect, it } from 'vitest';
import type { NewAsk } from '../../src/ports/asks.js';
import type { Store } from '../../src/ports/store.js';
import { backends } from '../helpers/stores.js';

const ask = (findingId: string, over: Partial<NewAsk> = {}): NewAsk => ({
  findingId,
  findingType: 'decoyCredentialUsed',
  who: 'owner',
  identityUserId: 'IU_ALICE',
  slackUserId: 'U0ALICE',
  unreachable: null,
  channel: 'C0SECOPS',
  cardTs: '1.000100',
  ...over,
});

/** Attestation asks (store/queries/asks.ts) on SQLite and PostgreSQL alike, two replicas on one store. */
describe.each(backends())('attestation asks on $name', (backend) => {
  const opened: Store[] = [];
  let cleanup: (() => Promise<void>) | undefined;
  async function pair(): Promise<[Store, Store]> {
    const fresh = await backend.fresh();
    cleanup = fresh.cleanup;
    const a = await fresh.open();
    const b = await fresh.open();
    opened.push(a, b);
    return [a, b];
  }
  afterEach(async () => {
    for (const s of opened.splice(0)) await s.close();
    await cleanup?.();
  });

  it('one ask per finding: a repeat on another replica gets the first', async () => {
    const [a, b] = await pair();
    const first = await a.createAsk(ask('FND_1'), 1_000);
    const again = await b.createAsk(ask('FND_1', { slackUserId: 'U0EVE' }), 2_000);
    expect(again).toEqual(first);
    expect(first).toMatchObject({
      slackUserId: 'U0ALICE',
      answer: null,
      escalatedAt: null,
      createdAt: 1_000,
    });
    await a.setAskQuestion(first.id, 'D0ALICE', '2.000200');
    expect(await b.getAsk(first.id)).toMatchObject({ questionChannel: 'D0ALICE', questionTs: '2.000200' });
  });

  it('an answer is taken once; an escalation is marked once, and can be taken back', async () => {
    const [a, b] = await pair();
    const { id } = await a.createAsk(ask('FND_2'), 1_000);
    expect(await a.openAsksOf('U0ALICE', 10)).toHaveLength(1);
    const answers = await Promise.all([
      a.answerAsk(id, { answer: 'no', by: 'U0ALICE', note: null }, 2_000),
      b.answerAsk(id, { answer: 'yes', by: 'U0ALICE', note: null }, 2_000),
    ]);
    expect(answers.filter(Boolean)).toHaveLength(1);
    expect(await a.openAsksOf('U0ALICE', 10)).toHaveLength(0);
    expect(await a.markAskEscalated(id, 3_000)).toBe(true);
    expect(await b.markAskEscalated(id, 3_000)).toBe(false);
    await a.clearAskEscalated(id);
    expect(await b.markAskEscalated(id, 4_000)).toBe(true);
    expect((await a.getAsk(id))?.escalatedAt).toBe(4_000);
  });
});
