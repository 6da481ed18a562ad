/**
 * Bench scenario (v), access reviews in Slack: a linked reviewer certifies 100 tasks of one
 * campaign and app with Certify unchanged, against a local Slack that enforces Slack's rate
 * limits. Reports the seconds from the confirmation to the last task certified in the tenant, the
 * messages Warden posted for it (chat.postMessage and chat.postEphemeral), the 429s Slack
 * answered, and whether every decision was the reviewer's own (their personal client) — targets:
 * ≤ 60 s, ≤ 3 messages, 0 429s, 100 %. Warden runs in this process (real timers), on its own
 * data directory; requests go to its HTTP receiver signed as Slack signs them.
 *
 *   npx tsx bench/reviews.ts          # written to bench/results/reviews.{json,md}
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  blockActionBody,
  createLocalSlack,
  createSandboxTenant,
  postSigned,
  SEED_IDS,
  type SlackActor,
  simulatorEnv,
  slashCommandBody,
  viewActionBody,
  viewSubmissionBody,
} from '@warden/simulators';
import { createWarden } from '../src/app.js';
import { AccessReviewCallback, AccessReviewId } from '../src/blockkit/access-review-ids.js';
import { loadConfig } from '../src/config.js';
import { parseConfigFile } from '../src/config-file.js';
import { createLogger } from '../src/logger.js';

const COUNT = Number(process.env.BENCH_REVIEW_COUNT ?? 100);
const ALICE: SlackActor = { userId: 'U0ALICE', userName: 'alice', teamId: 'T0WARDEN', channelId: 'C0SECOPS' };
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function until<T>(what: string, check: () => T | undefined | false, timeoutMs = 120_000): Promise<T> {
  const started = Date.now();
  for (;;) {
    const v = check();
    if (v) return v;
    if (Date.now() - started > timeoutMs) throw new Error(`timed out waiting for ${what}`);
    await sleep(20);
  }
}

export interface ReviewsResult {
  tasks: number;
  certified: number;
  seconds: number;
  messages: number;
  http429: number;
  ownDecisions: string;
}

export async function reviewsScenario(): Promise<string> {
  const tenant = await createSandboxTenant();
  tenant.deviceFlow.options.interval = 1;
  const slack = await createLocalSlack({ rateLimits: true });
  const dir = mkdtempSync(join(tmpdir(), 'warden-bench-reviews-'));
  const config = loadConfig({
    ...simulatorEnv({ tenant, slack }),
    WARDEN_DATA_DIR: dir,
    WARDEN_TOKEN_KEY: 'b2'.repeat(32),
    LOG_LEVEL: 'warn',
  });
  const file = parseConfigFile(
    `reviews:\n  deviceClientId: "${tenant.credentials.deviceClientId}"\n  channel: C0REVIEWS\n`,
    'bench.yaml',
  );
  const warden = await createWarden({ config, file, logger: createLogger('warn') });
  const server = await warden.start(0);
  const address = server.address();
  const url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}/slack/events`;
  const send = (body: string) => postSigned(url, body, slack.signingSecret);
  try {
    // Link, as a person does (the sign-in page approves the code).
    await send(
      slashCommandBody(ALICE, {
        text: 'link',
        triggerId: slack.issueTriggerId(),
        responseUrl: slack.responseUrl(),
      }),
    );
    const grant = await until('the device grant', () => tenant.deviceFlow.all()[0]);
    tenant.deviceFlow.approve(grant.userCode, SEED_IDS.users.alice);
    await until('the link', () => tenant.personalClients.all()[0], 30_000);
    await until('the link stored', () => slack.ephemerals.some((e) => /Linked/.test(e.text)), 30_000);
    const ids = tenant.tasks.seedMany(
      'AR_Q4',
      SEED_IDS.entitlements.awsAdmin,
      SEED_IDS.users.alice,
      COUNT,
      Date.now(),
    );
    // Review… → Certify unchanged (N)… → the confirmation.
    await send(
      blockActionBody(ALICE, {
        actionId: AccessReviewId.open,
        value: JSON.stringify({ c: 'AR_Q4', a: SEED_IDS.apps.aws }),
        messageTs: '1700000000.000100',
        triggerId: slack.issueTriggerId(),
        responseUrl: slack.responseUrl(),
      }),
    );
    const modal = await until('the Review modal', () =>
      [...slack.views.values()].find(
        (v) => v.view.callback_id === 'reviews.modal' && JSON.stringify(v.view).includes('Certify unchanged'),
      ),
    );
    const scope = String(modal.view.private_metadata);
    await send(
      viewActionBody(ALICE, {
        view: { ...modal.view, id: modal.id },
        action: { action_id: AccessReviewId.unchanged, value: scope },
        triggerId: slack.issueTriggerId(),
      }),
    );
    const confirm = await until('the confirmation', () =>
      [...slack.views.values()].find((v) => v.view.callback_id === AccessReviewCallback.unchanged),
    );
    const messagesBefore =
      slack.callsOf('chat.postMessage').length + slack.callsOf('chat.postEphemeral').length;
    const limitedBefore = slack.rateLimits.total();
    const started = performance.now();
    await send(
      viewSubmissionBody(ALICE, {
        viewId: confirm.id,
        callbackId: AccessReviewCallback.unchanged,
        privateMetadata: String(confirm.view.private_metadata),
        values: {},
        triggerId: slack.issueTriggerId(),
      }),
    );
    await until('every task certified', () =>
      ids.every((id) => tenant.tasks.get(id)?.state === 'TASK_STATE_CLOSED'),
    );
    const seconds = (performance.now() - started) / 1_000;
    await sleep(1_000); // the outcome's own message, if any, after the last decision
    const client = tenant.personalClients.all()[0]?.clientId;
    const decisions = ids.flatMap((id) => tenant.tasks.audit.of(id));
    const own = decisions.filter(
      (e) => e.actor.clientId === client && e.actor.userId === SEED_IDS.users.alice,
    ).length;
    const result: ReviewsResult = {
      tasks: COUNT,
      certified: ids.filter((id) => tenant.tasks.get(id)?.state === 'TASK_STATE_CLOSED').length,
      seconds: Math.round(seconds * 10) / 10,
      messages:
        slack.callsOf('chat.postMessage').length +
        slack.callsOf('chat.postEphemeral').length -
        messagesBefore,
      http429: slack.rateLimits.total() - limitedBefore,
      ownDecisions: `${own}/${decisions.length}`,
    };
    mkdirSync('bench/results', { recursive: true });
    writeFileSync('bench/results/reviews.json', `${JSON.stringify(result, null, 2)}\n`);
    const md =
      `### (v) Certify unchanged: ${COUNT} access review tasks\n\n| tasks | certified | seconds | messages | 429s | the reviewer's own decisions |\n|---|---|---|---|---|---|\n` +
      `| ${result.tasks} | ${result.certified} | ${result.seconds} | ${result.messages} | ${result.http429} | ${result.ownDecisions} |\n`;
    writeFileSync('bench/results/reviews.md', md);
    return md;
  } finally {
    await warden.stop();
    await slack.close();
    await tenant.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  reviewsScenario().then(
    (md) => process.stdout.write(md),
    (error: unknown) => {
      process.stderr.write(`${String(error)}\n`);
      process.exit(1);
    },
  );
}
