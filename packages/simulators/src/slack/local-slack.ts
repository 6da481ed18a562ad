import type { SlackActor } from './actor.js';
import type { EventTarget } from './events-api.js';
import type { FunctionRun, WorkflowFunctions } from './functions.js';
import type { LocalOrg } from './org.js';
import type { RateLimiter } from './rate-limiter.js';
import type { ShortcutTriggers } from './shortcuts.js';
import type { SocketModeHub } from './socket.js';
import type {
  EphemeralMessage,
  EventDelivery,
  EventRetryOptions,
  ExtraRoute,
  OpenView,
  RecordedCall,
  ResponseAudience,
  SlackFault,
  SlackMessage,
  SlackUser,
  UploadedFile,
} from './types.js';
import type { Workspace } from './workspace.js';

/** What a test, the demo or the benchmark holds of a local Slack (server.ts makes one). */
export interface LocalSlack extends ShortcutTriggers {
  url: string;
  apiUrl: string;
  botToken: string;
  /** The app's signing secret: the local Slack signs what it sends to the app with it. */
  signingSecret: string;
  /** The app-level token (xapp-…) Socket Mode connects with. */
  appToken: string;
  socket: SocketModeHub;
  teamId: string;
  botUserId: string;
  /** Everything the workspace holds (methods/ change it). */
  workspace: Workspace;
  users: Map<string, SlackUser>;
  /** User group id -> member ids (usergroups.users.list). */
  usergroups: Map<string, string[]>;
  messages: SlackMessage[];
  ephemerals: EphemeralMessage[];
  views: Map<string, OpenView>;
  calls: RecordedCall[];
  /** Slack's rate limits: `enabled` switches them; `served` counts the 429s answered. */
  rateLimits: RateLimiter;
  fail(fault: SlackFault): void;
  clearFaults(): void;
  /**
   * A trigger id Slack would put in a payload; valid for 3 s like Slack's. Given the person who
   * clicked, a modal opened with it is theirs (OpenView.user).
   */
  issueTriggerId(user?: string): string;
  files: UploadedFile[];
  /**
   * The response_url Slack would put in a command or action payload; given an ephemeral
   * message id, it is the one of a button on that message (replace_original replaces it).
   * Given an audience, what it posts is shown to that person in that channel.
   */
  responseUrl(forEphemeral?: string, audience?: ResponseAudience): string;
  callsOf(method: string): RecordedCall[];
  /** A message deleted in Slack (by a person): later updates get message_not_found. */
  deleteMessage(channel: string, ts: string): void;
  /** Puts a message in a channel without an API call (seeding thousands of alerts for a benchmark). */
  seedMessage(channel: string, text: string): string;
  /** Extra HTTP routes (the demo page); a handler returns true when it answered. */
  route(handler: ExtraRoute): void;
  thread(channel: string, ts: string): SlackMessage[];
  /** Archives a channel: chat.postMessage, chat.update and chat.postEphemeral there get `is_archived`. */
  archiveChannel(id: string): void;
  /** Deactivates a person (users.info: deleted; lookupByEmail: users_not_found; conversations.open: user_disabled). */
  deleteUser(id: string): void;
  /** Hides a person's email (users.info shows none; lookupByEmail cannot find them). */
  hideEmail(id: string): void;
  /** An admin changes a person: made a guest (users.info `is_restricted`), or given another email. */
  changeUser(id: string, change: { guest?: boolean; email?: string }): void;
  /** Slack Connect: the channel is (or is no longer) shared with another organisation (conversations.info). */
  shareExternally(channel: string, shared: boolean): void;
  /**
   * `userId` opens the app's Home tab: Slack sends app_home_opened (events-api.ts) to the app's
   * Request URL, signed, or over Socket Mode, retrying as Slack does; resolves with what happened.
   * Throws for someone who cannot open it (unknown, a bot, deactivated).
   */
  openHome(userId: string, target: EventTarget, opts?: EventRetryOptions): Promise<EventDelivery>;
  /** The Enterprise Grid organisation: OAuth installs, its workspaces, revoked tokens (org.ts). */
  org: LocalOrg;
  /**
   * Delivers an event (app_uninstalled, tokens_revoked, channel_shared, …) as Slack does, for a
   * workspace. The envelope's `is_ext_shared_channel` follows the event's `channel` (shared with
   * another organisation, or a DM with a person of one), unless `extShared` says otherwise.
   */
  sendEvent(
    event: Record<string, unknown> & { type: string },
    target: EventTarget,
    /** `teamId: null`: an organisation's event, with no workspace on its envelope (team_access_revoked). */
    to?: {
      teamId?: string | null;
      enterpriseId?: string;
      isEnterpriseInstall?: boolean;
      extShared?: boolean;
    },
  ): Promise<EventDelivery>;
  /**
   * A DM between two people (not with the app): its id. The app cannot read it (conversations.info
   * and .members: channel_not_found); a link pasted there still reaches it by link_shared.
   */
  directMessage(a: string, b: string): string;
  /** The app's Workflow Builder steps (manifest `functions`) and their runs (functions.ts). */
  functions: WorkflowFunctions;
  /**
   * A workflow reaches one of the app's steps: a run starts and Slack delivers function_executed
   * (Events API or Socket Mode, retried as Slack does). `by`: the person whose click started the
   * workflow (their interactivity fills the step's interactivity input). The run ends when the
   * app calls functions.completeSuccess / completeError (`run.status`).
   */
  runStep(
    callbackId: string,
    inputs: Record<string, unknown>,
    target: EventTarget,
    opts?: {
      unchecked?: boolean;
      by?: string;
      retry?: EventRetryOptions;
      /** Run in a workspace of the org (its envelope and authorizations, as sendEvent's `to`). */
      to?: { teamId: string; enterpriseId?: string };
    },
  ): { run: FunctionRun; delivery: Promise<EventDelivery> };
  /**
   * A person posts `text` in their channel, as in Slack's composer: links to the app's
   * `unfurlDomains` (set them first) send link_shared to the app; resolves with the message and
   * the delivery (none when no link is the app's). The previews land on `message.unfurls`.
   * `composer`: typed, not sent (link_shared from the composer; the message is the draft).
   */
  shareLinks(
    actor: SlackActor,
    text: string,
    target: EventTarget,
    opts?: { composer?: boolean },
  ): Promise<{ message: SlackMessage; delivery: EventDelivery | undefined }>;
  /** Every event sent to the app, oldest first, filled in as its attempts happen. */
  events: EventDelivery[];
  close(): Promise<void>;
}
