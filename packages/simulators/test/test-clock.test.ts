import { request } from 'undici';
import { afterEach, describe, expect, it } from 'vitest';
import { createLocalSlack, createTestClock, durationMs, type LocalSlack } from '../src/index.js';

/** The clock tests move: its timers fire on `advance`, in order, and by themselves at `speed`. */
describe('test clock', () => {
  it('advance fires what fell due, earliest first, and nothing later', async () => {
    const clock = createTestClock({ startAt: 1_000_000, speed: 0.001 });
    const fired: string[] = [];
    clock.after(5_000, () => fired.push('5s'));
    clock.after(1_000, () => fired.push('1s'));
    const stop = clock.every(2_000, () => fired.push('every'));
    clock.after(60_000, () => fired.push('1m'));
    await clock.advance('10s');
    expect(fired).toEqual(['1s', 'every', '5s']);
    expect(clock.now()).toBeGreaterThanOrEqual(1_010_000);
    expect(clock.pending).toBe(2);
    stop();
    await clock.advance('1m');
    expect(fired).toEqual(['1s', 'every', '5s', '1m']);
    expect(clock.pending).toBe(0);
  });

  it('a sleeper wakes on advance, and a cancelled timer never fires', async () => {
    const clock = createTestClock({ speed: 0.001 });
    let woke = false;
    const sleeping = clock.sleep(durationMs('48h')).then(() => {
      woke = true;
    });
    let cancelled = false;
    const cancel = clock.after(1_000, () => {
      cancelled = true;
    });
    cancel();
    await clock.advance('47h');
    expect(woke).toBe(false);
    await clock.advance('1h');
    await sleeping;
    expect(woke).toBe(true);
    expect(cancelled).toBe(false);
  });

  it('runs by itself at its speed: a 2 s sleep at 20x takes about 100 ms', async () => {
    const clock = createTestClock({ speed: 20 });
    const started = Date.now();
    const virtual = clock.now();
    await clock.sleep(2_000);
    expect(clock.now() - virtual).toBeGreaterThanOrEqual(2_000);
    expect(Date.now() - started).toBeLessThan(1_500);
  });

  it('reads durations as tests write them', () => {
    expect(durationMs('250ms')).toBe(250);
    expect(durationMs('2s')).toBe(2_000);
    expect(durationMs('5m')).toBe(300_000);
    expect(durationMs('3d')).toBe(259_200_000);
    expect(() => durationMs('soon')).toThrow(/not a duration/);
  });
});

describe('the local Slack on a test clock', () => {
  let slack: LocalSlack | undefined;
  afterEach(async () => {
    await slack?.close();
  });

  it('counts its rate limits and stamps its calls on that clock', async () => {
    const clock = createTestClock({ speed: 0.001 });
    slack = await createLocalSlack({ rateLimits: true, now: clock.now });
    const post = async () => {
      const res = await request(`${slack?.apiUrl}chat.postMessage`, {
        method: 'POST',
        headers: { authorization: `Bearer ${slack?.botToken}`, 'content-type': 'application/json' },
        body: JSON.stringify({ channel: 'C0SECOPS', text: 'hi' }),
      });
      await res.body.dump();
      return res.statusCode;
    };
    // a burst of 3, then one a second
    expect([await post(), await post(), await post(), await post()]).toEqual([200, 200, 200, 429]);
    await clock.advance('1s');
    expect(await post()).toBe(200);
    const calls = slack.callsOf('chat.postMessage');
    expect((calls.at(-1)?.at ?? 0) - (calls[0]?.at ?? 0)).toBeGreaterThanOrEqual(1_000);
  });
});
