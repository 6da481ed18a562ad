import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type Harness, settle, startHarness, waitFor } from '../helpers/harness.js';

let h: Harness;
beforeEach(async () => {
  h = await startHarness({ lane: 'inprocess', requestTimeoutMs: 300 });
});
afterEach(() => h.close());

const ephemeral = () => waitFor(() => h.slack.ephemerals[0], 5_000, 'an ephemeral message');

async function expectAlertUntouched(ts: string, before: unknown[]) {
  await settle(150);
  const alert = h.slack.messages.find((m) => m.ts === ts);
  expect(alert?.edited).toBeUndefined();
  expect(alert?.blocks).toEqual(before);
  expect(h.slack.thread('C0SECOPS', ts)).toHaveLength(0);
}

describe('when the tenant refuses or fails', () => {
  it('shows the tenant’s refusal to the person only; the alert keeps its buttons', async () => {
    const ts = await h.postAlert('FND_SNOOZED');
    const before = structuredClone(h.slack.messages.find((m) => m.ts === ts)?.blocks ?? []);
    // Someone resolved it meanwhile in the console, then the sandbox refuses a reopen? Use a refused move:
    h.tenant.faults.add({
      method: 'POST',
      path: /\/state$/,
      status: 400,
      body: { code: 9, message: 'cannot reopen: finding is locked by a task' },
    });
    await h.click('finding.reopen', 'FND_SNOOZED', ts);
    const msg = await ephemeral();
    expect(msg.user).toBe('U0ALICE');
    expect(msg.text).toMatch(/refused to reopen finding/);
    expect(msg.text).toContain('cannot reopen: finding is locked by a task');
    expect(msg.text).toMatch(/ref `[0-9a-f]{12}`/); // the HTTP request id
    await expectAlertUntouched(ts, before);
  });

  it('the tenant’s words quote its enums: the person reads them in words', async () => {
    const ts = await h.postAlert('FND_SNOOZED');
    // What the tenant answers a transition its state machine does not allow (the simulated
    // tenant's own refusal, as a real one words it).
    h.tenant.faults.add({
      method: 'POST',
      path: /\/state$/,
      status: 400,
      body: { code: 9, message: 'cannot reopen a finding in state FINDING_STATE_SUPPRESSED' },
    });
    await h.click('finding.reopen', 'FND_SNOOZED', ts);
    const msg = await ephemeral();
    expect(msg.text).toContain('cannot reopen a finding in state suppressed');
    expect(msg.text).not.toMatch(/FINDING_STATE_/);
  });

  it('says so when the finding is unknown', async () => {
    await h.command('reopen FND_DOES_NOT_EXIST');
    expect((await ephemeral()).text).toMatch(/no such item/);
  });

  it('says what to do when Warden’s credentials lack the permission', async () => {
    const ts = await h.postAlert('FND_SNOOZED');
    h.tenant.faults.add({
      method: 'POST',
      path: /\/state$/,
      status: 403,
      body: { code: 7, message: 'missing role' },
    });
    await h.click('finding.reopen', 'FND_SNOOZED', ts);
    const text = (await ephemeral()).text;
    expect(text).toMatch(/not allowed to reopen/);
    expect(text).toMatch(/grant/);
  });

  it('says the outcome is unknown after a timeout it could not check, and shows nothing as done', async () => {
    const ts = await h.postAlert('FND_SNOOZED');
    const before = structuredClone(h.slack.messages.find((m) => m.ts === ts)?.blocks ?? []);
    h.tenant.faults.add({ method: 'POST', path: /\/state$/, latencyMs: 1_000 });
    h.tenant.faults.add({ method: 'GET', status: 503, times: 10 });
    await h.click('finding.reopen', 'FND_SNOOZED', ts);
    const text = (await ephemeral()).text;
    expect(text).toMatch(/may or may not have been applied/);
    await expectAlertUntouched(ts, before);
  });

  it('shows an error in the modal when the finding cannot be loaded', async () => {
    const ts = await h.postAlert('FND_SA_UNOWNED');
    h.tenant.faults.add({ method: 'GET', status: 500, body: { code: 13, message: 'db down' } });
    await h.click('finding.snooze', 'FND_SA_UNOWNED', ts);
    const update = await waitFor(() => h.slack.callsOf('views.update')[0]);
    const text = JSON.stringify(update.args.view);
    expect(text).toMatch(/tenant is unavailable or not answering; could not load finding/);
    expect(text).not.toMatch(/may or may not/);
    expect(h.stateChanges()).toHaveLength(0);
  });

  it('refreshes the alert instead of offering an action the state no longer has', async () => {
    const ts = await h.postAlert('FND_SA_UNOWNED');
    // changed in the tenant's console after the alert was posted
    h.tenant.findings.changeState('FND_SA_UNOWNED', { suppress: { reason: 'console' } }, 'IU_X', Date.now());
    await h.click('finding.snooze', 'FND_SA_UNOWNED', ts);
    const update = await waitFor(() => h.slack.callsOf('views.update')[0]);
    expect(JSON.stringify(update.args.view)).toContain('now Suppressed');
    await waitFor(() => h.slack.messages.find((m) => m.ts === ts)?.edited);
    expect(h.stateChanges()).toHaveLength(0);
  });
});

