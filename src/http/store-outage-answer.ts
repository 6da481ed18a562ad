import { z } from 'zod';
import { code } from '../blockkit/mrkdwn.js';
import type { Audience } from '../ports/slack.js';

/**
 * What to answer a signed Slack request Warden cannot take because its store is unavailable:
 * the person who clicked, typed or submitted is told so, with the ref that leads to the log.
 * - a form (view_submission): in the ack, as the error of its first input, so the form and what
 *   was typed stay open;
 * - a command or a button with a response_url: an ephemeral message (the ack itself shows
 *   nothing for a button), sent after the ack;
 * - anything else (events, which Slack retries; buttons in a modal or the Home tab, which have
 *   no response_url): a bare 503.
 */
export type OutageAnswer =
  | { kind: 'form'; body: { response_action: 'errors'; errors: Record<string, string> } }
  | { kind: 'tell'; audience: Audience; text: string }
  | { kind: 'unavailable' };

/** The few fields of an interaction payload this needs; anything else in it is ignored. */
const InteractionSchema = z.object({
  type: z.string(),
  response_url: z.string().max(2_000).optional(),
  user: z.object({ id: z.string().max(64) }).optional(),
  channel: z.object({ id: z.string().max(64) }).nullish(),
  view: z
    .object({
      state: z.object({ values: z.record(z.string(), z.unknown()) }).optional(),
      blocks: z.array(z.object({ type: z.string(), block_id: z.string().optional() })).optional(),
    })
    .optional(),
});

/** For a person: what happened, that nothing changed, what to do, and the ref. */
export function outageText(ref: string): string {
  return `:warning: Warden could not take this: its database is unavailable right now. Nothing was changed; try again in a minute. _(ref ${code(ref, 40)})_`;
}

/** The same on a form field: plain text, short (Slack shows it under the input). */
function outageFieldText(ref: string): string {
  return `Warden's database is unavailable, so this was not taken. Try again in a minute (ref ${ref.slice(0, 40)}).`;
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** The first input of a submitted form: its block id carries the error. */
function firstInput(view: z.infer<typeof InteractionSchema>['view']): string | undefined {
  const input = view?.blocks?.find((b) => b.type === 'input' && b.block_id)?.block_id;
  return input ?? Object.keys(view?.state?.values ?? {})[0];
}

/**
 * Reads the signed body (urlencoded: `payload=<json>` for interactions, fields for a command;
 * JSON for events) only as far as deciding the answer above.
 */
export function outageAnswer(raw: Buffer, ref: string): OutageAnswer {
  const text = raw.toString('utf8');
  if (text.trimStart().startsWith('{')) return { kind: 'unavailable' };
  const form = new URLSearchParams(text);
  const command = form.get('command');
  if (command !== null) {
    const responseUrl = form.get('response_url') ?? undefined;
    const user = form.get('user_id');
    const channel = form.get('channel_id');
    if (!user || !channel) return { kind: 'unavailable' };
    return { kind: 'tell', audience: { user, channel, responseUrl }, text: outageText(ref) };
  }
  const parsed = InteractionSchema.safeParse(parseJson(form.get('payload') ?? ''));
  if (!parsed.success) return { kind: 'unavailable' };
  const p = parsed.data;
  if (p.type === 'view_submission') {
    const block = firstInput(p.view);
    return block
      ? { kind: 'form', body: { response_action: 'errors', errors: { [block]: outageFieldText(ref) } } }
      : { kind: 'unavailable' };
  }
  if (p.type === 'block_actions' && p.response_url && p.user && p.channel) {
    return {
      kind: 'tell',
      audience: { user: p.user.id, channel: p.channel.id, responseUrl: p.response_url },
      text: outageText(ref),
    };
  }
  return { kind: 'unavailable' };
}
