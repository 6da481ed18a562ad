import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { simulatorEnv } from '../env.js';
import { createLocalIdp, type LocalIdp } from '../idp/local-idp.js';
import { ORG } from '../slack/org.js';
import { createLocalSlack, type LocalSlack } from '../slack/server.js';
import { SEED_IDS } from '../tenant/seed-ids.js';
import { createSandboxTenant, type SandboxTenant } from '../tenant/server.js';
import { postSeedAlerts } from './flood.js';
import { DEMO_CONSOLE_HOST, DEMO_UNFURL_CONFIG } from './page-links.js';
import { routeDemoPage } from './page-routes.js';
import { APPROVERS_GROUP, DEMO_CHANNEL, GERMAN_CHANNEL } from './page-view.js';
import { defineManifestSteps } from './page-workflow.js';
import { freePort, startWardenProcess, type WardenProcess } from './warden-process.js';

/**
 * `npm run demo`: the simulated tenant, the local Slack with a web page that behaves like Slack
 * (a channel, threads, direct messages and the Home tab, modals, a user switcher), and Warden run
 * as its own process against both, with a few alerts already posted. The page sends clicks, form
 * submissions and slash commands through the local Slack, which signs them as Slack does, and
 * is told of every change by the local Slack's event stream.
 */

/**
 * The first alerts. Two have a person as owner (tenant seeds): carol, a member Warden can reach,
 * so Notify owner sends her the card; Hanna, whose email Slack hides, so the card says why
 * Warden cannot find her.
 */
export const DEMO_FINDINGS = [
  'FND_CRED_EXPOSED',
  'FND_SA_UNOWNED',
  'FND_DECOY_USED',
  'FND_SNOOZED',
  'FND_SA_MISCLASSIFIED',
  'FND_SYNC_FAILING',
  'FND_HOSTILE',
  'FND_SLA_DUE',
];

/**
 * Issue 38 in the demo: the one finding with an SLA clock (the demo's policy has targets for low
 * findings only, and no other demo alert is low), created 52 minutes before the demo starts, so
 * its card says it is due soon, its nudge arrives in its thread within the first minute or so,
 * and it is past its SLA about eight minutes in. `/warden report 7` then gives the weekly report
 * with its chart.
 */
export const SLA_DEMO_FINDING = 'FND_SLA_DUE';
const SLA_DEMO_AGE_MS = 52 * 60_000;

export interface DemoOptions {
  /** The local Slack's port (the page's address); 0 picks a free one. */
  port?: number;
  /** When `port` is taken, how many ports after it to try (default 0: a taken port is refused). */
  nextPorts?: number;
  logLevel?: string;
  /** Warden's entry point: `.ts` runs with tsx, a built `.js` with node (default: src/main.ts under `cwd`). */
  wardenEntry?: string;
  /** Warden's working directory: the repository root (default: the current directory). */
  cwd?: string;
  /** Where Warden's own log lines go (default: nowhere). */
  onWardenOutput?: (line: string) => void;
  /** The slash command (SLACK_COMMAND); default `/warden`. */
  command?: string;
}

/**
 * The demo's WARDEN_CONFIG: four-eyes risk acceptance with an approvers' group the local Slack
 * knows (bob and carol), so the user switcher can show a request approved by a second person;
 * roll-ups above 40 alerts, so the flood of 30 gets cards and the burst of 120 a roll-up;
 * Suppress… waits for a fresh sign-in at the local identity provider (step-up verification);
 * links to the tenant console's findings and campaigns are previewed ("Paste a link"); a second
 * channel, #secops-de, speaks German (Greta, in the switcher, reads Warden in German everywhere).
 */
