import type { ChatPort, ConnectGuard } from '../ports/slack.js';
import { connectSafeChat, createConnectGuard } from '../slack/connect-guard.js';
import type { MeteredWebClient } from '../slack/metered-web-client.js';
import type { PortsInput } from './ports.js';

/**
 * One workspace's Slack Connect guard (slack/connect-guard.ts): its internal channel (the
 * workspace's `adminChannel`, else ALERTS_CHANNEL), the routes that allow external sharing, and
 * conversations.info for channels Slack has not told Warden about yet.
 */
export interface Connect {
  guard: ConnectGuard;
  /** The chat, held to the guard. */
  safe(chat: ChatPort): ChatPort;
}

export function connectFor(input: PortsInput, lookup: MeteredWebClient, tell: ChatPort['post']): Connect {
  const { file, config, workspace } = input;
  const external = new Set(
    file.routing.rules.flatMap((r) => ('channel' in r && r.allowExternal === true ? [r.channel] : [])),
  );
  const internal = workspace.adminChannel ?? config.alerts.defaultChannel;
  const guard = createConnectGuard({
    store: input.store,
    teamId: workspace.teamId,
    async isExtShared(channel) {
      const answer = await lookup.conversations.info({ channel });
      return answer.channel?.is_ext_shared === true;
    },
    allowsExternal: (channel) => external.has(channel),
    internalChannel: internal,
    tell,
    clock: input.clock,
    logger: input.logger,
  });
  return { guard, safe: (chat) => connectSafeChat(chat, guard, internal) };
}
