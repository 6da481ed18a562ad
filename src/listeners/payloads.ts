import { z } from 'zod';
import type { Audience } from '../ports/slack.js';

/**
 * The parts of Slack's payloads Warden reads, validated: Block Kit state and button values are
 * untrusted input like any other (DESIGN.md: never trust Block Kit state).
 */

const id = z.string().min(1).max(64);

export const BlockActionSchema = z.looseObject({
  type: z.literal('block_actions'),
  user: z.looseObject({ id, team_id: z.string().nullish() }),
  team: z.looseObject({ id }).nullish(),
  channel: z.looseObject({ id }).nullish(),
  container: z.looseObject({ message_ts: z.string().nullish(), channel_id: z.string().nullish() }).nullish(),
  trigger_id: z.string().min(1),
  response_url: z.string().nullish(),
  actions: z.array(z.looseObject({ action_id: z.string(), value: z.string().nullish() })).min(1),
});
export type BlockActionPayload = z.output<typeof BlockActionSchema>;

/** Where to answer the person who clicked: the channel the button was in, else a DM. */
export function audienceOf(p: BlockActionPayload): Audience {
  return {
    channel: p.channel?.id ?? p.container?.channel_id ?? p.user.id,
    user: p.user.id,
    responseUrl: p.response_url ?? undefined,
  };
}

export const ViewSubmissionSchema = z.looseObject({
  type: z.literal('view_submission'),
  user: z.looseObject({ id, team_id: z.string().nullish() }),
  team: z.looseObject({ id }).nullish(),
  view: z.looseObject({
    id: z.string(),
    callback_id: z.string(),
    private_metadata: z.string().nullish(),
    state: z.looseObject({ values: z.unknown() }),
  }),
});
export type ViewSubmissionPayload = z.output<typeof ViewSubmissionSchema>;

export const SlashCommandSchema = z.looseObject({
  team_id: id,
  user_id: id,
  channel_id: id,
  // Length is judged by parseCommand, which says what the limit is.
  text: z.string().max(100_000).default(''),
  trigger_id: z.string().min(1),
  response_url: z.string().nullish(),
});
export type SlashCommandPayload = z.output<typeof SlashCommandSchema>;

/** The team a payload comes from, wherever the payload kind keeps it. */
export const TeamOfSchema = z.looseObject({
  team_id: z.string().nullish(),
  team: z.looseObject({ id: z.string().nullish() }).nullish(),
  user: z.looseObject({ team_id: z.string().nullish() }).nullish(),
  trigger_id: z.string().nullish(),
  type: z.string().nullish(),
});

export function teamOf(body: unknown): {
  teamId: string | undefined;
  triggerId: string | undefined;
  type: string | undefined;
} {
  const parsed = TeamOfSchema.safeParse(body);
  if (!parsed.success) return { teamId: undefined, triggerId: undefined, type: undefined };
  const b = parsed.data;
  return {
    teamId: b.team?.id ?? b.team_id ?? b.user?.team_id ?? undefined,
    triggerId: b.trigger_id ?? undefined,
    type: b.type ?? (b.team_id ? 'command' : undefined),
  };
}
