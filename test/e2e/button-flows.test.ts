import type { OpenView } from '@warden/simulators';
import { SEED_IDS } from '@warden/simulators';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { parseConfigFile } from '../../src/config-file.js';
import { BOB, type Harness, type LaneName, settle, startHarness, waitFor } from '../helpers/harness.js';

let h: Harness;
/** Flows run in process; the tests of the ack over HTTP (its code and time) switch to loopback. */
let lane: LaneName = 'inprocess';
beforeEach(async () => {
  h = await startHarness({ lane });
});
afterEach(() => h.close());

const findingState = (id: string) => h.tenant.findings.get(id, Date.now())?.state;

async function formFor(callbackId: string): Promise<OpenView> {
  return (await h.form(callbackId)).view;
}

const datePlus = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

describe('button → modal → submit', () => {
  it('snoozes: loading view first, then the form, then the tenant, the alert and the thread', async () => {
    // Over HTTP: it asserts the submission's HTTP answer too.
    await h.close();
    h = await startHarness();
    const ts = await h.postAlert('FND_SA_UNOWNED');
    const clickedAt = Date.now();
    const form = await h.openForm('finding.snooze', 'FND_SA_UNOWNED', ts);
    expect(form.labels).toEqual(['Snooze for', 'Custom date', 'Time on that date', 'Reason']);
    const opened = h.slack.callsOf('views.open');
    expect(opened).toHaveLength(1);
    expect(opened[0]?.args.view).toMatchObject({ callback_id: 'finding.loading' });
    // the loading view went out before Warden asked the tenant anything
    const firstRead = h.tenant.requests.find(
      (r) => r.method === 'GET' && r.path.endsWith('/FND_SA_UNOWNED') && r.at >= clickedAt,
    );
    expect(firstRead?.at ?? 0).toBeGreaterThanOrEqual(opened[0]?.at ?? Number.POSITIVE_INFINITY);
    expect(JSON.parse(String(form.view.view.private_metadata))).toMatchObject({
      findingId: 'FND_SA_UNOWNED',
      channel: 'C0SECOPS',
      ts,
      tz: 'Europe/Berlin',
    });

    const submitted = await form.submit({ 'Snooze for': '7 days', Reason: 'waiting on vendor' });
    expect(submitted.status).toBe(200);
    expect(submitted.body).toBe('');
    await waitFor(() => h.slack.thread('C0SECOPS', ts).length === 1, 5_000, 'thread reply');
    expect(findingState('FND_SA_UNOWNED')).toBe('FINDING_STATE_SNOOZED');
    const alert = h.slack.messages.find((m) => m.ts === ts);
    expect(alert?.edited).toBe(true);
    const actions = JSON.stringify(alert?.blocks);
    expect(actions).toContain('finding.reopen');
    expect(actions).not.toContain('finding.snooze');
    const [reply] = h.slack.thread('C0SECOPS', ts);
    expect(reply?.text).toMatch(/^<@U0ALICE> snoozed this until <!date\^\d+\^/);
    expect(reply?.text).toContain(': waiting on vendor');
    expect(h.slack.ephemerals).toHaveLength(0);
  });

  it('sends a custom snooze date in the person’s time zone', async () => {
    const ts = await h.postAlert('FND_SA_UNOWNED');
    const form = await h.openForm('finding.snooze', 'FND_SA_UNOWNED', ts, BOB); // America/New_York
    const day = datePlus(10);
    await form.submit(
      {
        'Snooze for': 'Custom date…',
        'Custom date': day,
        'Time on that date': '14:30',
        Reason: 'after the change freeze',
      },
      BOB,
    );
    const [body] = await waitFor(() => h.stateChanges().length === 1 && h.stateChanges());
    const until = new Date(String((body?.snooze as { snoozeUntil?: string } | undefined)?.snoozeUntil));
    const local = new Intl.DateTimeFormat('en-CA', {
      timeZone: 'America/New_York',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hour12: false,
    }).format(until);
    expect(local).toBe(`${day}, 14:30`);
  });

  it('returns field errors and sends nothing: empty reason, past date, too far ahead', async () => {
    const ts = await h.postAlert('FND_SA_UNOWNED');
    const form = await h.openForm('finding.snooze', 'FND_SA_UNOWNED', ts);
    const empty = await form.submit({ 'Snooze for': '7 days', Reason: '   ' });
    expect(JSON.parse(empty.body)).toEqual({
      response_action: 'errors',
      errors: { reason: expect.any(String) },
    });
    const past = await form.submit({
      'Snooze for': 'Custom date…',
      'Custom date': '2020-01-01',
      Reason: 'x',
    });
    expect(past.errors?.date).toMatch(/past/);
    const far = await form.submit({
      'Snooze for': 'Custom date…',
      'Custom date': datePlus(400),
      Reason: 'x',
    });
    expect(far.errors?.date).toMatch(/more than 365 days/);
    await settle(200);
    expect(h.stateChanges()).toHaveLength(0);
  });

  // The one raw view_submission payload of this file: the state values as Slack's fixture shapes them.
  it('accepts a risk from the fixture-shaped form, and refuses a short justification', async () => {
    const ts = await h.postAlert('FND_UNUSED_SECRET');
    await h.click('finding.acceptRisk', 'FND_UNUSED_SECRET', ts);
    const form = await formFor('finding.acceptRisk');
    const short = await h.submit(form, {
      justification: { value: { value: 'too short' } },
      preset: { value: { selected_option: { value: '30' } } },
    });
    expect(JSON.parse(short.body).errors.justification).toMatch(/at least 20/);
    const ok = await h.submit(form, {
      justification: {
        value: { type: 'plain_text_input', value: 'Compensating control: key rotated, SIEM alert on use.' },
      },
      expires: { value: { type: 'datepicker', selected_date: datePlus(60) } },
      preset: { value: { type: 'static_select', selected_option: { value: '30' } } },
      time: { value: { type: 'timepicker', selected_time: '09:00' } },
    });
    expect(ok.body).toBe('');
    await waitFor(() => h.slack.thread('C0SECOPS', ts).length === 1);
    expect(findingState('FND_UNUSED_SECRET')).toBe('FINDING_STATE_RISK_ACCEPTED');
    expect(h.slack.thread('C0SECOPS', ts)[0]?.text).toMatch(
      /accepted the risk until .*: Compensating control/,
    );
    const until = Date.parse(
      String(h.tenant.findings.get('FND_UNUSED_SECRET', Date.now())?.riskAcceptanceExpiresAt),
    );
    expect(Math.round((until - Date.now()) / 86_400_000)).toBeGreaterThanOrEqual(59);
  });

  // Over 3 s at times: two forms, each opened, filled and followed to the tenant, thread and audit.
  it('suppress and resolve ask why from the fixed list: in the tenant’s record, the thread, the audit log and the metric', async () => {
    const ts = await h.postAlert('FND_SIMILAR_USER');
    const form = await h.openForm('finding.suppress', 'FND_SIMILAR_USER', ts);
    expect(JSON.stringify(form.view.view.blocks)).toMatch(/permanent/);
    expect(form.labels).toEqual(['Why', 'Reason']);
    // Other needs words; nothing is sent
    const bare = await form.submit({ Why: 'Other' });
    expect(bare.errors).toEqual({ reason: 'Say why: it is required for Other.' });
    await form.submit({ Why: 'False positive', Reason: 'test accounts' });
    await waitFor(() => findingState('FND_SIMILAR_USER') === 'FINDING_STATE_SUPPRESSED');
    expect(String((h.stateChanges()[0]?.suppress as { reason?: string } | undefined)?.reason)).toMatch(
      /^False positive: test accounts — via Slack by/,
    );
    await waitFor(() => h.slack.thread('C0SECOPS', ts).length === 1);
    expect(h.slack.thread('C0SECOPS', ts)[0]?.text).toMatch(
      /suppressed this until someone reopens it: False positive: test accounts/,
    );
    const [entry] = await h.warden.store.auditLog({ findingId: 'FND_SIMILAR_USER', limit: 1 });
    expect(entry?.params).toMatchObject({ closure: 'false_positive' });

    const ts2 = await h.postAlert('FND_NHI_UNOWNED');
    const resolveForm = await h.openForm('finding.resolve', 'FND_NHI_UNOWNED', ts2);
    expect((await resolveForm.submit({})).errors).toEqual({ closure: 'Choose why.' });
    await resolveForm.submit({ Why: 'Fixed' });
    await waitFor(() => findingState('FND_NHI_UNOWNED') === 'FINDING_STATE_RESOLVED');
    // and a command may name one as its first word
    await h.command('suppress FND_CUSTOM duplicate of FND_SIMILAR_USER');
    await waitFor(() => findingState('FND_CUSTOM') === 'FINDING_STATE_SUPPRESSED');
    // The tenant's state moves before Warden hears its answer and counts the closure: wait for
    // the count, not for the state.
    const closures = () => h.warden.metrics.registry.getSingleMetricAsString('warden_closures_total');
    await waitFor(
      async () => /reason="duplicate",finding_type="custom"} 1/.test(await closures()),
      5_000,
      'the closure counted',
    );
    const metric = await closures();
    expect(metric).toMatch(
      /action="suppress",reason="false_positive",finding_type="similarUsernameMatch"} 1/,
    );
    expect(metric).toMatch(/action="resolve",reason="fixed",finding_type="[a-zA-Z]+"} 1/);
    expect(metric).toMatch(/action="suppress",reason="duplicate",finding_type="custom"} 1/);
  });

  it('the list is the operator’s (WARDEN_CONFIG closure.reasons)', async () => {
    await h.close();
    h = await startHarness({
      lane,
      file: parseConfigFile(
        'closure:\n  reasons:\n    - { id: noise, label: Detector noise }\n    - { id: other, label: Something else }\n',
        'closure.yaml',
      ),
    });
    const ts = await h.postAlert('FND_SIMILAR_USER');
    const form = await h.openForm('finding.suppress', 'FND_SIMILAR_USER', ts);
    const options = JSON.stringify(form.view.view.blocks);
    expect(options).toContain('Detector noise');
    expect(options).not.toContain('False positive');
    await form.submit({ Why: 'Detector noise' });
    await waitFor(() => findingState('FND_SIMILAR_USER') === 'FINDING_STATE_SUPPRESSED');
    expect(() =>
      parseConfigFile(
        'closure:\n  reasons:\n    - { id: noise, label: Noise }\n    - { id: fixed, label: Fixed }\n',
        'bad.yaml',
      ),
    ).toThrow(/must include \{ id: other \}/);
  });
});

