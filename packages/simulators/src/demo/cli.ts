import { parseArgs } from 'node:util';
import { startDemo } from './demo.js';

/** `npm run demo [-- --port 4020]`: Warden with a simulated tenant and Slack, in a browser page. */
const { values } = parseArgs({ options: { port: { type: 'string', default: '4020' } } });
const demo = await startDemo({
  port: Number(values.port),
  logLevel: 'warn',
  onWardenOutput: (line) => process.stderr.write(`[warden] ${line}\n`),
});
process.stdout.write(
  [
    '',
    `  Warden demo: open ${demo.url}/ in a browser`,
    '',
    '  A channel with a few finding alerts. Click Snooze…, Accept risk…, Reopen; type /warden help',
    '  in the box at the bottom. Switch to carol (top right) to approve a risk acceptance alice',
    '  asked for; "Simulate a flood" sends 30 alerts. The tenant and Slack are simulated here.',
    '  Ctrl-C to stop.',
    '',
  ].join('\n'),
);
const stop = () => void demo.close().then(() => process.exit(0));
process.once('SIGINT', stop);
process.once('SIGTERM', stop);
