import { request } from 'undici';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { routeDemoPage } from '../src/demo/page-routes.js';
import { createLocalSlack, createSandboxTenant, type LocalSlack, type SandboxTenant } from '../src/index.js';
import { type Received, startReceiver } from './event-receiver.js';
import { api } from './slack-api.js';

/**
 * A click inside a modal of the demo page (a button, an overflow choice, ticked boxes) reaches
 * Warden as Slack sends it: block_actions with the view and its state; only what the view offers.
 * And the upload_url of Slack's upload flow keeps the file, not the multipart body around it.
 */

let slack: LocalSlack;
let tenant: SandboxTenant;
let warden: Awaited<ReturnType<typeof startReceiver>>;

beforeEach(async () => {
  slack = await createLocalSlack();
  tenant = await createSandboxTenant();
  warden = await startReceiver(
    () => slack.signingSecret,
    () => ({ status: 200 }),
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

const opt = (value: string) => ({ text: { type: 'plain_text', text: value }, value });
const REVIEW = {
  type: 'modal',
  callback_id: 'review',
  private_metadata: '{"page":0}',
  title: { type: 'plain_text', text: 'Review' },
  blocks: [
    // Two rows without block ids, one action id: the choice tells which row it was.
    {
      type: 'section',
      text: { type: 'mrkdwn', text: 'A' },
      accessory: { type: 'overflow', action_id: 'row', options: [opt('snooze A')] },
    },
    {
      type: 'section',
      text: { type: 'mrkdwn', text: 'B' },
      accessory: { type: 'overflow', action_id: 'row', options: [opt('snooze B')] },
    },
    {
      type: 'actions',
      block_id: 'pick',
      elements: [{ type: 'checkboxes', action_id: 'pick', options: [opt('A'), opt('B')] }],
    },
    {
      type: 'actions',
      block_id: 'pages',
      elements: [
        { type: 'button', action_id: 'next', value: '1', text: { type: 'plain_text', text: 'Next ›' } },
      ],
    },
  ],
};

async function openReview(user = 'U0ALICE'): Promise<string> {
  const opened = await api(slack, 'views.open', { trigger_id: slack.issueTriggerId(user), view: REVIEW });
  return String((opened.view as { id: string }).id);
}

describe('a click inside a modal of the demo page', () => {
  it('sends a button as block_actions with the view, its state and the button’s own value', async () => {
    const viewId = await openReview();
    const values = { pick: { pick: { type: 'checkboxes', selected_options: [opt('B')] } } };
    const answer = await page('/demo/view-action', {
      user: 'U0ALICE',
      viewId,
      action: { type: 'button', actionId: 'next', blockId: 'pages', value: 'forged' },
      values,
    });
    expect(answer).toEqual({ status: 200, json: { ok: true } });
    const got = warden.received[0] as Received;
    expect(got.signed).toBe(true);
    expect(got.json).toMatchObject({
      type: 'block_actions',
      user: { id: 'U0ALICE' },
      container: { type: 'view', view_id: viewId },
      view: {
        id: viewId,
        callback_id: 'review',
        private_metadata: '{"page":0}',
        state: { values },
        blocks: REVIEW.blocks,
      },
      actions: [{ type: 'button', action_id: 'next', block_id: 'pages', value: '1' }],
    });
    for (const absent of ['channel', 'message', 'response_url']) expect(got.json).not.toHaveProperty(absent);
  });

  it('sends the overflow choice of the row it was made on, and ticked boxes as they are ticked', async () => {
    const viewId = await openReview();
    const chosen = { type: 'overflow', actionId: 'row', selected_option: opt('snooze B') };
    expect(
      (await page('/demo/view-action', { user: 'U0ALICE', viewId, action: chosen, values: {} })).status,
    ).toBe(200);
    expect(warden.received[0]?.json.actions).toEqual([
      expect.objectContaining({ type: 'overflow', action_id: 'row', selected_option: opt('snooze B') }),
    ]);
    const ticked = { type: 'checkboxes', actionId: 'pick', blockId: 'pick', selected_options: [opt('A')] };
    expect(
      (await page('/demo/view-action', { user: 'U0ALICE', viewId, action: ticked, values: {} })).status,
    ).toBe(200);
    expect(warden.received[1]?.json.actions).toEqual([
      expect.objectContaining({ type: 'checkboxes', block_id: 'pick', selected_options: [opt('A')] }),
    ]);
  });

  it('refuses what the view does not offer, and another person’s view', async () => {
    const viewId = await openReview();
    const forged = { type: 'overflow', actionId: 'row', selected_option: opt('delete everything') };
    expect(
      (await page('/demo/view-action', { user: 'U0ALICE', viewId, action: forged, values: {} })).status,
    ).toBe(400);
    const unknown = { type: 'button', actionId: 'nope' };
    expect(
      (await page('/demo/view-action', { user: 'U0ALICE', viewId, action: unknown, values: {} })).status,
    ).toBe(400);
    const next = { type: 'button', actionId: 'next' };
    expect(
      (await page('/demo/view-action', { user: 'U0CAROL', viewId, action: next, values: {} })).status,
    ).toBe(404);
    expect(warden.received).toEqual([]);
  });
});

describe('a menu on a message of the demo page', () => {
  it('sends its type and choice, not a button', async () => {
    const messageTs = slack.seedMessage('C0SECOPS', 'pick one');
    const click = { user: 'U0ALICE', channel: 'C0SECOPS', messageTs, actionId: 'who', blockId: 'b1' };
    const chosen = { ...click, type: 'users_select', selected_user: 'U0DAVE' };
    expect((await page('/demo/click', chosen)).status).toBe(200);
    expect((await page('/demo/click', { ...click, value: 'v' })).status).toBe(200);
    const [menu, button] = warden.received.map((r) => (r.json.actions as Record<string, unknown>[])[0]);
    expect(menu).toMatchObject({
      type: 'users_select',
      action_id: 'who',
      block_id: 'b1',
      selected_user: 'U0DAVE',
    });
    expect(menu).not.toHaveProperty('value');
    expect(button).toMatchObject({ type: 'button', action_id: 'who', value: 'v' });
  });
});

describe('Slack’s upload flow on the local Slack', () => {
  /** `length`: the file's bytes, as getUploadURLExternal is told them (the upload must match). */
  async function upload(body: FormData | string, length: number, headers: Record<string, string> = {}) {
    const url = await api(slack, 'files.getUploadURLExternal', { filename: 'list.csv', length });
    const res = await fetch(String(url.upload_url), { method: 'POST', body, headers });
    expect(res.status).toBe(200);
    await res.text();
    const done = await api(slack, 'files.completeUploadExternal', {
      files: [{ id: url.file_id, title: 'The list' }],
      channel_id: 'D0ALICE',
    });
    expect(done.ok).toBe(true);
    return slack.files.at(-1);
  }

  it('keeps the file part of a multipart body (as @slack/web-api sends it), named and typed', async () => {
    const form = new FormData();
    form.append('token', 'xoxb-ignored');
    form.append('file', new Blob([Buffer.from('a,b\r\n1,ü\r\n')]), 'Untitled');
    const file = await upload(form, Buffer.byteLength('a,b\r\n1,ü\r\n'));
    expect(file?.content).toBe('a,b\r\n1,ü\r\n');
    expect(file?.bytes.length).toBe(Buffer.byteLength('a,b\r\n1,ü\r\n'));
    expect(file).toMatchObject({
      filename: 'list.csv',
      title: 'The list',
      mimetype: 'text/csv',
      filetype: 'csv',
    });
    expect(slack.messages.at(-1)?.files).toEqual([
      { id: file?.id, name: 'list.csv', title: 'The list', mimetype: 'text/csv', filetype: 'csv', size: 11 },
    ]);
  });

  it('keeps a raw body as it is', async () => {
    const file = await upload('x,y\r\n', 5, { 'content-type': 'application/octet-stream' });
    expect(file?.content).toBe('x,y\r\n');
  });
});
