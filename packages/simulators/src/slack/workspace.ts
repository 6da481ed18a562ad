import { randomBytes } from 'node:crypto';
import type {
  EphemeralMessage,
  OpenView,
  SlackMessage,
  SlackUser,
  UploadedFile,
  WorkspaceChange,
} from './types.js';

/** The people of the simulated workspace: members, a guest, a bot (users.info answers these). */
export const DEFAULT_USERS: SlackUser[] = [
  {
    id: 'U0ALICE',
    name: 'alice',
    tz: 'Europe/Berlin',
    profile: { display_name: 'alice', real_name: 'Alice Adams', email: 'alice@acme.example' },
  },
  {
    id: 'U0BOB',
    name: 'bob',
    tz: 'America/New_York',
    profile: { display_name: 'bob', real_name: 'Bob Brown', email: 'bob@acme.example' },
  },
  {
    id: 'U0CAROL',
    name: 'carol',
    tz: 'Asia/Tokyo',
    profile: { display_name: 'carol', real_name: 'Carol Chen', email: 'carol@acme.example' },
  },
  {
    // Speaks German: Slack tells her language to apps that ask (users.info `include_locale`).
    id: 'U0GRETA',
    name: 'greta',
    tz: 'Europe/Berlin',
    locale: 'de-DE',
    profile: { display_name: 'greta', real_name: 'Greta Graf', email: 'greta@acme.example' },
  },
  {
    id: 'U0KENJI',
    name: 'kenji',
    tz: 'Asia/Tokyo',
    locale: 'ja-JP',
    profile: { display_name: 'kenji', real_name: 'Kenji Kato', email: 'kenji@acme.example' },
  },
  {
    id: 'U0GUEST',
    name: 'guest',
    tz: 'UTC',
    is_restricted: true,
    profile: { display_name: 'guest', real_name: 'Gus Guest', email: 'gus@partner.example' },
  },
  {
    id: 'U0DAVE',
    name: 'dave',
    tz: 'Europe/London',
    profile: { display_name: 'dave', real_name: 'Dave Doe', email: 'dave@acme.example' },
  },
  {
    // Slack Connect: a person of another organisation in a shared channel (their own team_id);
    // users.lookupByEmail finds her by the email her organisation asserts.
    id: 'U0EXTERNAL',
    team_id: 'T0PARTNER',
    name: 'eve',
    tz: 'UTC',
    profile: { display_name: 'eve', real_name: 'Eve External', email: 'eve@partner.example' },
  },
  {
    id: 'U0BOTTY',
    name: 'otherbot',
    tz: 'UTC',
    is_bot: true,
    profile: { display_name: 'otherbot', real_name: 'Other Bot' },
  },
  {
    // The workspace hides her email: users.info shows none and users.lookupByEmail cannot find her.
    id: 'U0HANNA',
    name: 'hanna',
    tz: 'Europe/Paris',
    profile: { display_name: 'hanna', real_name: 'Hanna Hidden' },
  },
  {
    // Deactivated: users.info answers with deleted: true; no lookup or DM reaches him.
    id: 'U0FRANK',
    name: 'frank',
    tz: 'Europe/London',
    deleted: true,
    profile: { display_name: 'frank', real_name: 'Frank Former', email: 'frank@acme.example' },
  },
];

/** The direct message channel between the app and a person (conversations.open answers it). */
export const dmChannelOf = (userId: string) => `D${userId.slice(1)}`;

/** A Web API answer: `{ok: true, …}` or Slack's `{ok: false, error}` (HTTP 200). */
export type MethodAnswer = Record<string, unknown>;
export const fail = (error: string): MethodAnswer => ({ ok: false, error });

export const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * The state of one simulated workspace: people, channels' messages, ephemeral messages, open
 * views, files. The Web API methods (methods/) read and change it; tests read it.
 */
