import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Store } from '../../src/ports/store.js';
import { createStore } from '../../src/store/create-store.js';
import { entryArgs } from '../helpers/entry.js';

const run = promisify(execFile);
let dir: string;
let store: Store;

beforeEach(async () => {
  dir = mkdtempSync(join(tmpdir(), 'warden-cli-'));
  store = await createStore({ dataDir: dir });
});
afterEach(async () => {
  await store.close();
  rmSync(dir, { recursive: true, force: true });
});

/** Runs an operator command as a separate process against the same store, as an operator would. */
async function cli(script: string, args: string[]) {
  const { stdout } = await run(process.execPath, [...entryArgs(`cli/${script}`), ...args], {
    env: { PATH: process.env.PATH ?? '', WARDEN_DATA_DIR: dir },
  });
  return stdout;
}

describe('operator commands', () => {
  it('audit prints a finding’s attempts, newest first', async () => {
    const base = { team_id: 'T1', user_id: 'U0ALICE', channel: 'C1', error: null };
    await store.appendAudit({
      ...base,
      at: Date.parse('2026-11-22T10:00:00Z'),
      finding_id: 'F1',
      action: 'snooze',
      params: { reason: 'vendor' },
      outcome: 'ok',
    });
    await store.appendAudit({
      ...base,
      at: Date.parse('2026-11-22T11:00:00Z'),
      finding_id: 'F2',
      action: 'reopen',
      params: {},
      outcome: 'ok',
    });
    const out = await cli('audit', ['--finding', 'F1']);
    expect(out.trim().split('\n')).toEqual([
      '2026-11-22T10:00:00.000Z  ok        snooze      F1  by U0ALICE (T1) in C1  reason="vendor"',
    ]);
    const json = await cli('audit', ['--json']);
    expect(
      json
        .trim()
        .split('\n')
        .map((l) => JSON.parse(l).finding_id),
    ).toEqual(['F2', 'F1']);
  });

  it('outbox lists failed alerts and requeues them', async () => {
    const { id } = await store.enqueueAlert(
      {
        idempotencyKey: 'k',
        source: 'signed',
        findingId: 'F1',
        finding: { id: 'F1' },
        channel: 'C1',
        status: 'pending',
      },
      Date.now(),
    );
    await store.claimDue('w', 1, Date.now(), 60_000);
    await store.markFailed(id, 'channel_not_found', Date.now());
    const listed = await cli('outbox', ['list', '--failed']);
    expect(listed).toContain(id);
    expect(listed).toContain('channel_not_found');
    expect(await cli('outbox', ['requeue', id])).toMatch(/requeued 1/);
    expect((await store.outboxStats(Date.now())).pending).toBe(1);
  });

  it('strips terminal escape codes that a sender put in a finding id from what it prints', async () => {
    const { startHarness } = await import('../helpers/harness.js');
    const { signedPostSignature } = await import('../../src/intake/verify-signed-post.js');
    const h = await startHarness({ dataDir: dir });
    try {
      const hostile = 'FND_\u001b]0;pwned\u0007\u001b[2J\u001b[31mRED\u202e';
      const body = JSON.stringify({
        finding: { id: hostile, severity: 'FINDING_SEVERITY_HIGH' },
        channel: 'CNOPE',
      });
      const ts = String(Math.floor(Date.now() / 1000));
      const { request } = await import('undici');
      const res = await request(`${h.base}/hooks/findings`, {
        method: 'POST',
        headers: {
          'x-warden-timestamp': ts,
          'x-warden-signature': signedPostSignature('test-alerts-webhook-secret', ts, body),
        },
        body,
      });
      expect(res.statusCode).toBe(202);
      await res.body.dump();
    } finally {
      await h.close();
    }
    for (const args of [['list'], ['list', '--json']]) {
      const out = await cli('outbox', args);
      expect(out).toContain('FND_');
      const unprintable = [...out].filter((c) => c !== '\n' && /[\p{Cc}\p{Cf}]/u.test(c));
      expect(unprintable).toEqual([]);
      expect(out).toContain('RED');
    }
  });
});
