/**
 * People mapped between the tenant and Slack (api-facts.md "More operations"): a tenant identity
 * user -> their email -> the Slack member with it, and back. Emails are only the key: they are
 * never shown, logged or kept beyond the cache that maps them.
 */

/** Why a tenant identity user has no Slack person Warden can name. */
export type NoSlackPerson =
  /** The tenant has no user by that id. */
  | 'no-tenant-user'
  /** The tenant user has no email (a service identity, say). */
  | 'no-email'
  /** Slack has no member with that email: not in Slack, deactivated, or the email is hidden. */
  | 'not-in-slack'
  /** Warden may not read emails in Slack (`users:read.email` is missing). */
  | 'emails-hidden'
  /** The Slack person with that email is of another organisation (Slack Connect): not theirs to be. */
  | 'other-organisation'
  /** The tenant or Slack did not answer just now. */
  | 'unavailable';

/** A tenant identity user as Slack knows them, as far as Warden can tell. */
export interface OwnerPerson {
  identityUserId: string;
  /** The tenant's name for them (display name, else username), never one that holds an email. */
  name: string | undefined;
  /** The Slack member, when the mapping found one. */
  slackUserId: string | undefined;
  /** That member is a guest of the workspace (Warden sends guests no findings). */
  guest?: boolean | undefined;
  why?: NoSlackPerson | undefined;
  /** Their managers in the tenant (identity user ids), when the tenant names any. */
  managerIds?: readonly string[] | undefined;
}

/** Why a Slack member has no tenant identity user Warden can name. */
export type NoTenantUser =
  | 'slack-user-unknown'
  | 'deactivated'
  | 'bot'
  /** A person of another organisation (Slack Connect): their email is asserted by someone else. */
  | 'other-organisation'
  /** Slack shows no email for them (hidden by the workspace, or the scope is missing). */
  | 'email-hidden'
  | 'no-tenant-user'
  /** Several tenant users have that email: Warden will not guess. */
  | 'ambiguous'
  | 'unavailable';

export type TenantUserOf =
  | { ok: true; identityUserId: string; name: string | undefined }
  | { ok: false; why: NoTenantUser };

export interface OwnersPort {
  /** The Slack person behind a tenant identity user (never throws: `why` says what is missing). */
  personOf(identityUserId: string): Promise<OwnerPerson>;
  /** The tenant identity user behind a Slack member (never throws). */
  tenantUserOf(slackUserId: string): Promise<TenantUserOf>;
}
