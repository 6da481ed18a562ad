import { afterEach, describe, expect, it } from 'vitest';
import { RetentionSchema } from '../../src/config-sections/retention.js';
import { sweepRetention } from '../../src/delivery/retention.js';
import { createLogger } from '../../src/logger.js';
import type { FindingNote } from '../../src/ports/notes.js';
import { realTimers } from '../../src/timers.js';
import { backends } from '../helpers/stores.js';

/**
 * A finding's notes (migrations 0105, 0106) on both stores: one message once per finding, newest
 * first, and the retention sweep deleting them with the audit log's age (`auditDays`), in batches.
 */

const DAY = 86_400_000;
const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

const note = (n: number, findingId: string, createdAt: number): FindingNote => ({
  id: `note_${n.toString(16).padStart(18, '0')}`,
  findingId,
  userId: 'U0ALICE',
  text: `words ${n}`,
  truncated: false,
  permalink: n % 2 ? `https://acme.slack.example/archives/C0SECOPS/p${n}` : undefined,
  channel: 'C0SECOPS',
  messageTs: `1763800000.${String(n).padStart(6, '0')}`,
  createdAt,
});

describe.each(backends())('finding notes on $name', (backend) => {
  it('keeps one message once per finding, newest first; the sweep deletes them past auditDays, in batches', async () => {
    const db = await backend.fresh();
    const store = await db.open();
    cleanups.push(
      () => db.cleanup(),
      () => store.close(),
    );
    const now = Date.now();
    for (let i = 0; i < 23; i++)
      expect(await store.addNote(note(i, 'FND_OLD', now - 400 * DAY + i))).toBe(true);
    expect(await store.addNote(note(100, 'FND_NEW', now - 300 * DAY))).toBe(true);
    expect(await store.addNote(note(101, 'FND_NEW', now - DAY))).toBe(true);
    // the same message on the same finding again: nothing added (even under another id)
    expect(await store.addNote({ ...note(101, 'FND_NEW', now), id: 'note_ffffffffffffffffff' })).toBe(false);
    const fresh = await store.notesFor('FND_NEW', 10);
    expect(fresh.map((n) => n.id)).toEqual([note(101, '', 0).id, note(100, '', 0).id]);
    expect(fresh[0]).toEqual(note(101, 'FND_NEW', now - DAY));
    expect(fresh[1]?.permalink).toBeUndefined();

    const retention = RetentionSchema.parse({ batchSize: 10 });
    const deleted = await sweepRetention({
      store,
      retention,
      clock: () => now,
      logger: createLogger('silent'),
      timers: realTimers,
      pauseMs: 0,
    });
    expect(deleted.notes).toBe(23);
    expect(await store.notesFor('FND_OLD', 50)).toEqual([]);
    expect((await store.notesFor('FND_NEW', 10)).map((n) => n.id)).toEqual([
      note(101, '', 0).id,
      note(100, '', 0).id,
    ]);
    // a second sweep finds nothing more
    expect(
      (
        await sweepRetention({
          store,
          retention,
          clock: () => now,
          logger: createLogger('silent'),
          timers: realTimers,
          pauseMs: 0,
        })
      ).notes,
    ).toBe(0);
  });
});
