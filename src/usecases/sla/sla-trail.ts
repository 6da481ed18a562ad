/**
 * The tenant's whole audit trail for the SLA report, read as several time ranges at once and
 * handed on in time order (issue 38: 500,000 events in seconds). One cursor is one request at a
 * time, each page waiting for the last (the vendor's pages hold at most 100 events); ranges that
 * do not overlap are independent searches (`since` inclusive, `until` exclusive), so a few can be
 * read side by side while the report reads the oldest. Each range keeps at most `buffered` events
 * its reader has not taken, then waits: memory stays bounded whatever the trail's size.
 */

export interface TimeRange {
  since?: number | undefined;
  until: number;
}

/**
 * The ranges the report reads: everything before `from` (a finding created before the report's
 * periods and closed in them needs its creation), then [from, until) in `count` equal parts.
 */
export function trailRanges(from: number, until: number, count: number): TimeRange[] {
  const ranges: TimeRange[] = [{ until: from }];
  const width = Math.ceil((until - from) / count);
  for (let since = from; since < until; since += width)
    ranges.push({ since, until: Math.min(until, since + width) });
  return ranges;
}

interface Slot<T> {
  items: T[];
  done: boolean;
  failed: { error: unknown } | undefined;
  /** Wakes whoever waits on this slot: the reader for items (it holds none), or the pump for room (it is full). */
  wake: (() => void) | undefined;
}

/**
 * The events of `ranges`, in their order, as batches (whatever arrived since the last one):
 * `concurrent` ranges are read at a time. A range that fails throws when its turn comes; stopping
 * early stops the reads.
 */
export async function* inRangeOrder<T>(
  read: (range: TimeRange) => AsyncIterable<T>,
  ranges: readonly TimeRange[],
  opts: { concurrent: number; buffered: number },
): AsyncGenerator<T[], void, undefined> {
  const slots: Slot<T>[] = ranges.map(() => ({ items: [], done: false, failed: undefined, wake: undefined }));
  let reading = 0;
  let stopped = false;
  const wake = (slot: Slot<T>) => {
    const w = slot.wake;
    slot.wake = undefined;
    w?.();
  };
  const pump = async (i: number) => {
    const slot = slots[i] as Slot<T>;
    try {
      for await (const item of read(ranges[i] as TimeRange)) {
        if (stopped) return;
        slot.items.push(item);
        if (i === reading) wake(slot);
        // a full range waits for its reader to take what it holds
        while (slot.items.length >= opts.buffered && !stopped)
          await new Promise<void>((resolve) => {
            slot.wake = resolve;
          });
      }
    } catch (error) {
      slot.failed = { error };
    } finally {
      slot.done = true;
      wake(slot);
    }
  };
  let started = 0;
  const startUpTo = (n: number) => {
    for (; started < Math.min(n, ranges.length); started++) void pump(started);
  };
  try {
    for (; reading < ranges.length; reading++) {
      const slot = slots[reading] as Slot<T>;
      startUpTo(reading + opts.concurrent);
      for (;;) {
        if (slot.items.length > 0) {
          const batch = slot.items;
          slot.items = [];
          // its pump may be waiting for room (the reader never waits while items are there)
          wake(slot);
          yield batch;
          continue;
        }
        if (slot.done) break;
        await new Promise<void>((resolve) => {
          slot.wake = resolve;
        });
      }
      if (slot.failed) throw slot.failed.error;
    }
  } finally {
    stopped = true;
    for (const slot of slots) wake(slot);
  }
}
