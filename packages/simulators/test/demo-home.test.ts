import { request } from 'undici';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { routeDemoPage } from '../src/demo/page-routes.js';
import { createLocalSlack, createSandboxTenant, type LocalSlack, type SandboxTenant } from '../src/index.js';
import { type Received, startReceiver } from './event-receiver.js';
import { api } from './slack-api.js';

/**
 * The demo page's Home tab: opening it sends app_home_opened for the person picked in the user
 * switcher, and a button on it reaches Warden as Slack sends a Home tab click.
 */

let slack: LocalSlack;
let tenant: SandboxTenant;
let warden: Awaited<ReturnType<typeof startReceiver>>;
let answerStatus = 200;

beforeEach(async () => {
  answerStatus = 200;
  slack = await createLocalSlack();
  tenant = await createSandboxTenant();
  warden = await startReceiver(
    () => slack.signingSecret,
    () => ({ status: answerStatus }),
  );
  routeDemoPage({
    slack,
    tenant,
    wardenUrl: warden.url.replace(/\/slack\/events$/, ''),
    alertsSecret: 'unused',
    command: '/warden',
  });
});
afterEach(async () => {
  await slack.close();
  await tenant.close();
  await warden.close();
});

async function page(path: string, body: Record<string, unknown>) {
  const res = await request(`${slack.url}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return { status: res.statusCode, json: (await res.body.json()) as Record<string, unknown> };
}

const HOME = {
  type: 'home',
  blocks: [
    { type: 'section', text: { type: 'mrkdwn', text: '*Your findings*' } },
    {
      type: 'actions',
      block_id: 'home.actions',
      elements: [
        {
          type: 'button',
          action_id: 'home.refresh',
          value: 'refresh',
          text: { type: 'plain_text', text: 'Refresh' },
        },
      ],
    },
  ],
};

describe('the demo page’s Home tab', () => {
  it('sends app_home_opened for the person the page acts as, signed, to Warden’s events URL', async () => {
    expect(await page('/demo/home-opened', { user: 'U0CAROL' })).toEqual({ status: 200, json: { ok: true } });
    const [got] = warden.received;
    expect(got?.signed).toBe(true);
    expect(got?.json).toMatchObject({
      type: 'event_callback',
      event: { type: 'app_home_opened', user: 'U0CAROL', channel: 'D0CAROL', tab: 'home' },
    });
    expect((await page('/demo/home-opened', { user: 'U0DAVE' })).status).toBe(400); // not in the switcher
  });

  it('tells the page when Warden did not take the event', async () => {
    answerStatus = 500;
    const answer = await page('/demo/home-opened', { user: 'U0ALICE' });
    expect(answer.json.error).toMatch(/http_error/);
  });

  it('delivers a Home tab button as block_actions with the Home view as container, no channel', async () => {
    const published = (await api(slack, 'views.publish', { user_id: 'U0ALICE', view: HOME })).view as {
      id: string;
      hash: string;
    };
    expect(await page('/demo/home-click', { user: 'U0ALICE', actionId: 'home.refresh' })).toEqual({
      status: 200,
      json: { ok: true },
    });
    const got = warden.received[0] as Received;
    expect(got.signed).toBe(true);
    expect(got.headers['content-type']).toBe('application/x-www-form-urlencoded');
    expect(got.json).toMatchObject({
      type: 'block_actions',
      user: { id: 'U0ALICE', team_id: 'T0WARDEN' },
      team: { id: 'T0WARDEN' },
      container: { type: 'view', view_id: published.id },
      view: { id: published.id, type: 'home', hash: published.hash, blocks: HOME.blocks },
      trigger_id: expect.any(String),
      actions: [{ type: 'button', action_id: 'home.refresh', block_id: 'home.actions', value: 'refresh' }],
    });
    for (const absent of ['channel', 'message', 'response_url']) expect(got.json).not.toHaveProperty(absent);
    // The trigger id is one the local Slack issued for her: a modal it opens is hers.
    const opened = await api(slack, 'views.open', {
      trigger_id: got.json.trigger_id,
      view: { type: 'modal', title: { type: 'plain_text', text: 'Hi' }, blocks: [] },
    });
    expect(slack.views.get(String((opened.view as { id: string }).id))?.user).toBe('U0ALICE');
  });

  it('refuses a click on a button the person’s Home tab does not have', async () => {
    expect((await page('/demo/home-click', { user: 'U0ALICE', actionId: 'home.refresh' })).status).toBe(404);
    await api(slack, 'views.publish', { user_id: 'U0CAROL', view: HOME });
    expect((await page('/demo/home-click', { user: 'U0ALICE', actionId: 'home.refresh' })).status).toBe(404);
    expect((await page('/demo/home-click', { user: 'U0CAROL', actionId: 'home.other' })).status).toBe(404);
    expect(warden.received).toEqual([]);
  });
});
