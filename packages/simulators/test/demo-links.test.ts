import { request } from 'undici';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DEMO_CONSOLE_HOST, DEMO_UNFURL_CONFIG, demoConsoleLink } from '../src/demo/page-links.js';
import { routeDemoPage } from '../src/demo/page-routes.js';
import { createLocalSlack, createSandboxTenant, type LocalSlack, type SandboxTenant } from '../src/index.js';
import { type Received, startReceiver } from './event-receiver.js';
import { api } from './slack-api.js';

/**
 * The demo page's "Paste a link": the person posts a message with a tenant console link, which
 * reaches Warden as link_shared; the preview Warden sets with chat.unfurl is on the message the
 * page shows; a button on the preview reaches Warden as Slack sends one.
 */

let slack: LocalSlack;
let tenant: SandboxTenant;
let warden: Awaited<ReturnType<typeof startReceiver>>;

beforeEach(async () => {
  slack = await createLocalSlack();
  tenant = await createSandboxTenant();
  warden = await startReceiver(() => slack.signingSecret);
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

const PREVIEW = {
  blocks: [
    { type: 'header', text: { type: 'plain_text', text: 'Unowned service account' } },
    {
      type: 'actions',
      block_id: 'finding.actions',
      elements: [
        {
          type: 'button',
          action_id: 'finding.snooze',
          value: 'FND_SA_UNOWNED',
          text: { type: 'plain_text', text: 'Snooze…' },
        },
      ],
    },
  ],
};

describe('the demo page’s Paste a link', () => {
  it('the demo’s config and workspace preview the console (its unfurl: section, its host)', () => {
    expect(DEMO_UNFURL_CONFIG).toMatch(
      /^unfurl:\n {2}finding: https:\/\/console\.example\.com\/findings\/\{id\}\n/,
    );
    expect(demoConsoleLink('FND_X')).toBe(`https://${DEMO_CONSOLE_HOST}/findings/FND_X`);
  });

  it('posts the person’s message with the link: Warden gets link_shared, its preview shows, its button works', async () => {
    slack.workspace.unfurlDomains.add(DEMO_CONSOLE_HOST);
    const url = demoConsoleLink('FND_SA_UNOWNED');
    const pasted = await page('/demo/paste-link', { user: 'U0CAROL' });
    expect(pasted).toEqual({ status: 200, json: { ok: true, ts: expect.any(String), url } });
    const ts = String(pasted.json.ts);
    expect(slack.workspace.message('C0SECOPS', ts)).toMatchObject({
      user: 'U0CAROL',
      text: `Have a look: <${url}>`,
    });
    const got = warden.received[0] as Received;
    expect(got.signed).toBe(true);
    expect(got.json).toMatchObject({
      type: 'event_callback',
      event: {
        type: 'link_shared',
        channel: 'C0SECOPS',
        user: 'U0CAROL',
        message_ts: ts,
        source: 'conversations_history',
        links: [{ domain: DEMO_CONSOLE_HOST, url }],
      },
    });
    // Warden answers with chat.unfurl: the page's message now carries the preview.
    expect(await api(slack, 'chat.unfurl', { channel: 'C0SECOPS', ts, unfurls: { [url]: PREVIEW } })).toEqual(
      {
        ok: true,
      },
    );
    expect(slack.workspace.message('C0SECOPS', ts)?.unfurls?.[url]).toEqual(PREVIEW);
    const click = {
      user: 'U0CAROL',
      messageTs: ts,
      url,
      actionId: 'finding.snooze',
      value: 'FND_SA_UNOWNED',
    };
    expect(await page('/demo/unfurl-click', click)).toEqual({ status: 200, json: { ok: true } });
    expect((warden.received[1] as Received).json).toMatchObject({
      type: 'block_actions',
      user: { id: 'U0CAROL' },
      container: { type: 'message_attachment', is_app_unfurl: true, app_unfurl_url: url, message_ts: ts },
      actions: [{ action_id: 'finding.snooze', value: 'FND_SA_UNOWNED' }],
    });
    // A preview that is not there is not clicked.
    expect((await page('/demo/unfurl-click', { ...click, url: `${url}0` })).status).toBe(404);
    expect(warden.received).toHaveLength(2);
  });

  it('says so when the console is not one of the app’s unfurl domains; refuses what is not a finding id', async () => {
    const answer = await page('/demo/paste-link', { user: 'U0ALICE' });
    expect(answer.json.error).toMatch(/not one of the app's unfurl domains/);
    expect(warden.received).toEqual([]);
    expect((await page('/demo/paste-link', { user: 'U0ALICE', findingId: '../admin' })).status).toBe(400);
    expect((await page('/demo/paste-link', { user: 'U0NOBODY' })).status).toBe(400);
  });
});
