import { parseArgs } from 'node:util';
import { createSandboxTenant } from './server.js';

/** `npm run sandbox [-- --port 4010]`: a simulated tenant on loopback, for trying Warden by hand. */
const { values } = parseArgs({ options: { port: { type: 'string', default: '4010' } } });
const sandbox = await createSandboxTenant({ port: Number(values.port) });
const c = sandbox.credentials;
// The sandbox's credentials are made up on each start and are meant to be copied from here.
process.stdout.write(
  [
    `Sandbox tenant listening on ${sandbox.url}`,
    '',
    'Use it with one of these:',
    `  TENANT_BASE_URL=${sandbox.url}`,
    `  TENANT_CLIENT_ID=${c.clientId}`,
    `  TENANT_CLIENT_SECRET=${c.clientSecret}`,
    '',
    `  TENANT_CLIENT_ID=${c.assertionClientId}   (signed Ed25519 assertion)`,
    `  TENANT_CLIENT_SECRET=${c.assertionClientSecret}`,
    '',
    `  TENANT_ACCESS_TOKEN=${c.staticToken}`,
    '',
    `Findings: ${sandbox.findings.all().length}; users: ${sandbox.users.all().length}; campaigns: ${[...sandbox.campaigns.keys()].join(', ')}`,
    `Move its clock: curl -d '{"advanceMs": 86400000}' ${sandbox.url}/_sandbox/clock`,
    'Ctrl-C to stop.',
    '',
  ].join('\n'),
);
const stop = () => void sandbox.close().then(() => process.exit(0));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
