import type { HomeView, KnownBlock, ModalView } from '@slack/types';
import type { Locale } from '../i18n/locale.js';

/**
 * The Slack Web API as Warden's use cases see it: a few narrow ports, each implemented once in
 * slack/ over the metered Web API client. Failures reject with a SlackApiError (errors.ts).
 */

/**
 * Message metadata Warden attaches: `warden_alert` on its cards (the outbox id finds a post after
 * a crash), `warden_finding_state_changed` on the reply that tells a change (usecases/shared/state-event.ts).
 */
export interface MessageMetadata {
  event_type: string;
  /** Strings, or arrays of them (a bulk change's finding ids). */
  event_payload: Record<string, string | string[]>;
}

export interface OutgoingMessage {
  channel: string;
  text: string;
  blocks?: KnownBlock[] | undefined;
  /** A reply in this message's thread. */
  threadTs?: string | undefined;
  metadata?: MessageMetadata | undefined;
}

export interface ChatPort {
  /** Posts a message; resolves to its ts. */
  post(message: OutgoingMessage): Promise<string>;
  /** Replaces a message in place (chat.update). */
  update(message: {
    channel: string;
    ts: string;
    text: string;
    blocks?: KnownBlock[] | undefined;
    /** Replaces the message's metadata (Slack leaves it as it was when none is given). */
    metadata?: MessageMetadata | undefined;
  }): Promise<void>;
  ephemeral(message: {
    channel: string;
    user: string;
    text: string;
    blocks?: KnownBlock[] | undefined;
  }): Promise<void>;
}

/** Where a preview goes: the posted message, or the composer's draft (link_shared's unfurl_id). */
export type UnfurlTarget =
  | { channel: string; ts: string }
  | { unfurlId: string; source: 'composer' | 'conversations_history' };

export interface LinksPort {
  /** chat.unfurl: previews, by the URL as the person wrote it. */
  unfurl(target: UnfurlTarget, unfurls: Record<string, { blocks: KnownBlock[] }>): Promise<void>;
}

/** The channel's recent history, read only to find a post an earlier attempt made (after a crash). */
export interface HistoryPort {
  findPost(channel: string, metadata: MessageMetadata): Promise<string | undefined>;
  /** A message's permalink (chat.getPermalink), e.g. one a person attached to a finding. */
  permalink(channel: string, ts: string): Promise<string>;
}

export interface ViewsPort {
  /** Opens a modal with a trigger id (valid 3 s); resolves to the view id. */
  open(triggerId: string, view: ModalView): Promise<string>;
  /** Stacks a modal on the one the person is in (a button inside a modal); resolves to its id. */
  push(triggerId: string, view: ModalView): Promise<string>;
  update(viewId: string, view: ModalView): Promise<void>;
  /** Publishes a person's Home tab (views.publish, up to 100 blocks). */
  publish(userId: string, view: HomeView): Promise<void>;
  /**
   * The metadata Warden wrote into a view (each view is sealed as it is sent: slack/view-seal.ts),
   * from what a submission or a click in it carries; undefined when Warden did not write it
   * (altered, or opened before the seal existed). '' when the view carries none.
   */
  metadataOf(callbackId: string, sent: string): string | undefined;
}

export interface FilePort {
  /**
   * The direct message channel between Warden and a person, opened in `teamId`'s workspace (the
   * person's own, when Warden serves it) or else in the workspace of these ports.
   */
  openDm(userId: string, teamId?: string): Promise<string>;
  upload(file: {
    channel: string;
    filename: string;
    title: string;
    content: string;
    comment: string;
  }): Promise<void>;
  /**
   * Files shared as one message with its words and blocks (files.uploadV2: getUploadURLExternal,
   * the upload, completeUploadExternal); an image carries its alt text.
   */
  share(
    message: { channel: string; text: string; blocks?: KnownBlock[] | undefined },
    files: readonly { filename: string; title: string; bytes: Buffer; altText?: string | undefined }[],
  ): Promise<void>;
}

/**
 * Ends a Workflow Builder step (functions.completeSuccess / functions.completeError) with the
 * app's bot token: a step may end long after its event (four-eyes), on any replica.
 */
