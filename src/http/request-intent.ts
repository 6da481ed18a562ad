import { z } from 'zod';

/**
 * What a Slack interaction asked, as Bolt will read it (issue 36, item 19): kept with the replay
 * record before the ack, so a process killed right after acknowledging leaves it for another to
 * carry out. Only what a person did (a click, a form, a command, a shortcut): events are Slack's
 * to deliver again. Slack's verification token is left out; nothing else in these is a secret.
 */

const KEPT_TYPES = new Set(['block_actions', 'view_submission', 'shortcut', 'message_action']);
const Payload = z.looseObject({ type: z.string() });

/** The request's body as JSON text to keep, or undefined for a request nobody is waiting on. */
export function intentOf(raw: Buffer, contentType: string | undefined): string | undefined {
  if (!contentType?.includes('application/x-www-form-urlencoded')) return undefined;
  const form = new URLSearchParams(raw.toString('utf8'));
  const payload = form.get('payload');
  if (payload !== null) {
    let body: unknown;
    try {
      body = JSON.parse(payload);
    } catch {
      return undefined;
    }
    const parsed = Payload.safeParse(body);
    if (!parsed.success || !KEPT_TYPES.has(parsed.data.type)) return undefined;
    const { token: _token, ...kept } = parsed.data;
    return JSON.stringify(kept);
  }
  if (!form.get('command')) return undefined;
  const kept: Record<string, string> = {};
  for (const [k, v] of form) if (k !== 'token') kept[k] = v;
  return JSON.stringify(kept);
}

/** Where the guard leaves the request's key for Bolt's context (wiring/slack-app.ts reads it). */
export const INTENT_KEY = 'wardenIntentKey';

/** The key the guard kept an intent under, if it did. */
export function intentKeyOf(req: object): string | undefined {
  const key = INTENT_KEY in req ? req[INTENT_KEY] : undefined;
  return typeof key === 'string' ? key : undefined;
}
