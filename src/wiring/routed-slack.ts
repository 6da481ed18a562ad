import type { ChatPort, FilePort, HistoryPort } from '../ports/slack.js';

/**
 * A message goes with the token of its channel's workspace. Each workspace's ports post through
 * these wrappers: a channel the configuration (or a direct message Warden opened) says is another
 * workspace's goes with that workspace's own Slack; any other with the ports' own. So a card in
 * workspace B updated after a click in A, or a reminder in a DM opened in B, goes with B's token.
 */

/** One workspace's own Slack, before any routing: what another workspace's ports post with. */
export interface OwnSlack {
  teamId: string;
  chat: ChatPort;
  history: HistoryPort;
  files: FilePort;
  /** The delivery worker's chats (429s handed back) and the roll-up publisher's. */
  delivery: { chat: ChatPort; listingChat: ChatPort; history: HistoryPort };
}

/** Which workspace's own Slack a channel's messages go with (`own` when it is not another's). */
export interface ChannelRoute {
  slackOf(channel: string, own: OwnSlack): Promise<OwnSlack>;
  /** The own Slack of a served workspace, if Warden serves it. */
  member(teamId: string): OwnSlack | undefined;
  /** A direct message opened in this workspace: later messages in it go with its token. */
  learn(channel: string, teamId: string): void;
}

export function routedChat(pick: (channel: string) => Promise<ChatPort>): ChatPort {
  return {
    post: async (m) => (await pick(m.channel)).post(m),
    update: async (m) => (await pick(m.channel)).update(m),
    ephemeral: async (m) => (await pick(m.channel)).ephemeral(m),
  };
}

export function routedHistory(pick: (channel: string) => Promise<HistoryPort>): HistoryPort {
  return {
    findPost: async (channel, metadata) => (await pick(channel)).findPost(channel, metadata),
    permalink: async (channel, ts) => (await pick(channel)).permalink(channel, ts),
  };
}

/** A workspace's ports' Slack, each message with its channel's workspace's token. */
export function routedSlack(route: ChannelRoute, own: OwnSlack) {
  const of = (channel: string) => route.slackOf(channel, own);
  const files: FilePort = {
    // A DM is opened in the person's workspace when Warden serves it (the DM is that workspace's).
    async openDm(userId, teamId) {
      const where = (teamId && route.member(teamId)) || own;
      const channel = await where.files.openDm(userId);
      route.learn(channel, where.teamId);
      return channel;
    },
    upload: async (f) => (await of(f.channel)).files.upload(f),
    share: async (message, shared) => (await of(message.channel)).files.share(message, shared),
  };
  return {
    chat: routedChat(async (c) => (await of(c)).chat),
    history: routedHistory(async (c) => (await of(c)).history),
    files,
    delivery: {
      chat: routedChat(async (c) => (await of(c)).delivery.chat),
      listingChat: routedChat(async (c) => (await of(c)).delivery.listingChat),
      history: routedHistory(async (c) => (await of(c)).delivery.history),
    },
  };
}
