import { describe, expect, it } from 'vitest';
import { parseConfigFile } from '../../src/config-file.js';
import { flowsPerTest } from '../helpers/button-flows.js';
import { BOB, type Harness, type LaneName, settle, startHarness, waitFor } from '../helpers/harness.js';
import { unsealedMetadata } from '../helpers/view-seal.js';

/**
 * Buttons that open a modal (issue: the interaction is the unit): the click, the loading view,
 * the form, its field errors and its submission, followed to the tenant, the card and the thread.
 * Buttons that act at once and who a card credits: button-flows-cards.test.ts; the ack's time
 * over HTTP: button-flows-ack.test.ts.
 */

let h: Harness;
/** Flows run in process (the ack's tests over HTTP: button-flows-ack.test.ts). */
const lane: LaneName = 'inprocess';
const { findingState, formFor } = flowsPerTest({
  lane: () => lane,
  started: (started) => {
    h = started;
  },
  current: () => h,
});

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
    expect(JSON.parse(unsealedMetadata(form.view.view.private_metadata))).toMatchObject({
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
