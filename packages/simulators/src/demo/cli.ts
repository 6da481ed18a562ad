import { parseArgs } from 'node:util';
import { PortTakenError, startDemo } from './demo.js';

/**
 * `npm run demo [-- --port 4020]`: Warden with a simulated tenant and Slack, in a browser page.
 * Without --port the page takes 4020 or the next free port (a second demo runs beside the first);
 * a port asked for that is taken is said in one line.
 */
const DEFAULT_PORT = 4020;
const { values } = parseArgs({ options: { port: { type: 'string' } } });
const port = values.port === undefined ? DEFAULT_PORT : Number(values.port);
if (!Number.isInteger(port) || port < 0 || port > 65_535) {
  process.stderr.write(`--port must be a port number (0 to 65535), not ${values.port}\n`);
  process.exit(2);
}
const demo = await startDemo({
  port,
  nextPorts: values.port === undefined ? 20 : 0,
  logLevel: 'warn',
  onWardenOutput: (line) => process.stderr.write(`[warden] ${line}\n`),
}).catch((error: unknown) => {
  if (!(error instanceof PortTakenError)) throw error;
  process.stderr.write(`${error.message}\n`);
  process.exit(1);
});
process.stdout.write(
  [
    '',
    `  Warden demo: open ${demo.url}/ in a browser`,
    ...(port !== 0 && !demo.url.endsWith(`:${port}`) ? [`  (port ${port} is taken, another demo?)`] : []),
    '',
    '  A channel with a few finding alerts. Click Snooze…, Accept risk…, Reopen, Notify owner;',
    '  type /warden help in the box at the bottom. Switch to carol (top right) to approve a risk',
    '  acceptance alice asked for; "Simulate a flood" sends 30 alerts, "Simulate a burst" 120 (a',
    '  roll-up with Review…). The tenant and Slack are simulated here.',
    '  Ctrl-C to stop.',
    '',
  ].join('\n'),
);
const stop = () => void demo.close().then(() => process.exit(0));
process.once('SIGINT', stop);
process.once('SIGTERM', stop);
