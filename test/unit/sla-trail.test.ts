import { describe, expect, it } from 'vitest';
import { inRangeOrder, type TimeRange, trailRanges } from '../../src/usecases/sla/sla-trail.js';

/** A gate a test opens by hand: reads wait on it instead of on time. */
function gate() {
  let open: () => void = () => undefined;
  const opened = new Promise<void>((resolve) => {
    open = resolve;
  });
  return { opened, open };
}

const drain = async <T>(batches: AsyncIterable<T[]>) => {
  const out: T[] = [];
  for await (const b of batches) out.push(...b);
  return out;
};

describe('trailRanges', () => {
  it('covers everything before `until` once: the history before `from`, then equal parts', () => {
    const ranges = trailRanges(1_000, 2_000, 4);
    expect(ranges).toEqual([
      { until: 1_000 },
      { since: 1_000, until: 1_250 },
      { since: 1_250, until: 1_500 },
      { since: 1_500, until: 1_750 },
      { since: 1_750, until: 2_000 },
    ]);
    // a length that does not divide: the last part ends at `until`, none beyond
    expect(trailRanges(0, 10, 3).at(-1)).toEqual({ since: 8, until: 10 });
  });
});

describe('inRangeOrder', () => {
  it('hands on the events in range order, though a later range is read first', async () => {
    const first = gate();
    const read = async function* (r: TimeRange) {
      if (r.until === 10) await first.opened; // the oldest range answers last
      for (let t = r.since ?? 0; t < r.until; t++) yield t;
    };
    const ranges = [{ until: 10 }, { since: 10, until: 20 }, { since: 20, until: 30 }];
    const all = drain(inRangeOrder(read, ranges, { concurrent: 3, buffered: 100 }));
    // the later ranges are read meanwhile; nothing is handed on before the oldest
    await new Promise((r) => setImmediate(r));
    first.open();
    expect(await all).toEqual(Array.from({ length: 30 }, (_, i) => i));
  });

  it('a range ahead holds at most `buffered` events until its turn', async () => {
    const first = gate();
    let readAhead = 0;
    const read = async function* (r: TimeRange) {
      if (r.until === 1) {
        await first.opened;
        yield 0;
        return;
      }
      for (let i = 0; i < 50; i++) {
        readAhead++;
        yield i;
      }
    };
    const trail = inRangeOrder(read, [{ until: 1 }, { since: 1, until: 2 }], { concurrent: 2, buffered: 5 });
    const firstBatch = trail.next();
    for (let k = 0; k < 20; k++) await new Promise((r) => setImmediate(r));
    // five held, the sixth read and waiting for room
    expect(readAhead).toBeLessThanOrEqual(6);
    first.open();
    expect((await firstBatch).value).toEqual([0]);
    let rest = 0;
    for await (const b of trail) rest += b.length;
    expect(rest).toBe(50);
  });

  it("a range that fails throws at its turn, after the earlier ranges' events", async () => {
    const read = async function* (r: TimeRange) {
      if (r.since === 1) throw new Error('the tenant failed');
      yield r.since ?? 0;
    };
    const seen: number[] = [];
    const run = async () => {
      for await (const b of inRangeOrder(read, [{ until: 1 }, { since: 1, until: 2 }], {
        concurrent: 2,
        buffered: 5,
      }))
        seen.push(...b);
    };
    await expect(run()).rejects.toThrow('the tenant failed');
    expect(seen).toEqual([0]);
  });
});