const demoConfig = (issuer: string, clientId: string) => `# Written by npm run demo
routing:
  rules:
    # The Berlin team's channel speaks German (cards, thread replies); findings the tenant
    # annotates team=berlin go there, and /warden show posts a card there in German.
    - channel: ${GERMAN_CHANNEL.id}
      locale: de
      when: { annotations: { team: berlin } }
permissions:
  acceptRisk:
    approvers: ${APPROVERS_GROUP}
delivery:
  rollup:
    threshold: 40
    updateEvery: 3s
stepUp:
  actions: [suppress]
  oidc: { issuer: "${issuer}", clientId: ${clientId}, acr: mfa, amr: [mfa] }
contain:
  decoyCredentialUsed: { actions: [offboard] }
sla:
  severities:
    low: { acknowledge: 1h, close: 3d }
  warnAt: 0.75
  escalateTo: { ${DEMO_CHANNEL.id}: ${APPROVERS_GROUP} }
${DEMO_UNFURL_CONFIG}`;

/**
 * The WARDEN_CONFIG of the Warden installed by OAuth ("Add to another workspace"): the local
 * Slack's organisation workspaces, each with its channel, so an install into any of them is kept.
 */
const orgConfig = () => `# Written by npm run demo
workspaces:
${ORG.teams.map((t) => `  - { team: ${t.id}, enterprise: ${ORG.enterpriseId}, channels: [${t.channel}] }`).join('\n')}
`;

export interface Demo {
  url: string;
  wardenUrl: string;
  warden: WardenProcess;
  /** The Warden that the page's "Add to another workspace" installs by OAuth (several workspaces). */
  orgWarden: WardenProcess;
  slack: LocalSlack;
  /** The local identity provider step-up links sign people in at. */
  idp: LocalIdp;
  tenant: SandboxTenant;
  close(): Promise<void>;
}

/** The port the demo page was asked for is taken (another demo, or anything else on it). */
export class PortTakenError extends Error {
  constructor(
    readonly port: number,
    readonly tried: number,
  ) {
    super(
      tried > 1
        ? `Ports ${port} to ${port + tried - 1} are taken: choose another with npm run demo -- --port N`
        : `Port ${port} is taken (another demo?): choose another with npm run demo -- --port N`,
    );
    this.name = 'PortTakenError';
  }
}

const isAddressInUse = (error: unknown) =>
  error instanceof Error && (error as NodeJS.ErrnoException).code === 'EADDRINUSE';

/** The local Slack on `port`, or on the next free one of the `nextPorts` after it. */
async function slackOnFreePort(port: number, nextPorts: number): Promise<LocalSlack> {
  const tries = port === 0 ? 1 : nextPorts + 1;
  for (let i = 0; i < tries; i++) {
    try {
      return await createLocalSlack({ port: port === 0 ? 0 : port + i, rateLimits: true });
    } catch (error) {
      if (!isAddressInUse(error)) throw error;
    }
  }
  throw new PortTakenError(port, tries);
}

