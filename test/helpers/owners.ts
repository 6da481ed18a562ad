import type { SlackActor } from '@warden/simulators';
import { ALICE, type Harness, waitFor } from './harness.js';

/**
 * What the owner tests (issue 17) read off a harness: the Owner field of a card, everything a
 * person could see in Slack, the audit log of one finding, the tenant requests about people.
 */

export const CAROL: SlackActor = { ...ALICE, userId: 'U0CAROL', userName: 'carol' };
export const DAVE: SlackActor = { ...ALICE, userId: 'U0DAVE', userName: 'dave' };
export const GUEST: SlackActor = { ...ALICE, userId: 'U0GUEST', userName: 'guest' };
/** Someone acting in their own direct message with Warden (a DM copy's buttons). */
export const inDm = (actor: SlackActor): SlackActor => ({ ...actor, channelId: `D${actor.userId.slice(1)}` });

/**
 * A tenant user with the email a person of another organisation holds in Slack (U0EXTERNAL, in a
 * shared channel): that address is what *their* organisation asserts, so it maps nobody (issue 24).
 */
export const EVE_IN_TENANT = {
  id: 'IU_EVE',
  displayName: 'Eve External',
  email: 'eve@partner.example',
  emails: ['eve@partner.example'],
  username: 'eve',
  status: 'ENABLED',
  type: 'USER_TYPE_HUMAN',
};

/** Makes a tenant user one an SSO directory made: the username is the email, no display name. */
export function asSsoUser(h: Harness, id: string): void {
  const user = h.tenant.users.get(id);
  if (!user) throw new Error(`no tenant user ${id}`);
  const { displayName: _gone, ...rest } = user;
  h.tenant.users.put({ ...rest, username: user.email, usernames: [user.email] });
}

/** Anything that looks like an email address. */
export const EMAIL = /[A-Za-z0-9._%+-]+@[A-Za-z0-9.-]+\.[A-Za-z]{2,}/;

export const card = (h: Harness, ts: string) => h.slack.messages.find((m) => m.ts === ts);

/** The text of a card's Owner field, without its label. */
export function ownerField(h: Harness, ts: string): string {
  const blocks = JSON.stringify(card(h, ts)?.blocks ?? []);
  const found = /"\*Owner\*\\n((?:[^"\\]|\\.)*)"/.exec(blocks);
  if (!found?.[1]) throw new Error(`card ${ts} has no Owner field`);
  return JSON.parse(`"${found[1]}"`) as string;
}

/** The action ids of a card's buttons. */
export const buttonsOf = (h: Harness, ts: string): string[] =>
  [...JSON.stringify(card(h, ts)?.blocks ?? []).matchAll(/"action_id":"([^"]+)"/g)].map((m) => m[1] ?? '');

/** Every top-level message (no thread replies) in a channel. */
export const postsIn = (h: Harness, channel: string) =>
  h.slack.messages.filter((m) => m.channel === channel && !m.thread_ts);

/** Everything Warden showed anyone in Slack: messages, ephemerals, modals (views.open/update). */
export function everythingShown(h: Harness): string {
  const views = [...h.slack.callsOf('views.open'), ...h.slack.callsOf('views.update')].map(
    (c) => c.args.view,
  );
  return JSON.stringify([h.slack.messages, h.slack.ephemerals, views]);
}

/** The newest audit entries of one finding, newest first. */
export const auditOf = (h: Harness, findingId: string, limit = 20) =>
  h.warden.store.auditLog({ findingId, limit });

/** Waits for an audit entry of `action` for the finding (the audit is written after the reply). */
export const auditEntry = (h: Harness, findingId: string, action: string) =>
  waitFor(
    async () => (await auditOf(h, findingId)).find((e) => e.action === action),
    5_000,
    `an audit entry for ${action}`,
  );

/** The tenant requests for one identity user (GET /api/v1/users/{id}). */
export const userReads = (h: Harness, id: string) =>
  h.tenant.requests.filter((r) => r.method === 'GET' && r.path === `/api/v1/users/${id}`);

/** The users.lookupByEmail calls for one email. */
export const lookupsOf = (h: Harness, email: string) =>
  h.slack.callsOf('users.lookupByEmail').filter((c) => c.args.email === email);

/** Tenant requests that change a finding: its state, a bulk change, a task. */
export const tenantChanges = (h: Harness) =>
  h.tenant.requests.filter(
    (r) => r.method === 'POST' && /^\/api\/v1\/findings\/.*\/(state|task)$/.test(r.path),
  );
