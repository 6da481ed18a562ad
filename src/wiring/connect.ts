import { randomBytes } from 'node:crypto';
import { z } from 'zod';
import { renderPointer } from '../blockkit/connect-words.js';
import { ofOurOrganisation } from '../domain/organisation.js';
import type { Ports } from '../ports/index.js';
import type { ChatPort, ConnectGuard } from '../ports/slack.js';
import { connectSafeChat, createConnectGuard } from '../slack/connect-guard.js';
import type { MeteredWebClient } from '../slack/metered-web-client.js';
import { UserDirectory } from '../slack/user-directory.js';
import { sweepConnectCards } from '../usecases/connect/sweep-cards.js';
import type { PortsInput } from './ports.js';

/**
 * One workspace's Slack Connect guard (slack/connect-guard.ts): its internal channel (the
 * workspace's `adminChannel`, else ALERTS_CHANNEL), the routes that allow external sharing,
 * what Slack says of a conversation (conversations.info; a DM's other member by users.info), and
 * the background sweep that replaces the cards of a channel whose sharing changed, run with this
 * workspace's own ports (its token, its pacing) once they are built (`attach`).
 */
export interface Connect {
  guard: ConnectGuard;
  /** The chat, held to the guard. */
  safe(chat: ChatPort): ChatPort;
  /** The workspace's ports, for the card sweeps (buildPorts calls it once they exist). */
  attach(ports: Ports): void;
}

/** A verdict of Slack's is asked again after this (issue 36: an hour at most). */
export const RECHECK_AFTER_MS = 3_600_000;

const ConversationSchema = z.looseObject({
  channel: z
    .looseObject({
      is_ext_shared: z.boolean().nullish(),
      is_im: z.boolean().nullish(),
      is_mpim: z.boolean().nullish(),
      user: z.string().nullish(),
    })
    .nullish(),
});
const MembersSchema = z.looseObject({ members: z.array(z.string()).max(1_000).nullish() });

export function connectFor(input: PortsInput, lookup: MeteredWebClient, tell: ChatPort['post']): Connect {
  const { file, config, workspace } = input;
  const external = new Set(
    file.routing.rules.flatMap((r) => ('channel' in r && r.allowExternal === true ? [r.channel] : [])),
  );
  const internal = workspace.adminChannel ?? config.alerts.defaultChannel;
  const people = new UserDirectory(lookup, 3_600_000, input.clock);
  const ours = { teamId: workspace.teamId, enterpriseId: workspace.enterpriseId };
  const holder = `connect-${randomBytes(4).toString('hex')}`;
  const teamKey = workspace.teamId;
  let ports: Ports | undefined;
  let sweeping: Promise<void> | undefined;

  /** A DM or group DM is shared when one of its people is of another organisation. */
  async function hasOutsider(channel: string, imUser: string | undefined): Promise<boolean> {
    const members = imUser
      ? [imUser]
      : (MembersSchema.parse(await lookup.conversations.members({ channel, limit: 200 })).members ?? []);
    for (const member of members) if (!ofOurOrganisation(await people.get(member), ours)) return true;
    return false;
  }
  async function sweepCards(): Promise<void> {
    if (!ports) return;
    const p = ports;
    sweeping ??= sweepConnectCards(
      { ...p, connectSweeps: input.store },
      { teamKey, holder, pointer: renderPointer(internal) },
    )
      .then(() => undefined)
      .finally(() => {
        sweeping = undefined;
      });
    await sweeping;
  }
  const guard = createConnectGuard({
    store: input.store,
    teamId: workspace.teamId,
    async isExtShared(channel) {
      const answer = ConversationSchema.parse(await lookup.conversations.info({ channel }));
      const c = answer.channel;
      if (c?.is_ext_shared === true) return true;
      if (c?.is_im === true || c?.is_mpim === true) return hasOutsider(channel, c.user ?? undefined);
      return false;
    },
    allowsExternal: (channel) => external.has(channel),
    internalChannel: internal,
    tell,
    async onChange(channel, shared) {
      await input.store.requestSweep(channel, teamKey, shared, input.clock());
      // At once, not at the next pass: the partner can read the channel's history now.
      void sweepCards().catch((error: unknown) =>
        input.logger.warn({ err: error, channel }, 'cards of a channel whose sharing changed: sweep failed'),
      );
    },
    sweepCards,
    clock: input.clock,
    logger: input.logger,
    maxAgeMs: RECHECK_AFTER_MS,
    startedAt: input.clock(),
  });
  return {
    guard,
    safe: (chat) => connectSafeChat(chat, guard, internal),
    attach(built) {
      ports = built;
    },
  };
}

/**
 * The background pass of every workspace served (lifecycle's jobs run it at start, then every
 * 30 s): each with its own guard, its own token and pacing.
 */
export function sweepEveryWorkspace(
  guards: () => readonly (ConnectGuard | undefined)[],
): () => Promise<void> {
  return async () => {
    for (const guard of guards()) await guard?.sweep();
  };
}