export async function startDemo(opts: DemoOptions = {}): Promise<Demo> {
  // The page's port first: a taken one is said before anything else is started.
  const slack = await slackOnFreePort(opts.port ?? 0, opts.nextPorts ?? 0);
  // The app's manifest unfurl_domains: links to the console send link_shared.
  slack.workspace.unfurlDomains.add(DEMO_CONSOLE_HOST);
  const tenant = await createSandboxTenant();
  // Contain… on the decoy alert: its owner (whose laptop held the decoy) can be offboarded, with a
  // fresh sign-in and an approver (carol); the tenant's task then moves along by itself.
  const decoy = tenant.findings.get('FND_DECOY_USED');
  if (decoy) tenant.findings.put({ ...decoy, assignedOwner: { identityUserId: SEED_IDS.users.dave } });
  const secret = tenant.findings.get('FND_UNUSED_SECRET');
  if (secret) {
    const created = new Date(tenant.clock.now() - SLA_DEMO_AGE_MS).toISOString();
    tenant.findings.put({
      ...structuredClone(secret),
      id: SLA_DEMO_FINDING,
      createdAt: created,
      updatedAt: created,
    });
  }
  tenant.answers.taskAutoAdvanceMs = 8_000;
  const alertsSecret = `demo-alerts-${randomBytes(12).toString('hex')}`;
  const dataDir = mkdtempSync(join(tmpdir(), 'warden-demo-'));
  const configFile = join(dataDir, 'warden.yaml');
  const command = opts.command ?? '/warden';
  const wardenPort = await freePort();
  const wardenUrl = `http://127.0.0.1:${wardenPort}`;
  const idp = await createLocalIdp({ redirectUris: [`${wardenUrl}/verify/callback`] });
  writeFileSync(configFile, demoConfig(idp.url, idp.clientId));
  const cwd = opts.cwd ?? process.cwd();
  const entry = opts.wardenEntry ?? join(cwd, 'src', 'main.ts');
  const { SLACK_BOT_TOKEN: _token, SLACK_TEAM_ID: _team, ...oauthEnv } = simulatorEnv({ tenant, slack });
  const orgPort = await freePort();
  const orgDir = join(dataDir, 'org');
  mkdirSync(orgDir);
  writeFileSync(join(orgDir, 'warden.yaml'), orgConfig());
  const output = opts.onWardenOutput;
  // Two processes side by side: the demo's own workspace on one bot token (single-workspace mode,
  // unchanged), the organisation's workspaces on OAuth installs kept in its own store.
  const startingOrg = startWardenProcess({
    entry,
    cwd,
    port: orgPort,
    env: {
      ...oauthEnv,
      SLACK_CLIENT_ID: slack.org.clientId,
      SLACK_CLIENT_SECRET: slack.org.clientSecret,
      SLACK_STATE_SECRET: randomBytes(24).toString('hex'),
      WARDEN_TOKEN_KEY: randomBytes(32).toString('base64'),
      WARDEN_PUBLIC_URL: `http://127.0.0.1:${orgPort}`,
      WARDEN_DATA_DIR: orgDir,
      WARDEN_CONFIG: join(orgDir, 'warden.yaml'),
      SLACK_COMMAND: command,
      LOG_LEVEL: opts.logLevel ?? 'warn',
    },
    ...(output ? { onOutput: (line: string) => output(`[org] ${line}`) } : {}),
  });
  // Whichever fails, neither process is left behind.
  startingOrg.catch(() => undefined);
  const warden = await startWardenProcess({
    entry,
    cwd,
    port: wardenPort,
    env: {
      ...simulatorEnv({ tenant, slack }),
      WARDEN_PUBLIC_URL: wardenUrl,
      WARDEN_DATA_DIR: dataDir,
      ALERTS_WEBHOOK_SECRET: alertsSecret,
      ALERTS_CHANNEL: DEMO_CHANNEL.id,
      WARDEN_CONFIG: configFile,
      WARDEN_OIDC_CLIENT_SECRET: idp.clientSecret,
      SLACK_COMMAND: command,
      LOG_LEVEL: opts.logLevel ?? 'warn',
    },
    ...(opts.onWardenOutput ? { onOutput: opts.onWardenOutput } : {}),
  }).catch(async (error: unknown) => {
    await (await startingOrg.catch(() => undefined))?.stop();
    throw error;
  });
  const orgWarden = await startingOrg.catch(async (error: unknown) => {
    await warden.stop();
    throw error;
  });
  const intake = { tenant, wardenUrl, alertsSecret };
  routeDemoPage({ ...intake, slack, command, orgWardenUrl: orgWarden.url });
  // The app's Workflow Builder steps, as its manifest declares them ("Run a workflow step").
  defineManifestSteps(slack, join(cwd, 'manifest.yml'));

  // A few alerts through the real intake, stored then delivered by Warden's worker.
  await postSeedAlerts(intake, DEMO_FINDINGS);
  const started = Date.now();
  while (
    slack.messages.filter((m) => !m.thread_ts).length < DEMO_FINDINGS.length &&
    Date.now() - started < 20_000
  ) {
    await new Promise((r) => setTimeout(r, 50));
  }

  return {
    url: slack.url,
    wardenUrl,
    warden,
    orgWarden,
    slack,
    idp,
    tenant,
    async close() {
      await Promise.all([warden.stop(), orgWarden.stop()]);
      await idp.close();
      await slack.close();
      await tenant.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
