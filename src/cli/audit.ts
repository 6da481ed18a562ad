import { parseArgs } from 'node:util';
import { openStoreFromEnv } from './open-store.js';
import { printable, printableJson } from './printable.js';

/**
 * Prints the audit log: every action attempt from Slack, newest first.
 *   npm run audit -- [--finding <id>] [--limit 100] [--json]
 */
async function main(): Promise<number> {
  const { values } = parseArgs({
    options: {
      finding: { type: 'string' },
      limit: { type: 'string', default: '100' },
      json: { type: 'boolean', default: false },
    },
  });
  const store = await openStoreFromEnv();
  try {
    const entries = await store.auditLog({
      limit: Math.max(1, Number(values.limit) || 100),
      ...(values.finding ? { findingId: values.finding } : {}),
    });
    for (const e of entries) {
      if (values.json) {
        process.stdout.write(`${printableJson(e)}\n`);
        continue;
      }
      const params = Object.entries(e.params)
        .filter(([k]) => k !== 'ref')
        .map(([k, v]) => `${k}=${JSON.stringify(v)}`)
        .join(' ');
      process.stdout.write(
        `${printable(`${new Date(e.at).toISOString()}  ${e.outcome.padEnd(8)}  ${e.action.padEnd(10)}  ${e.finding_id}  by ${e.user_id} (${e.team_id}) in ${e.channel ?? '-'}${params ? `  ${params}` : ''}${e.error ? `  error: ${e.error}` : ''}`)}\n`,
      );
    }
    if (entries.length === 0) process.stdout.write('no audit entries\n');
    return 0;
  } finally {
    await store.close();
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    process.stderr.write(`audit: ${error instanceof Error ? error.message : String(error)}\n`);
    process.exit(1);
  },
);