describe('buttons that act at once', () => {
  it('reopen: confirm is on the button; the click changes state, updates the alert and replies', async () => {
    const ts = await h.postAlert('FND_SNOOZED');
    const alert = h.slack.messages.find((m) => m.ts === ts);
    const reopenButton = JSON.stringify(alert?.blocks).match(
      /"action_id":"finding.reopen"[^}]*}[^}]*"confirm"/,
    );
    expect(reopenButton).not.toBeNull();
    await h.click('finding.reopen', 'FND_SNOOZED', ts);
    await waitFor(() => h.slack.thread('C0SECOPS', ts).length === 1);
    expect(findingState('FND_SNOOZED')).toBe('FINDING_STATE_OPEN');
    expect(h.slack.thread('C0SECOPS', ts)[0]?.text).toBe('<@U0ALICE> reopened this.');
    expect(h.slack.callsOf('views.open')).toHaveLength(0);
  });

  it('a suppressed card offers Reopen, not the deprecated Unsuppress that does the same', async () => {
    const ts = await h.postAlert('FND_SUPPRESSED');
    const card = JSON.stringify(h.slack.messages.find((m) => m.ts === ts)?.blocks);
    expect(card).toContain('finding.reopen');
    expect(card).not.toContain('finding.unsuppress');
  });

  it('unsuppress on a suppressed finding, where WARDEN_CONFIG offers it', async () => {
    await h.close();
    h = await startHarness({
      lane,
      file: parseConfigFile('cards:\n  offerUnsuppress: true\n', 'cards.yaml'),
    });
    const ts = await h.postAlert('FND_SUPPRESSED');
    expect(JSON.stringify(h.slack.messages.find((m) => m.ts === ts)?.blocks)).toContain('finding.unsuppress');
    await h.click('finding.unsuppress', 'FND_SUPPRESSED', ts);
    await waitFor(() => findingState('FND_SUPPRESSED') === 'FINDING_STATE_OPEN');
    expect(h.stateChanges()).toEqual([{ unsuppress: {} }]);
  });
});

