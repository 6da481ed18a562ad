import { afterEach, describe, expect, it } from 'vitest';
import type { Store } from '../../src/ports/store.js';
import { backends } from '../helpers/stores.js';

/** A four-eyes request made by a workflow step keeps the step's execution id (migration 0100). */
describe.each(backends())('approval requests of workflow steps on $name', (backend) => {
  const opened: Store[] = [];
  let cleanup: (() => Promise<void>) | undefined;
  afterEach(async () => {
    for (const s of opened.splice(0)) await s.close();
    await cleanup?.();
  });

  it('keeps the function_execution_id with the request, across connections and when it expires', async () => {
    const fresh = await backend.fresh();
    cleanup = fresh.cleanup;
    const store = await fresh.open();
    opened.push(store);
    const base = {
      findingId: 'FND_1',
      requesterId: 'U0ALICE',
      justification: 'j',
      riskExpiresAt: 10_000,
      channel: 'C0SECOPS',
      messageTs: null,
      createdAt: 1,
      expireAt: 100,
    };
    const fromStep = await store.createApproval({ ...base, functionExecutionId: 'Fx0ABC' });
    const fromCard = await store.createApproval(base);
    const other = await fresh.open();
    opened.push(other);
    expect((await other.getApproval(fromStep.id))?.functionExecutionId).toBe('Fx0ABC');
    expect((await other.getApproval(fromCard.id))?.functionExecutionId).toBeNull();
    const expired = await other.expireApprovals(200);
    expect(expired.map((a) => a.functionExecutionId).sort()).toEqual(['Fx0ABC', null].sort());
  });
});