export interface StepsPort {
  complete(executionId: string, outputs: Record<string, string | number | boolean>): Promise<void>;
  fail(executionId: string, error: string): Promise<void>;
}

/** Who a Slack user is, from users.info. */
export interface SlackPerson {
  id: string;
  /** The person's own workspace (another organisation's, for a guest of a shared channel). */
  teamId: string | undefined;
  /** Their Enterprise Grid organisation (`enterprise_user.enterprise_id`), if any. */
  enterpriseId?: string | undefined;
  tz: string;
  /** The language Warden speaks to them (users.info `locale`); English when Slack does not say. */
  locale?: Locale;
  /** Chosen by the person, can say anything: never proof of who someone is. */
  displayName: string;
  /** The name an audit carries (with the user id): `real_name`, else the account name. */
  realName: string;
  email: string | undefined;
  isBot: boolean;
  isGuest: boolean;
  /** Deactivated in Slack: nobody to message or mention. */
  deleted: boolean;
}

export interface PeoplePort {
  /** Who the person is, from a cache (an hour): enough to show, not to decide on a change after a wait. */
  get(userId: string): Promise<SlackPerson>;
  /**
   * Who the person is now, asked of Slack (the cache then holds it): where a decision must not
   * rest on an hour-old answer (a step-up verification completing, a held action resuming).
   */
  fresh(userId: string): Promise<SlackPerson>;
  /** The person's language (users.info `locale`), or English when Slack cannot tell. */
  locale(userId: string): Promise<Locale>;
  /** The person's time zone, or UTC when Slack cannot tell. */
  timeZone(userId: string): Promise<string>;
}

export interface GroupsPort {
  /** Whether the person is in any of these user groups; false when Slack cannot say. */
  isMember(userId: string, groups: readonly string[]): Promise<boolean>;
}

/** Where to tell a person something only they should see. */
export interface Audience {
  channel: string;
  user: string;
  /** The payload's response_url: works even where the bot is not in the channel. */
  responseUrl?: string | undefined;
}

export interface PrivateMessage {
  text: string;
  blocks?: KnownBlock[];
}

export interface SendOptions {
  /** Replace the ephemeral message the button was on (only a response_url can). */
  replaceOriginal?: boolean;
  /** Try the response_url before chat.postEphemeral (a command's own answer). */
  responseUrlFirst?: boolean;
}

export interface PrivatePort {
  /** An ephemeral message to one person; never throws (a message that cannot go is logged). */
  send(to: Audience, message: PrivateMessage, opts?: SendOptions): Promise<boolean>;
  /** A short ephemeral text: the usual way to report a problem to the person who acted. */
  tell(to: Audience, text: string): Promise<boolean>;
}

/** How a caller goes on when Slack cannot say whether a conversation is shared (no scope, Slack down). */
export interface RedactOptions {
  /**
   * `details` (Warden's own posts: as before, warned) or `withhold` (a link preview in a DM the
   * app cannot read: no details where Warden cannot tell who reads them).
   */
  unknown?: 'details' | 'withhold';
  /** What Slack said on the event itself (`is_ext_shared_channel`), if it said anything. */
  slackSays?: boolean | undefined;
}

/** Slack Connect: finding details never go to a conversation shared with another organisation (unless allowed). */
export interface ConnectGuard {
  /** True when a message to this channel must be the pointer, not the details. */
  redacts(channel: string, opts?: RedactOptions): Promise<boolean>;
  /**
   * True when the channel is shared with another organisation, whatever its route allows: what
   * may never go there at all (a decoy's uses) asks this.
   */
  shared?(channel: string): Promise<boolean>;
  /** Slack said the channel is (or is no longer) shared: kept, admins told once, its cards follow. */
  changed(channel: string, shared: boolean): Promise<void>;
  /**
   * Slack showed the channel shared in passing (`is_ext_shared_channel` on an event, a person of
   * another organisation acting there): recorded as shared if it was not.
   */
  learned(channel: string): Promise<void>;
  /**
   * The background pass (wiring/lifecycle.ts, per workspace): asks Slack again about channels
   * whose verdict is older than the re-check age, then replaces the cards of channels whose
   * sharing changed (paced, resumable).
   */
  sweep(): Promise<void>;
}
