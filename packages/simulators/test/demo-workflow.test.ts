import { request } from 'undici';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { routeDemoPage } from '../src/demo/page-routes.js';
import { defineManifestSteps } from '../src/demo/page-workflow.js';
import { createLocalSlack, createSandboxTenant, type LocalSlack, type SandboxTenant } from '../src/index.js';
import { startReceiver } from './event-receiver.js';

/**
 * The demo page's "Run a workflow step": the steps of the app's manifest, one run as the person on
 * the page, delivered to the app as function_executed, and how the app ended it.
 */

let slack: LocalSlack;
let tenant: SandboxTenant;
let app: Awaited<ReturnType<typeof startReceiver>>;

/** The app: ends each run it is sent with its own function token, as Bolt's complete() does. */
async function completeLast() {
  const event = app.received.at(-1)?.json.event as {
    function_execution_id: string;
    bot_access_token: string;
  };
  await request(`${slack.apiUrl}functions.completeSuccess`, {
    method: 'POST',
    headers: { authorization: `Bearer ${event.bot_access_token}`, 'content-type': 'application/json' },
    body: JSON.stringify({
      function_execution_id: event.function_execution_id,
      outputs: { finding_id: 'FND_SNOOZED', state: 'FINDING_STATE_SNOOZED' },
    }),
  }).then((r) => r.body.text());
}

beforeEach(async () => {
  slack = await createLocalSlack();
  tenant = await createSandboxTenant();
  app = await startReceiver(
    () => slack.signingSecret,
    () => {
      setTimeout(() => void completeLast(), 20);
      return {};
    },
  );
  routeDemoPage({
    slack,
    tenant,
    wardenUrl: app.url.replace(/\/slack\/events$/, ''),
    alertsSecret: 'unused',
    command: '/warden',
  });
  defineManifestSteps(slack, new URL('../../../manifest.yml', import.meta.url).pathname);
});
afterEach(async () => {
  await slack.close();
  await tenant.close();
  await app.close();
});

async function page(path: string, body?: Record<string, unknown>) {
  const res = await request(`${slack.url}${path}`, {
    method: body ? 'POST' : 'GET',
    ...(body ? { headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) } : {}),
  });
  return { status: res.statusCode, json: (await res.body.json()) as Record<string, unknown> };
}

describe('the demo page runs a workflow step', () => {
  it('offers the manifest’s steps with the inputs a person types (not who runs it)', async () => {
    const { json } = await page('/demo/workflow-steps');
    const steps = json.steps as { id: string; title: string; inputs: { name: string }[] }[];
    expect(steps.map((s) => s.id).sort()).toEqual(
      [
        'contain_finding',
        'find_owner',
        'get_finding',
        'notify_owner',
        'request_risk_acceptance',
        'resolve_finding',
        'snooze_finding',
      ].sort(),
    );
    expect(steps.find((s) => s.id === 'snooze_finding')?.inputs.map((i) => i.name)).toEqual([
      'finding_id',
      'days',
      'reason',
      'channel_id',
    ]);
  });

  it('runs it as the person on the page and shows how the app ended it', async () => {
    const { json } = await page('/demo/workflow-step', {
      user: 'U0ALICE',
      step: 'get_finding',
      inputs: { finding_id: 'FND_SNOOZED' },
    });
    expect(json).toMatchObject({
      ok: true,
      status: 'completed',
      outputs: { finding_id: 'FND_SNOOZED', state: 'FINDING_STATE_SNOOZED' },
    });
    expect(app.received[0]?.signed).toBe(true);
    expect(app.received[0]?.json.event).toMatchObject({
      type: 'function_executed',
      inputs: { finding_id: 'FND_SNOOZED', interactivity: { interactor: { id: 'U0ALICE' } } },
    });
    // the page cannot name the person: an interactivity it sends is refused as Slack would
    const forged = await page('/demo/workflow-step', {
      user: 'U0ALICE',
      step: 'get_finding',
      inputs: { finding_id: 'FND_SNOOZED', interactivity: 'U0CAROL' },
    });
    expect(JSON.stringify(forged.json)).toMatch(/only Slack gives an interactivity/);
    expect(app.received).toHaveLength(1);
  });

  it('says when Workflow Builder would not run it, and refuses an unknown step or person', async () => {
    const missing = await page('/demo/workflow-step', {
      user: 'U0ALICE',
      step: 'snooze_finding',
      inputs: { finding_id: 'FND_1' },
    });
    expect(missing.json.error).toMatch(/would not run snooze_finding: .*days: is required/);
    expect(app.received).toHaveLength(0);
    expect((await page('/demo/workflow-step', { user: 'U0ALICE', step: 'nope', inputs: {} })).status).toBe(
      400,
    );
    expect(
      (await page('/demo/workflow-step', { user: 'U0NOBODY', step: 'get_finding', inputs: {} })).status,
    ).toBe(400);
  });
});
