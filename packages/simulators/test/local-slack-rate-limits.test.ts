import { request } from 'undici';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createLocalSlack, type LocalSlack } from '../src/index.js';
import { RateLimiter } from '../src/slack/rate-limiter.js';

/**
 * Slack's Web API rate limits as Slack applies them (docs.slack.dev/apis/web-api/rate-limits):
 * per method, per workspace, per app; over a limit a call gets HTTP 429 with `Retry-After` in
 * seconds and `{"ok":false,"error":"ratelimited"}`, and only that method is limited.
 */

let slack: LocalSlack;
beforeEach(async () => {
  slack = await createLocalSlack({ rateLimits: true });
});
afterEach(async () => {
  await slack.close();
});

async function call(method: string, args: Record<string, unknown>) {
  const res = await request(`${slack.apiUrl}${method}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${slack.botToken}`, 'content-type': 'application/json' },
    body: JSON.stringify(args),
  });
  return {
    status: res.statusCode,
    retryAfter: res.headers['retry-after'],
    body: (await res.body.json()) as Record<string, unknown>,
  };
}

const HOME = { type: 'home', blocks: [{ type: 'section', text: { type: 'mrkdwn', text: 'Home' } }] };
const MODAL = { type: 'modal', title: { type: 'plain_text', text: 'Loading' }, blocks: [] };

describe('the local Slack’s rate limits', () => {
  it('limits a Tier 4 method past its calls a minute, with Retry-After, and no other method', async () => {
    for (let i = 0; i < 100; i++)
      expect((await call('views.publish', { user_id: 'U0ALICE', view: HOME })).status).toBe(200);
    const over = await call('views.publish', { user_id: 'U0ALICE', view: HOME });
    expect(over.status).toBe(429);
    expect(over.body).toEqual({ ok: false, error: 'ratelimited' });
    expect(Number(over.retryAfter)).toBeGreaterThanOrEqual(1);
    expect(Number(over.retryAfter)).toBeLessThanOrEqual(60);
    // another method of the same tier is not limited by it
    const open = await call('views.open', { trigger_id: slack.issueTriggerId('U0ALICE'), view: MODAL });
    expect(open.status).toBe(200);
    expect(open.body.ok).toBe(true);
    expect(slack.rateLimits.served.get('views.publish')).toBe(1);
    expect(slack.rateLimits.served.get('views.open')).toBeUndefined();
  });

  it('holds one method over its limit for a while: every call to it gets the seconds left', async () => {
    slack.rateLimits.enabled = false;
    slack.rateLimits.hold('views.publish', 10);
    const first = await call('views.publish', { user_id: 'U0ALICE', view: HOME });
    const again = await call('views.publish', { user_id: 'U0BOB', view: HOME });
    for (const answer of [first, again]) {
      expect(answer.status).toBe(429);
      expect(answer.body).toEqual({ ok: false, error: 'ratelimited' });
      expect(Number(answer.retryAfter)).toBeGreaterThanOrEqual(9);
      expect(Number(answer.retryAfter)).toBeLessThanOrEqual(10);
    }
    const open = await call('views.open', { trigger_id: slack.issueTriggerId('U0ALICE'), view: MODAL });
    expect(open.body.ok).toBe(true);
    expect(slack.workspace.homes.size).toBe(0);
  });

  it('lets a held method go once its time is up', () => {
    let now = 1_000_000;
    const limiter = new RateLimiter(false, () => now);
    limiter.hold('views.publish', 5);
    expect(limiter.check('views.publish', {})).toBe(5);
    now += 4_200;
    expect(limiter.check('views.publish', {})).toBe(1);
    expect(limiter.check('views.update', {})).toBeUndefined();
    now += 1_000;
    expect(limiter.check('views.publish', {})).toBeUndefined();
    expect(limiter.served.get('views.publish')).toBe(2);
  });
});
