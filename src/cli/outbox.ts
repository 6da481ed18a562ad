import { parseArgs } from 'node:util';
import type { OutboxStatus } from '../ports/store.js';
import { openStoreFromEnv } from './open-store.js';
import { printable, printableJson } from './printable.js';

/**
 * Operator command for the alert outbox.
 *   npm run outbox -- list [--status failed|pending|sending|sent|dropped] [--limit 50] [--json]
 *   npm run outbox -- requeue <alert-id>
 *   npm run outbox -- requeue --all-failed
 *   npm run outbox -- stats
 */
const USAGE =
  'usage: outbox list [--status S] [--limit N] [--json] | outbox requeue <id> | outbox requeue --all-failed | outbox stats';
const STATUSES = new Set(['pending', 'sending', 'sent', 'failed', 'dropped']);

function isStatus(s: string): s is OutboxStatus {
  return STATUSES.has(s);
}

async function main(): Promise<number> {
  const { positionals, values } = parseArgs({
    allowPositionals: true,
    options: {
      status: { type: 'string' },
      failed: { type: 'boolean', default: false },
      limit: { type: 'string', default: '50' },
      json: { type: 'boolean', default: false },
      'all-failed': { type: 'boolean', default: false },
    },
  });
  const [command, id] = positionals;
  const status = values.failed ? 'failed' : values.status;
  if (status !== undefined && !isStatus(status)) {
    process.stderr.write(`unknown status "${status}"\n${USAGE}\n`);
    return 2;
  }
  const store = await openStoreFromEnv();
  try {
    const now = Date.now();
    if (command === 'list') {
      const rows = await store.listOutbox({
        limit: Math.max(1, Number(values.limit) || 50),
        ...(status ? { status } : {}),
      });
      if (values.json) {
        for (const r of rows) process.stdout.write(`${printableJson({ ...r, finding: undefined })}\n`);
      } else {
        for (const r of rows) {
          const when = new Date(r.createdAt).toISOString();
          process.stdout.write(
            `${printable(`${r.id}  ${r.status.padEnd(7)}  ${when}  ${r.findingId}  ${r.channel ?? '-'}  attempts=${r.attempts}${r.lastError ? `  ${r.lastError}` : ''}`)}\n`,
          );
        }
        if (rows.length === 0) process.stdout.write('no alerts\n');
      }
      return 0;
    }
    if (command === 'requeue') {
      const n = values['all-failed']
        ? await store.requeue({ allFailed: true }, now)
        : id
          ? await store.requeue({ id }, now)
          : -1;
      if (n < 0) {
        process.stderr.write(`${USAGE}\n`);
        return 2;
      }
      process.stdout.write(`requeued ${n} failed alert(s); a running Warden delivers them within a second\n`);
      return n === 0 && id ? 1 : 0;
    }
    if (command === 'stats') {
      process.stdout.write(`${JSON.stringify(await store.outboxStats(now))}\n`);
      return 0;
    }
    process.stderr.write(`${USAGE}\n`);
    return 2;
  } finally {
    await store.close();
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    process.stderr.write(`outbox: ${error instanceof Error ? error.message : String(error)}\n`);
    process.exit(1);
  },
);
