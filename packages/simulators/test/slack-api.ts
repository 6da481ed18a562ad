import { request } from 'undici';
import type { LocalSlack } from '../src/index.js';

/** One Web API call to a local Slack with its bot token, as JSON (tests only). */
export async function api(
  slack: LocalSlack,
  method: string,
  args: Record<string, unknown>,
): Promise<Record<string, unknown>> {
  const res = await request(`${slack.apiUrl}${method}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${slack.botToken}`, 'content-type': 'application/json' },
    body: JSON.stringify(args),
  });
  return (await res.body.json()) as Record<string, unknown>;
}
