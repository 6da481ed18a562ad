import type { SlackActor } from '@warden/simulators';
import { afterEach, describe, expect, it } from 'vitest';
import { parseConfigFile } from '../../src/config-file.js';
import { say } from '../../src/i18n/speak.js';
import { ALICE, type Harness, startHarness, waitFor } from '../helpers/harness.js';

/**
 * Issue 37 item 7, from outside: Warden answers each person in their Slack language (users.info
 * `locale`, which the local Slack tells only when asked) and each channel in its routing rule's.
 * Greta reads Slack in German, Kenji in Japanese, Alice in English.
 */
const GRETA: SlackActor = { ...ALICE, userId: 'U0GRETA', userName: 'greta' };
const KENJI: SlackActor = { ...ALICE, userId: 'U0KENJI', userName: 'kenji' };
const GERMAN_CHANNEL = 'C0SECOPSDE';
const CONFIG = `routing:
  rules:
    - channel: ${GERMAN_CHANNEL}
      locale: de
      when: { annotations: { team: berlin } }
`;

let h: Harness;
afterEach(() => h?.close());
const start = async () => {
  h = await startHarness({ lane: 'inprocess', file: parseConfigFile(CONFIG, 'test') });
  return h;
};

describe('each person in their language, each channel in its own', () => {
  it('Greta snoozes from an English channel: her form in German; the card and the thread stay English', async () => {
    await start();
    const ts = await h.postAlert('FND_SA_UNOWNED');
    const form = await h.openForm('finding.snooze', 'FND_SA_UNOWNED', ts, GRETA);
    expect(form.labels).toContain(say('de', 'form.snoozeFor'));
    expect(form.labels).not.toContain(say('en', 'form.snoozeFor'));
    expect(JSON.stringify(form.view.view)).toContain(say('de', 'form.snooze'));
    await form.submit({ [say('de', 'form.reason')]: 'Warten auf den Hersteller' }, GRETA);
    await waitFor(() => h.slack.thread('C0SECOPS', ts).length === 1, 5_000, 'the thread reply');
    const [reply] = h.slack.thread('C0SECOPS', ts);
    expect(reply?.text).toMatch(/^<@U0GRETA> snoozed this until <!date\^\d+\^/);
    const card = h.slack.messages.find((m) => m.ts === ts);
    expect(JSON.stringify(card?.blocks)).toContain(say('en', 'state.snoozed'));
  });

  it('a card in the German channel speaks German, and its thread reply too, whoever clicked', async () => {
    await start();
    const ts = await h.postAlert('FND_SA_UNOWNED', GERMAN_CHANNEL);
    const card = h.slack.messages.find((m) => m.ts === ts);
    const shown = JSON.stringify(card?.blocks);
    expect(shown).toContain(say('de', 'state.open'));
    expect(shown).not.toContain(`"${say('en', 'state.open')}"`);
    expect(card?.text).toContain(say('de', 'severity.high'));
    const form = await h.openForm('finding.snooze', 'FND_SA_UNOWNED', ts, {
      ...ALICE,
      channelId: GERMAN_CHANNEL,
    });
    expect(form.labels).toContain(say('en', 'form.snoozeFor')); // Alice reads her form in English
    await form.submit({ Reason: 'waiting on the vendor' });
    await waitFor(() => h.slack.thread(GERMAN_CHANNEL, ts).length === 1, 5_000, 'the thread reply');
    const [reply] = h.slack.thread(GERMAN_CHANNEL, ts);
    expect(reply?.text).toMatch(/^<@U0ALICE> /);
    expect(reply?.text).not.toContain('snoozed this');
    const updated = h.slack.messages.find((m) => m.ts === ts);
    expect(JSON.stringify(updated?.blocks)).toContain(say('de', 'state.snoozed'));
  });

  it('/warden show from Kenji posts the card in the channel’s language; what only he reads is Japanese', async () => {
    await start();
    await h.command('show FND_SA_UNOWNED', { ...KENJI, channelId: GERMAN_CHANNEL });
    const card = await waitFor(
      () => h.slack.messages.find((m) => m.channel === GERMAN_CHANNEL && !m.thread_ts),
      5_000,
      'the card',
    );
    expect(JSON.stringify(card.blocks)).toContain(say('de', 'state.open'));
    const before = h.slack.ephemerals.length;
    await h.command('show FND_NOT_THERE_AT_ALL', KENJI);
    const told = await waitFor(
      () => h.slack.ephemerals.slice(before).find((e) => e.user === 'U0KENJI'),
      5_000,
      'Kenji told',
    );
    expect(told.text).toMatch(/[\u3040-\u30ff\u4e00-\u9fff]/);
  });

  it('asks Slack for the locale once per person, with include_locale', async () => {
    await start();
    const ts = await h.postAlert('FND_SA_UNOWNED');
    await h.openForm('finding.snooze', 'FND_SA_UNOWNED', ts, GRETA);
    const asked = h.slack.callsOf('users.info').filter((c) => c.args.user === 'U0GRETA');
    expect(asked.length).toBeGreaterThan(0);
    expect(asked.every((c) => c.args.include_locale === true || c.args.include_locale === 'true')).toBe(true);
    expect(asked).toHaveLength(1);
  });

  it('Slack slow to say who Greta is: her form still opens at once, in English this time', async () => {
    await start();
    const ts = await h.postAlert('FND_SA_UNOWNED');
    h.slack.fail({ method: 'users.info', latencyMs: 5_000, times: 10 });
    const form = await h.openForm('finding.snooze', 'FND_SA_UNOWNED', ts, GRETA);
    expect(form.labels).toContain(say('en', 'form.snoozeFor'));
    h.slack.clearFaults();
  });

  it('/warden help answers Kenji in Japanese and Alice in English, in the ack', async () => {
    await start();
    const ja = await h.command('help', KENJI);
    expect(ja.body).toContain(say('ja', 'command.show'));
    expect(ja.body).toContain(say('ja', 'command.times').slice(0, 6));
    const en = await h.command('help');
    expect(en.body).toContain(say('en', 'command.show'));
  });
});
