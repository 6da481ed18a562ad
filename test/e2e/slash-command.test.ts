import { slashCommandBody } from '@warden/simulators';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ALICE, BOB, type Harness, settle, startHarness, waitFor } from '../helpers/harness.js';
import { unsealedMetadata } from '../helpers/view-seal.js';

let h: Harness;
beforeEach(async () => {
  h = await startHarness({ lane: 'inprocess' });
});
afterEach(() => h.close());

const state = (id: string) => h.tenant.findings.get(id, Date.now());
const ackText = (body: string) =>
  body ? (JSON.parse(body) as { text?: string; response_type?: string }) : {};

/** The card posted in the channel and the thread reply under it. */
async function postedCardAndReply(channel = 'C0SECOPS') {
  const card = await waitFor(
    () => h.slack.messages.find((m) => m.channel === channel && !m.thread_ts),
    5_000,
    'card',
  );
  const reply = await waitFor(() => h.slack.thread(channel, card.ts)[0], 5_000, 'thread reply');
  return { card, reply };
}

describe('/warden', () => {
  it.each(['', 'help', 'HELP'])('answers %j with the usage, ephemeral, in the ack', async (text) => {
    const ack = await h.command(text);
    const body = ackText(ack.body);
    expect(body.response_type).toBe('ephemeral');
    expect(body.text).toContain('/warden snooze');
    expect(body.text).toContain('/warden campaign');
  });

  it('answers an unknown subcommand with the whole usage, bad arguments with that subcommand’s', async () => {
    const unknown = ackText((await h.command('frobnicate FND_1')).body);
    expect(unknown.response_type).toBe('ephemeral');
    expect(unknown.text).toMatch(/^:warning: .+\n\n\*\/warden help\*/s);
    for (const [text, sub] of [
      ['snooze', 'snooze'],
      ['snooze FND_SA_UNOWNED 7d', 'snooze'],
      ['suppress FND_SA_UNOWNED', 'suppress'],
      ['show ../../x', 'show'],
      ['accept-risk FND_1 7d', 'accept-risk'],
    ] as const) {
      const body = ackText((await h.command(text)).body);
      expect(body.response_type, text).toBe('ephemeral');
      expect(body.text, text).toMatch(new RegExp(`^:warning: .+\\n\\n\\*/warden ${sub}\\*`, 's'));
      expect(body.text, text).not.toContain('*/warden campaign*');
    }
    await settle(100);
    expect(h.tenant.requests.filter((r) => r.path.startsWith('/api/'))).toHaveLength(0);
  });

  it('a typo’d finding id is one info line in the log: no stack, no request body, no email', async () => {
    await h.command('snooze FND_TYPO 7d waiting on vendor');
    expect((await h.nextEphemeral('U0ALICE')).text).toMatch(/no such item/);
    await h.command('show FND_TYPO2');
    expect((await h.nextEphemeral('U0ALICE')).text).toMatch(/no such item/);
    const lines = h.logs
      .flatMap((chunk) => chunk.split('\n'))
      .filter((l) => l.includes('FND_TYPO'))
      .map((l) => JSON.parse(l) as Record<string, unknown>);
    const failures = lines.filter((l) => /failed/.test(String(l.msg)));
    expect(failures.map((l) => [l.level, l.msg])).toEqual([
      ['info', 'state change failed: the tenant has no such item'],
      ['info', 'show finding `FND_TYPO2` failed: the tenant has no such item'],
    ]);
    const printed = JSON.stringify(lines);
    expect(printed).not.toMatch(/stack|"body"|@acme\.example/);
  });

  it('never writes <…> raw into help or a mistake (Slack reads it as syntax)', async () => {
    for (const text of ['help', 'show', 'show <!channel>', 'frobnicate <!here>']) {
      const body = ackText((await h.command(text)).body);
      expect(body.text, text).not.toMatch(/[<>]/);
    }
  });

  it('show posts the card in the channel', async () => {
    const ack = await h.command('show FND_DECOY_USED');
    expect(ack.body).toBe('');
    const card = await waitFor(() => h.slack.messages[0]);
    expect(card.channel).toBe('C0SECOPS');
    expect(card.text).toMatch(/^Critical: Decoy credential used/);
  });

  it('snooze <id> 7d <reason…> acts, posts the card and replies in its thread', async () => {
    await h.command('snooze FND_SA_UNOWNED 7d waiting on vendor');
    const { card, reply } = await postedCardAndReply();
    expect(state('FND_SA_UNOWNED')?.state).toBe('FINDING_STATE_SNOOZED');
    // the tenant's record says who acted in Slack
    expect(state('FND_SA_UNOWNED')?.snoozeReason).toBe(
      'waiting on vendor — via Slack by "Alice Adams" (U0ALICE)',
    );
    expect(JSON.stringify(card.blocks)).toContain('Snoozed until');
    expect(reply.text).toMatch(/<@U0ALICE> snoozed this until .*: waiting on vendor/);
    const until = Date.parse(String(state('FND_SA_UNOWNED')?.snoozeUntil));
    expect(Math.abs(until - (Date.now() + 7 * 86_400_000))).toBeLessThan(60_000);
  });

  it('the card says who acted in Slack and when; the tenant’s record keeps the attribution, never shown', async () => {
    await h.command('snooze FND_SA_UNOWNED 7d waiting on vendor');
    const { card } = await postedCardAndReply();
    const state = await waitFor(() => {
      const blocks = JSON.stringify(h.slack.messages.find((m) => m.ts === card.ts)?.blocks);
      return blocks.includes('Snoozed') && blocks;
    });
    expect(state).toMatch(/Snoozed until <!date[^>]*>: waiting on vendor · by <@U0ALICE>, <!date\^/);
    expect(state).not.toMatch(/via Slack|alice@acme\.example|IU_WARDEN_SERVICE/);
  });

  it('a change made outside Slack shows no email, no service principal and no Slack person', async () => {
    await h.command('snooze FND_SA_UNOWNED 7d waiting on vendor');
    await postedCardAndReply();
    // then, in the tenant: reopened and snoozed again with other words, by someone else
    const now = h.tenant.findings.get('FND_SA_UNOWNED', Date.now());
    h.tenant.findings.put({
      ...(now ?? { id: 'FND_SA_UNOWNED', state: '' }),
      state: 'FINDING_STATE_SNOOZED',
      snoozeUntil: new Date(Date.now() + 3 * 86_400_000).toISOString(),
      snoozeReason: 'asked by bob@acme.example in a ticket',
      stateUpdatedById: 'IU_WARDEN_SERVICE',
    });
    // show brings the channel's card up to date (one live card per finding and channel)
    await h.command('show FND_SA_UNOWNED');
    const blocks = await waitFor(() => {
      const shown = JSON.stringify(h.slack.messages.find((m) => !m.thread_ts)?.blocks);
      return shown.includes('asked by') && shown;
    });
    expect(blocks).toContain('asked by [email hidden] in a ticket');
    expect(blocks).not.toMatch(/@acme\.example|IU_WARDEN_SERVICE|<@U0ALICE>/);
  });

  it('a change the tenant confirms with finding null is shown done: Warden reads the finding back', async () => {
    h.tenant.answers.stateChangeWithoutFinding = true;
    await h.command('suppress FND_SA_UNOWNED test account');
    const { card, reply } = await postedCardAndReply();
    expect(JSON.stringify(card.blocks)).toContain('Suppressed until reopened');
    expect(reply.text).toMatch(/<@U0ALICE> suppressed this/);
    await settle(100);
    expect(h.slack.ephemerals).toHaveLength(0);
    const [entry] = await h.warden.store.auditLog({ findingId: 'FND_SA_UNOWNED', limit: 1 });
    expect(entry?.outcome).toBe('ok');
  });

  it.each([
    ['2w', 14 * 24],
    ['36h', 36],
    ['P7D', 7 * 24],
  ])('snooze accepts %s', async (when, hours) => {
    await h.command(`snooze FND_SA_UNOWNED ${when} because`);
    await waitFor(() => state('FND_SA_UNOWNED')?.state === 'FINDING_STATE_SNOOZED');
    const until = Date.parse(String(state('FND_SA_UNOWNED')?.snoozeUntil));
    expect(Math.abs(until - (Date.now() + hours * 3_600_000))).toBeLessThan(60_000);
  });

  it('snooze reads "2026-12-01 09:00" style times in the person’s Slack time zone', async () => {
    const day = new Date(Date.now() + 20 * 86_400_000).toISOString().slice(0, 10);
    await h.command(`snooze FND_SA_UNOWNED ${day} 09:00 quarterly review`, BOB); // America/New_York
    await waitFor(() => state('FND_SA_UNOWNED')?.state === 'FINDING_STATE_SNOOZED');
    const until = new Date(String(state('FND_SA_UNOWNED')?.snoozeUntil));
    const local = new Intl.DateTimeFormat('en-GB', {
      timeZone: 'America/New_York',
      hour: '2-digit',
      minute: '2-digit',
      hour12: false,
    }).format(until);
    expect(local).toBe('09:00');
    expect(state('FND_SA_UNOWNED')?.snoozeReason).toBe('quarterly review — via Slack by "Bob Brown" (U0BOB)');
  });

  it('snooze refuses a time it cannot read, or in the past, privately', async () => {
    await h.command('snooze FND_SA_UNOWNED whenever because');
    expect((await waitFor(() => h.slack.ephemerals[0])).text).toMatch(/not a time Warden understands/);
    await h.command('snooze FND_SA_UNOWNED 2020-01-01 because');
    expect((await waitFor(() => h.slack.ephemerals[1])).text).toMatch(/in the past/);
    expect(h.stateChanges()).toHaveLength(0);
  });

  it('suppress <id> <reason…>', async () => {
    await h.command('suppress FND_SIMILAR_USER test accounts only');
    const { reply } = await postedCardAndReply();
    expect(reply.text).toContain('suppressed this until someone reopens it: test accounts only');
  });

  it('suppress|resolve <id> other needs words, as the forms do; with them the closure is Other', async () => {
    for (const text of ['suppress FND_SIMILAR_USER other', 'resolve FND_NHI_UNOWNED Other']) {
      const body = ackText((await h.command(text)).body);
      expect(body.response_type, text).toBe('ephemeral');
      expect(body.text, text).toMatch(/^:warning: `other` needs your words/);
    }
    await settle(200);
    expect(h.stateChanges()).toHaveLength(0);
    await h.command('resolve FND_NHI_UNOWNED other owner left, access removed by hand');
    await waitFor(() => state('FND_NHI_UNOWNED')?.state === 'FINDING_STATE_RESOLVED');
    expect(h.stateChanges()).toEqual([
      {
        resolve: {
          reason: 'Other: owner left, access removed by hand — via Slack by "Alice Adams" (U0ALICE)',
        },
      },
    ]);
  });

  it('accept-risk <id> opens the form; submitted, it acts and posts in the channel', async () => {
    await h.command('accept-risk FND_UNUSED_SECRET');
    const form = await h.form('finding.acceptRisk');
    const meta = JSON.parse(unsealedMetadata(form.view.view.private_metadata));
    expect(meta).toEqual({ findingId: 'FND_UNUSED_SECRET', channel: 'C0SECOPS', tz: 'Europe/Berlin' });
    await form.submit({
      Justification: 'Compensating control: key rotated weekly.',
      'Accept for': '90 days',
    });
    const { reply } = await postedCardAndReply();
    expect(reply.text).toMatch(/accepted the risk until/);
    expect(state('FND_UNUSED_SECRET')?.state).toBe('FINDING_STATE_RISK_ACCEPTED');
  });

  it('accept-risk <id> <when> <justification…> acts at once, and refuses a short justification', async () => {
    await h.command('accept-risk FND_UNUSED_SECRET 30d short');
    expect((await waitFor(() => h.slack.ephemerals[0])).text).toMatch(/at least 20 characters/);
    await h.command('accept-risk FND_UNUSED_SECRET 30d break-glass secret, monitored by the SIEM');
    await postedCardAndReply();
    expect(state('FND_UNUSED_SECRET')?.riskAcceptanceJustification).toBe(
      'break-glass secret, monitored by the SIEM — via Slack by "Alice Adams" (U0ALICE)',
    );
  });

  it('accept-risk refuses an expiry beyond the maximum', async () => {
    await h.command('accept-risk FND_UNUSED_SECRET 400d this is a long enough justification');
    expect((await waitFor(() => h.slack.ephemerals[0])).text).toMatch(/more than 365 days/);
    expect(h.stateChanges()).toHaveLength(0);
  });

  // Over 3 s at times: four changes of one finding, each waited for in the tenant in turn.
  it('resolve with and without a reason; reopen; unsuppress', async () => {
    await h.command('resolve FND_NHI_UNOWNED owner assigned');
    await waitFor(() => state('FND_NHI_UNOWNED')?.state === 'FINDING_STATE_RESOLVED');
    await h.command('resolve FND_UNUSED_SECRET');
    await waitFor(() => state('FND_UNUSED_SECRET')?.state === 'FINDING_STATE_RESOLVED');
    await h.command('reopen FND_NHI_UNOWNED');
    await waitFor(() => state('FND_NHI_UNOWNED')?.state === 'FINDING_STATE_OPEN');
    await h.command('unsuppress FND_SUPPRESSED');
    await waitFor(() => state('FND_SUPPRESSED')?.state === 'FINDING_STATE_OPEN');
    const bodies = h.stateChanges();
    expect(bodies).toEqual([
      { resolve: { reason: 'owner assigned — via Slack by "Alice Adams" (U0ALICE)' } },
      { resolve: { reason: '— via Slack by "Alice Adams" (U0ALICE)' } },
      { reopen: {} },
      { unsuppress: {} },
    ]);
    await waitFor(() => h.slack.messages.filter((m) => m.thread_ts).length === 4);
  });

  it('tells the person privately when the tenant refuses', async () => {
    await h.command('resolve FND_DECOY_USED done');
    const msg = await waitFor(() => h.slack.ephemerals[0]);
    expect(msg.user).toBe(ALICE.userId);
    expect(msg.text).toMatch(/cannot be resolved manually/);
    expect(h.slack.messages).toHaveLength(0);
  });

  it('tells the person to invite Warden when it cannot post in the channel', async () => {
    h.slack.fail({ method: 'chat.postMessage', error: 'not_in_channel' });
    await h.command('show FND_SA_UNOWNED');
    expect((await waitFor(() => h.slack.ephemerals[0])).text).toMatch(/Invite it/);
  });

  it('refuses a 10,000-character reason', async () => {
    const body = ackText((await h.command(`suppress FND_SA_UNOWNED ${'x'.repeat(10_000)}`)).body);
    expect(body.text).toMatch(/at most 2000/);
  });
});

describe('a slash command by another name (SLACK_COMMAND)', () => {
  it('says its own name in help and in refusals, never /warden', async () => {
    await h.close();
    h = await startHarness({ lane: 'inprocess', env: { SLACK_COMMAND: '/sec' } });
    const body = slashCommandBody(ALICE, {
      command: '/sec',
      text: 'help',
      triggerId: h.slack.issueTriggerId(),
      responseUrl: h.slack.responseUrl(),
    });
    const help = ackText((await h.send(body)).body);
    expect(help.text).toContain('*/sec snooze*');
    expect(help.text).not.toContain('/warden');
    await h.click('finding.reopen', 'FND_SNOOZED', '1700000000.000999');
    const refusal = await h.nextEphemeral('U0ALICE');
    expect(refusal.text).toContain('`/sec show &lt;finding-id&gt;`');
    expect(refusal.text).not.toContain('/warden');
  });
});