describe('who a card credits', () => {
  const ID = 'FND_SIMILAR_USER';
  /** The State line of the newest card of the finding in the channel. */
  const stateLine = () => {
    const cards = h.slack.messages.filter(
      (m) => !m.thread_ts && JSON.stringify(m.blocks).includes(`\`${ID}\``),
    );
    return /\*State:\*[^"]*/.exec(JSON.stringify(cards.at(-1)?.blocks))?.[0] ?? '';
  };

  it('a re-suppression in the tenant’s console with other words is not the Slack person’s', async () => {
    const ts = await h.postAlert(ID);
    const form = await h.openForm('finding.suppress', ID, ts);
    await form.submit({ Why: 'False positive', Reason: 'test accounts' });
    await waitFor(() => h.slack.thread('C0SECOPS', ts).length === 1, 5_000, 'the thread reply');
    await h.command(`show ${ID}`);
    await waitFor(() => stateLine().includes('by <@U0ALICE>'), 5_000, 'the card naming Alice');
    // then Bob, in the tenant's console, reopens it and suppresses it again with his own words
    for (const body of [{ reopen: {} }, { suppress: { reason: 'known HR import duplicate' } }])
      expect(h.tenant.findings.changeState(ID, body, SEED_IDS.users.bob).status).toBe(200);
    // show brings the channel's one card up to date
    await h.command(`show ${ID}`);
    await waitFor(
      () => stateLine().includes('known HR import duplicate'),
      5_000,
      'the card brought up to date',
    );
    expect(stateLine()).toMatch(/^\*State:\* 🔕 Suppressed until reopened: known HR import duplicate$/);
  });

  it('a reopen in the tenant’s console after one in Slack is not the Slack person’s', async () => {
    const ts = await h.postAlert('FND_SNOOZED');
    await h.click('finding.reopen', 'FND_SNOOZED', ts);
    await waitFor(() => h.slack.thread('C0SECOPS', ts).length === 1, 5_000, 'the thread reply');
    expect(JSON.stringify(h.slack.messages.find((m) => m.ts === ts)?.blocks)).toContain('by <@U0ALICE>');
    // Bob snoozes it in the console and reopens it there: open again, but by Bob
    const until = new Date(Date.now() + 86_400_000).toISOString();
    for (const body of [{ snooze: { reason: 'vendor call', snoozeUntil: until } }, { reopen: {} }])
      expect(h.tenant.findings.changeState('FND_SNOOZED', body, SEED_IDS.users.bob).status).toBe(200);
    // show brings the channel's one card (the alert) up to date
    await h.command('show FND_SNOOZED');
    const stateOf = () =>
      /\*State:\*[^"]*/.exec(JSON.stringify(h.slack.messages.find((m) => m.ts === ts)?.blocks))?.[0];
    await waitFor(() => !stateOf()?.includes('ALICE'), 5_000, 'the card brought up to date');
    expect(stateOf()).toBe('*State:* 🚨 Open');
  });
});

describe('ack', () => {
  // The ack's time over HTTP is what Slack waits for (3 s): these stay on the real receiver.
  beforeAll(() => {
    lane = 'loopback';
  });
  afterAll(() => {
    lane = 'inprocess';
  });
  it('acks a button in under 1 s while the tenant takes 2.5 s', async () => {
    const ts = await h.postAlert('FND_SA_UNOWNED');
    h.tenant.faults.add({ method: 'GET', path: /FND_SA_UNOWNED$/, latencyMs: 2_500 });
    const ack = await h.click('finding.snooze', 'FND_SA_UNOWNED', ts);
    expect(ack.status).toBe(200);
    expect(ack.ms).toBeLessThan(1_000);
    // the loading view opens at once, while the tenant is still thinking
    await waitFor(() => h.slack.callsOf('views.open').length === 1, 1_000, 'loading view');
    expect(h.slack.callsOf('views.update')).toHaveLength(0);
    const form = await formFor('finding.snooze');
    expect(form.view.callback_id).toBe('finding.snooze');
  });

  it('acks a reopen in under 1 s while the tenant takes 2.5 s', async () => {
    const ts = await h.postAlert('FND_SNOOZED');
    h.tenant.faults.add({ method: 'POST', path: /\/state$/, latencyMs: 2_500 });
    const ack = await h.click('finding.reopen', 'FND_SNOOZED', ts);
    expect(ack.ms).toBeLessThan(1_000);
    await waitFor(() => findingState('FND_SNOOZED') === 'FINDING_STATE_OPEN', 6_000);
  });
});
