import { request } from 'undici';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { routeDemoPage } from '../src/demo/page-routes.js';
import { createLocalSlack, createSandboxTenant, type LocalSlack, type SandboxTenant } from '../src/index.js';
import { startReceiver } from './event-receiver.js';

/**
 * The demo page's shortcuts: a message shortcut from a message's menu (or on a message the person
 * writes first) and the global shortcut reach Warden as Slack's signed payloads; the page offers
 * them in its snapshot as the manifest declares them.
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

async function page(body: Record<string, unknown>) {
  const res = await request(`${slack.url}/demo/shortcut`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return { status: res.statusCode, json: (await res.body.json()) as Record<string, unknown> };
}

describe('the demo page’s shortcuts', () => {
  it('Find a finding: a signed global shortcut payload for the person, no channel or message', async () => {
    expect(await page({ user: 'U0ALICE', callbackId: 'shortcut.find_finding' })).toEqual({
      status: 200,
      json: { ok: true },
    });
    const [got] = warden.received;
    expect(got?.signed).toBe(true);
    expect(got?.json).toMatchObject({
      type: 'shortcut',
      callback_id: 'shortcut.find_finding',
      trigger_id: expect.any(String),
      user: { id: 'U0ALICE' },
      team: { id: 'T0WARDEN' },
    });
    for (const absent of ['channel', 'message', 'response_url']) expect(got?.json).not.toHaveProperty(absent);
  });

  it('a message shortcut on a message the person writes: posted as them, then the signed message_action', async () => {
    const answer = await page({
      user: 'U0CAROL',
      callbackId: 'shortcut.attach_note',
      channel: 'C0SECOPS',
      text: 'ci-runner logged in at 3am',
    });
    expect(answer).toEqual({ status: 200, json: { ok: true } });
    const posted = slack.messages.find((m) => m.text === 'ci-runner logged in at 3am');
    expect(posted?.channel).toBe('C0SECOPS');
    const [got] = warden.received;
    expect(got?.signed).toBe(true);
    expect(got?.json).toMatchObject({
      type: 'message_action',
      callback_id: 'shortcut.attach_note',
      channel: { id: 'C0SECOPS' },
      user: { id: 'U0CAROL' },
      message: { ts: posted?.ts, text: 'ci-runner logged in at 3am', user: 'U0CAROL' },
      response_url: expect.stringMatching(/^http:\/\/127\.0\.0\.1:\d+\//),
    });
  });

  it('a message shortcut from a message’s menu uses it on that message', async () => {
    const ts = slack.seedMessage('C0SECOPS', 'an alert card');
    expect(
      (
        await page({
          user: 'U0ALICE',
          callbackId: 'shortcut.report_activity',
          channel: 'C0SECOPS',
          messageTs: ts,
        })
      ).json,
    ).toEqual({ ok: true });
    expect(warden.received[0]?.json).toMatchObject({ type: 'message_action', message_ts: ts });
  });

  it('refuses what the app does not declare, a missing message, a channel of another workspace', async () => {
    expect((await page({ user: 'U0ALICE', callbackId: 'shortcut.not_ours' })).status).toBe(400);
    expect(
      (
        await page({
          user: 'U0ALICE',
          callbackId: 'shortcut.attach_note',
          channel: 'C0SECOPS',
          messageTs: '1.000001',
        })
      ).status,
    ).toBe(404);
    expect((await page({ user: 'U0ALICE', callbackId: 'shortcut.attach_note' })).status).toBe(400);
    expect((await page({ user: 'U0NOBODY', callbackId: 'shortcut.find_finding' })).status).toBe(400);
    expect(
      (await page({ user: 'U0ALICE', callbackId: 'shortcut.attach_note', channel: 'C0ALPHA', text: 'x' }))
        .status,
    ).toBe(400);
    expect(warden.received).toEqual([]);
  });

  it('the page’s snapshot lists the shortcuts the manifest declares', async () => {
    const { snapshotFor } = await import('../src/demo/page-view.js');
    const snap = snapshotFor(slack, 'U0ALICE', '/warden');
    expect(snap.shortcuts.map((s) => [s.type, s.callbackId])).toEqual([
      ['message', 'shortcut.attach_note'],
      ['message', 'shortcut.report_activity'],
      ['global', 'shortcut.find_finding'],
    ]);
  });
});
