import { afterEach, describe, expect, it } from 'vitest';
import { createLocalSlack, type LocalSlack } from '../src/index.js';
import { api } from './slack-api.js';

/** Faults a test sets on the local Slack: a late answer to a call Slack has carried out, by channel. */
let slack: LocalSlack | undefined;
afterEach(async () => {
  await slack?.close();
});

describe('local Slack faults', () => {
  it('lateAnswerMs: the post is there at once, its answer comes later; only calls naming the channel', async () => {
    slack = await createLocalSlack();
    const s = slack;
    s.fail({ method: 'chat.postMessage', channel: 'D0BOB', lateAnswerMs: 400 });
    // another channel: not this fault's
    const started = Date.now();
    expect(await api(s, 'chat.postMessage', { channel: 'C0SECOPS', text: 'elsewhere' })).toMatchObject({
      ok: true,
    });
    expect(Date.now() - started).toBeLessThan(300);
    const late = api(s, 'chat.postMessage', { channel: 'D0BOB', text: 'the question' });
    await new Promise((r) => setTimeout(r, 100));
    expect(s.messages.some((m) => m.channel === 'D0BOB' && m.text === 'the question')).toBe(true);
    let answered = false;
    void late.then(() => {
      answered = true;
    });
    await new Promise((r) => setTimeout(r, 50));
    expect(answered).toBe(false);
    const answer = await late;
    expect(answer).toMatchObject({ ok: true, channel: 'D0BOB' });
    expect(Date.now() - started).toBeGreaterThanOrEqual(400);
  });
});