describe('when Slack fails', () => {
  it('a change that worked but could not be shown says both', async () => {
    const ts = await h.postAlert('FND_SNOOZED');
    h.slack.fail({ method: 'chat.update', error: 'message_not_found' });
    await h.click('finding.reopen', 'FND_SNOOZED', ts);
    const text = (await ephemeral()).text;
    expect(text).toMatch(/Done: <@U0ALICE> reopened this/);
    expect(text).toContain('message_not_found');
    expect(h.tenant.findings.get('FND_SNOOZED', Date.now())?.state).toBe('FINDING_STATE_OPEN');
  });

  it('waits out a Slack 429 with Retry-After and then updates', async () => {
    const ts = await h.postAlert('FND_SNOOZED');
    h.slack.fail({ method: 'chat.update', rateLimitSeconds: 1 });
    await h.click('finding.reopen', 'FND_SNOOZED', ts);
    await waitFor(() => h.slack.thread('C0SECOPS', ts).length === 1, 6_000);
    expect(h.slack.callsOf('chat.update')).toHaveLength(2);
    expect(h.slack.ephemerals).toHaveLength(0);
  });

  it('falls back to response_url when an ephemeral message cannot be posted', async () => {
    const ts = await h.postAlert('FND_SNOOZED');
    h.slack.fail({ method: 'chat.postEphemeral', error: 'not_in_channel' });
    h.tenant.faults.add({
      method: 'POST',
      path: /\/state$/,
      status: 400,
      body: { code: 9, message: 'nope' },
    });
    await h.click('finding.reopen', 'FND_SNOOZED', ts);
    const msg = await ephemeral();
    expect(msg.via).toBe('response_url');
    expect(msg.text).toContain('nope');
  });
});

describe('concurrency and repeats', () => {
  it('a second click while a change is in flight sends nothing more', async () => {
    const ts = await h.postAlert('FND_SNOOZED');
    h.tenant.faults.add({ method: 'POST', path: /\/state$/, latencyMs: 250 });
    await h.click('finding.reopen', 'FND_SNOOZED', ts);
    await waitFor(() => h.stateChanges().length === 1);
    await h.click('finding.reopen', 'FND_SNOOZED', ts);
    const msg = await ephemeral();
    expect(msg.text).toMatch(/already in progress/);
    await waitFor(() => h.slack.thread('C0SECOPS', ts).length === 1, 3_000);
    await settle(200);
    expect(h.stateChanges()).toHaveLength(1);
    expect(h.slack.thread('C0SECOPS', ts)).toHaveLength(1);
  });

  it('a repeated delivery of the same interaction is acked and does nothing', async () => {
    // Over HTTP: Slack's retry header and the HTTP answers are what this is about.
    await h.close();
    h = await startHarness({ requestTimeoutMs: 300 });
    const ts = await h.postAlert('FND_SNOOZED');
    const { blockActionBody, postSigned } = await import('@warden/simulators');
    const body = blockActionBody(
      { userId: 'U0ALICE', teamId: 'T0WARDEN', channelId: 'C0SECOPS' },
      {
        actionId: 'finding.reopen',
        value: 'FND_SNOOZED',
        messageTs: ts,
        triggerId: h.slack.issueTriggerId(),
        responseUrl: h.slack.responseUrl(),
      },
    );
    const first = await postSigned(h.url, body, h.signingSecret);
    const second = await postSigned(h.url, body, h.signingSecret, { headers: { 'x-slack-retry-num': '1' } });
    expect([first.status, second.status]).toEqual([200, 200]);
    await waitFor(() => h.slack.thread('C0SECOPS', ts).length === 1);
    await settle(200);
    expect(h.stateChanges()).toHaveLength(1);
    expect(h.slack.thread('C0SECOPS', ts)).toHaveLength(1);
  });
});
