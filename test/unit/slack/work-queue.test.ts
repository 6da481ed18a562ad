import { describe, expect, it } from 'vitest';
import { WorkQueue } from '../../../src/slack/work-queue.js';

const tick = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('WorkQueue', () => {
  it('runs at most `concurrency` at once and the rest in order', async () => {
    const q = new WorkQueue(2, 10);
    let running = 0;
    let peak = 0;
    const order: number[] = [];
    const jobs = Array.from({ length: 6 }, (_, i) =>
      q.run(async () => {
        running++;
        peak = Math.max(peak, running);
        await tick(10);
        order.push(i);
        running--;
        return i;
      }),
    );
    expect(await Promise.all(jobs)).toEqual([0, 1, 2, 3, 4, 5]);
    expect(peak).toBe(2);
    expect(order).toEqual([0, 1, 2, 3, 4, 5]);
    expect(q.size).toBe(0);
  });

  it('says when it is full, and a failing job frees its place', async () => {
    const q = new WorkQueue(1, 2);
    const blocker = q.run(() => tick(30));
    const failing = q.run(() => Promise.reject(new Error('boom')));
    expect(q.full).toBe(false);
    const third = q.run(() => tick(1));
    expect(q.full).toBe(true);
    await expect(failing).rejects.toThrow('boom');
    await Promise.all([blocker, third]);
    expect(q.full).toBe(false);
  });

  it('drains within a deadline, or says it did not', async () => {
    const q = new WorkQueue(4);
    void q.run(() => tick(20));
    expect(await q.drain(1_000)).toBe(true);
    void q.run(() => tick(500));
    expect(await q.drain(20)).toBe(false);
  });
});