export class Workspace {
  readonly users = new Map(DEFAULT_USERS.map((u) => [u.id, structuredClone(u)]));
  readonly usergroups = new Map<string, string[]>([
    ['S0SECENG', ['U0ALICE', 'U0BOB', 'U0CAROL']],
    ['S0SECLEADS', ['U0BOB', 'U0CAROL']],
  ]);
  readonly messages: SlackMessage[] = [];
  /** channel:ts -> message, so lookups stay O(1) with thousands of alerts (benchmarks). */
  readonly byTs = new Map<string, SlackMessage>();
  readonly ephemerals: EphemeralMessage[] = [];
  readonly views = new Map<string, OpenView>();
  /** trigger id -> when it was issued (ms). */
  readonly triggers = new Map<string, number>();
  readonly files: UploadedFile[] = [];
  readonly uploads = new Map<
    string,
    { filename: string; length: number; altText?: string; bytes?: Buffer }
  >();
  /** user id -> the Home tab Warden published for them (views.publish). */
  readonly homes = new Map<string, Record<string, unknown>>();
  /** user id -> the id (stable per person) and hash of their published Home tab. */
  readonly homeIds = new Map<string, { id: string; hash: string }>();
  /** Archived channels: nothing can be posted or changed there (`is_archived`). */
  readonly archived = new Set<string>();
  /** Channels shared with another organisation (Slack Connect): conversations.info says is_ext_shared. */
  readonly externallyShared = new Set<string>();
  /** DMs between people (not with the app): id -> its two members (conversations.ts). */
  readonly directMessages = new Map<string, string[]>();
  /** The app's manifest `unfurl_domains`: links to these hosts get link_shared (links.ts). */
  readonly unfurlDomains = new Set<string>();
  /** `source:unfurl_id` of a link_shared -> the message (or composer draft) it names (chat.unfurl by unfurl_id + source). */
  readonly unfurlIds = new Map<string, SlackMessage>();
  /** trigger id -> the person whose click or command it came with. */
  readonly #triggerUsers = new Map<string, string>();
  readonly #watchers = new Set<(change: WorkspaceChange) => void>();
  #lastTs = 0;
  #seq = 0;

  constructor(
    readonly teamId: string,
    readonly url: string,
    readonly triggerTtlMs: number,
    readonly timestampedTriggers: boolean,
  ) {}

  /** Slack's ts: the current time in seconds with six digits of microseconds, unique and increasing. */
  nextTs(): string {
    const micros = Math.max(Date.now() * 1_000, this.#lastTs + 1);
    this.#lastTs = micros;
    return `${Math.floor(micros / 1_000_000)}.${String(micros % 1_000_000).padStart(6, '0')}`;
  }

  nextId(prefix: string): string {
    return `${prefix}${++this.#seq}`;
  }

  /** Calls `watcher` with every change from now on (the event stream); returns the unsubscribe. */
  watch(watcher: (change: WorkspaceChange) => void): () => void {
    this.#watchers.add(watcher);
    return () => this.#watchers.delete(watcher);
  }

  /** Tells the watchers; the methods call it after each change they make. */
  changed(change: WorkspaceChange): void {
    for (const watcher of this.#watchers) watcher(change);
  }

  addMessage(msg: SlackMessage): void {
    this.messages.push(msg);
    this.byTs.set(`${msg.channel}:${msg.ts}`, msg);
    this.changed({ kind: 'message', message: msg });
  }

  addEphemeral(ephemeral: EphemeralMessage): void {
    this.ephemerals.push(ephemeral);
    this.changed({ kind: 'ephemeral', ephemeral });
  }

  message(channel: string, ts: string): SlackMessage | undefined {
    return this.byTs.get(`${channel}:${ts}`);
  }

  removeMessage(channel: string, ts: string): void {
    const msg = this.byTs.get(`${channel}:${ts}`);
    if (!msg) return;
    this.byTs.delete(`${channel}:${ts}`);
    this.messages.splice(this.messages.indexOf(msg), 1);
    this.changed({ kind: 'message_deleted', channel, ts });
  }

  /** Deactivates a person (an admin did): users.info says deleted, lookups and DMs fail. */
  deleteUser(id: string): void {
    const user = this.users.get(id);
    if (user) user.deleted = true;
  }

  /** An admin changes a person: made a guest (`is_restricted`), given another email. */
  changeUser(id: string, change: { guest?: boolean; email?: string }): void {
    const user = this.users.get(id);
    if (!user) return;
    if (change.guest !== undefined) user.is_restricted = change.guest;
    if (change.email !== undefined) user.profile.email = change.email;
  }

  /** Hides a person's email, as a workspace that does not show emails to apps does. */
  hideEmail(id: string): void {
    const user = this.users.get(id);
    if (user) delete user.profile.email;
  }

  /** A trigger id for a payload; `user` is who clicked (a modal it opens is theirs). */
  issueTrigger(user?: string): string {
    const id = `${++this.#seq}.${Date.now()}.${randomBytes(6).toString('hex')}`;
    this.triggers.set(id, Date.now());
    if (user) this.#triggerUsers.set(id, user);
    return id;
  }

  /** Whose click or command a trigger id came with, if the local Slack was told. */
  triggerUser(trigger: string): string | undefined {
    return this.#triggerUsers.get(trigger);
  }

  /** Uses a trigger id once: an error code when it is unknown or older than Slack allows. */
  takeTrigger(trigger: string): string | undefined {
    const minted = this.timestampedTriggers ? /^t\.(\d{13})\./.exec(trigger) : null;
    const issued = this.triggers.get(trigger) ?? (minted ? Number(minted[1]) : undefined);
    if (issued === undefined) return 'invalid_trigger_id';
    if (Date.now() - issued > this.triggerTtlMs) return 'expired_trigger_id';
    this.triggers.delete(trigger);
    this.#triggerUsers.delete(trigger);
    return undefined;
  }
}
