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

/** Where a payload says it comes from, wherever the payload kind keeps it. */
export const TeamOfSchema = z.looseObject({
  team_id: z.string().nullish(),
  team: z.looseObject({ id: z.string().nullish() }).nullish(),
  user: z.looseObject({ team_id: z.string().nullish() }).nullish(),
  user_team_id: z.string().nullish(),
  enterprise: z.looseObject({ id: z.string().nullish() }).nullish(),
  enterprise_id: z.string().nullish(),
  is_enterprise_install: z.union([z.boolean(), z.string()]).nullish(),
  trigger_id: z.string().nullish(),
  type: z.string().nullish(),
  event: z.looseObject({ type: z.string().nullish() }).nullish(),
});

export interface PayloadOrigin {
  /** The workspace the request came through (a shared channel's host). */
  teamId: string | undefined;
  /** The acting person's own workspace: in a shared channel, possibly another organisation's. */
  userTeamId: string | undefined;
  enterpriseId: string | undefined;
  /** Installed for a whole Enterprise Grid organisation rather than one workspace. */
  orgWide: boolean;
  triggerId: string | undefined;
  type: string | undefined;
  /** An Events API callback: its event's type (an organisation's events name no workspace). */
  event?: string | undefined;
}

export function teamOf(body: unknown): PayloadOrigin {
  const parsed = TeamOfSchema.safeParse(body);
  if (!parsed.success)
    return {
      teamId: undefined,
      userTeamId: undefined,
      enterpriseId: undefined,
      orgWide: false,
      triggerId: undefined,
      type: undefined,
    };
  const b = parsed.data;
  const teamId = b.team?.id ?? b.team_id ?? b.user?.team_id ?? undefined;
  return {
    teamId,
    userTeamId: b.user?.team_id ?? b.user_team_id ?? teamId,
    enterpriseId: b.enterprise?.id ?? b.enterprise_id ?? undefined,
    orgWide: b.is_enterprise_install === true || b.is_enterprise_install === 'true',
    triggerId: b.trigger_id ?? undefined,
    type: b.type ?? (b.team_id ? 'command' : undefined),
    ...(b.type === 'event_callback' && b.event?.type ? { event: b.event.type } : {}),
  };
}
