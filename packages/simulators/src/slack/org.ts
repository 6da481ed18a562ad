import { randomBytes } from 'node:crypto';
import { eventCallbackBody } from './requests.js';
import type { SlackUser } from './types.js';

/**
 * An Enterprise Grid organisation as Slack shows it to an app: three workspaces, OAuth v2
 * (`/oauth/v2/authorize` -> the app's redirect with `code` and `state` -> `oauth.v2.access`),
 * workspace installs (one bot token per workspace) and org-wide installs (one token for the org,
 * valid only in the workspaces the admin added the app to), and tokens Slack revoked.
 * The consent screen is stood in for by query parameters on the authorize URL: `team` (a
 * workspace install there), `org=1` (an org-wide install by the org admin) or `deny=1` (the
 * admin cancels: back to the app with `error=access_denied`, as Slack does). As Slack documents
 * for oauth.v2.access, a code is used once, within ten minutes, and with the `redirect_uri` the
 * authorization was asked with (`bad_redirect_uri` otherwise).
 * Token rotation (`tokenRotation = true`, the app's `token_rotation_enabled`), as Slack's "Using
 * token rotation" describes: access tokens `xoxe.xoxb-1-…` that expire after `expires_in`
 * (43,200 s) and are then refused with `token_expired`; a refresh token `xoxe-1-…` exchanged once
 * (`grant_type=refresh_token`; used again after a short grace: `invalid_refresh_token`) for a new
 * pair; a refresh does not end the old access token, but an installation keeps at most two
 * active ones (the oldest is revoked).
 */

export const ORG = {
  enterpriseId: 'E0ACME',
  name: 'Acme Corp',
  url: 'https://acme-corp.enterprise.slack.com/',
  teams: [
    { id: 'T0ALPHA', name: 'Acme Alpha', channel: 'C0ALPHA' },
    { id: 'T0BRAVO', name: 'Acme Bravo', channel: 'C0BRAVO' },
    { id: 'T0CHARLIE', name: 'Acme Charlie', channel: 'C0CHARLIE' },
  ],
} as const;

export const APP_ID = 'A0WARDEN';

/** People of the organisation, one whose home is each workspace (Grid user ids start with W). */
export const ORG_PEOPLE = [
  { id: 'W0ADA', name: 'ada', team: 'T0ALPHA', email: 'ada@acme-corp.example' },
  { id: 'W0BEA', name: 'bea', team: 'T0BRAVO', email: 'bea@acme-corp.example' },
  { id: 'W0CY', name: 'cy', team: 'T0CHARLIE', email: 'cy@acme-corp.example' },
] as const;

/** users.info for a person of the organisation: their home workspace, and every workspace they are in. */
export function orgUser(p: (typeof ORG_PEOPLE)[number]): SlackUser {
  return {
    id: p.id,
    name: p.name,
    tz: 'UTC',
    team_id: p.team,
    enterprise_user: {
      enterprise_id: ORG.enterpriseId,
      enterprise_name: ORG.name,
      teams: ORG.teams.map((t) => t.id),
    },
    profile: { display_name: p.name, real_name: p.name.toUpperCase(), email: p.email },
  };
}

export interface IssuedToken {
  token: string;
  enterpriseId: string | undefined;
  /** A workspace install's workspace; undefined for an org-wide install. */
  teamId: string | undefined;
  orgWide: boolean;
  botUserId: string;
  /** Org-wide: the workspaces the admin added the app to. */
  teams: Set<string>;
  revoked: boolean;
  /** Token rotation: when it stops working (ms), and the installation it belongs to. */
  expiresAt?: number | undefined;
  installId?: string | undefined;
}

/** Slack's grace for a refresh token already used ("revoked after a short grace period"). */
const REFRESH_GRACE_MS = 10_000;

export class LocalOrg {
  readonly clientId = '1111.2222';
  readonly clientSecret = `local-client-secret-${randomBytes(8).toString('hex')}`;
  readonly tokens = new Map<string, IssuedToken>();
  /** channel -> the workspace it is in. */
  readonly channelTeams = new Map<string, string>(ORG.teams.map((t) => [t.channel, t.id]));
  readonly #codes = new Map<
    string,
    { teamId: string | undefined; orgWide: boolean; redirectUri: string; expiresAt: number }
  >();

  /** The app's `token_rotation_enabled`. */
  tokenRotation = false;
  /** An access token's life with rotation on (Slack: always 43,200 s). */
  tokenLifetimeSeconds = 43_200;
  /** refresh token -> its installation, and when it was first used. */
  readonly #refreshTokens = new Map<string, { installId: string; usedAt?: number }>();

  constructor(readonly now: () => number = Date.now) {}

  /** An access token (and, with rotation, its refresh token) for an installation. */
  #issue(template: Omit<IssuedToken, 'token' | 'expiresAt'>): Record<string, unknown> {
    const hex = randomBytes(10).toString('hex');
    const kind = template.orgWide ? 'org' : 'ws';
    const token = this.tokenRotation ? `xoxe.xoxb-1-${kind}-${hex}` : `xoxb-${kind}-${hex}`;
    const expiresAt = this.tokenRotation ? this.now() + this.tokenLifetimeSeconds * 1_000 : undefined;
    this.tokens.set(token, { ...template, teams: new Set(template.teams), token, expiresAt });
    if (!this.tokenRotation || !template.installId) return { access_token: token };
    const refresh = `xoxe-1-${randomBytes(12).toString('hex')}`;
    this.#refreshTokens.set(refresh, { installId: template.installId });
    // At most two active access tokens an installation: the oldest beyond that is revoked.
    const active = [...this.tokens.values()].filter(
      (t) => t.installId === template.installId && !t.revoked && (t.expiresAt ?? Infinity) > this.now(),
    );
    for (const old of active.slice(0, Math.max(0, active.length - 2))) old.revoked = true;
    return { access_token: token, refresh_token: refresh, expires_in: this.tokenLifetimeSeconds };
  }

  /** `oauth.v2.access` with `grant_type=refresh_token`: a new pair for the refresh token's installation. */
  #refresh(args: Record<string, unknown>): Record<string, unknown> {
    const used = this.#refreshTokens.get(String(args.refresh_token ?? ''));
    if (!used) return { ok: false, error: 'invalid_refresh_token' };
    if (used.usedAt !== undefined && this.now() - used.usedAt > REFRESH_GRACE_MS)
      return { ok: false, error: 'invalid_refresh_token' };
    used.usedAt ??= this.now();
    const current = [...this.tokens.values()].filter((t) => t.installId === used.installId).at(-1);
    if (!current || current.revoked) return { ok: false, error: 'invalid_refresh_token' };
    const { token: _t, expiresAt: _e, ...template } = current;
    const team = ORG.teams.find((t) => t.id === current.teamId);
    return {
      ok: true,
      ...this.#issue(template),
      token_type: 'bot',
      scope: 'chat:write,commands',
      bot_user_id: current.botUserId,
      app_id: APP_ID,
      team: current.orgWide || !team ? null : { id: team.id, name: team.name },
      enterprise: { id: ORG.enterpriseId, name: ORG.name },
      is_enterprise_install: current.orgWide,
    };
  }

  /** The consent screen: where the browser goes next (the app's redirect with code and state). */
  authorize(query: URLSearchParams): { status: number; location?: string; error?: string } {
    if (query.get('client_id') !== this.clientId) return { status: 400, error: 'invalid_client_id' };
    const redirect = query.get('redirect_uri');
    const state = query.get('state') ?? '';
    if (!redirect) return { status: 400, error: 'bad_redirect_uri' };
    if (query.get('deny') === '1') {
      const back = new URL(redirect);
      back.searchParams.set('error', 'access_denied');
      back.searchParams.set('state', state);
      return { status: 302, location: back.toString() };
    }
    const orgWide = query.get('org') === '1';
    const teamId = orgWide ? undefined : (query.get('team') ?? ORG.teams[0].id);
    const code = `code-${randomBytes(8).toString('hex')}`;
    this.#codes.set(code, { teamId, orgWide, redirectUri: redirect, expiresAt: this.now() + 10 * 60_000 });
    const to = new URL(redirect);
    to.searchParams.set('code', code);
    to.searchParams.set('state', state);
    return { status: 302, location: to.toString() };
  }

  /** `oauth.v2.access`: a code is used once, by the app it was issued to. */
  access(args: Record<string, unknown>): Record<string, unknown> {
    if (args.client_id !== this.clientId || args.client_secret !== this.clientSecret)
      return { ok: false, error: 'invalid_client' };
    if (args.grant_type === 'refresh_token') return this.#refresh(args);
    const code = this.#codes.get(String(args.code ?? ''));
    if (!code) return { ok: false, error: 'invalid_code' };
    this.#codes.delete(String(args.code));
    if (code.expiresAt <= this.now()) return { ok: false, error: 'invalid_code' };
    if (args.redirect_uri !== code.redirectUri) return { ok: false, error: 'bad_redirect_uri' };
    const team = ORG.teams.find((t) => t.id === code.teamId);
    const issued = this.#issue({
      enterpriseId: ORG.enterpriseId,
      teamId: code.teamId,
      orgWide: code.orgWide,
      botUserId: 'U0WARDENBOT',
      teams: new Set(code.teamId ? [code.teamId] : []),
      revoked: false,
      installId: `install-${randomBytes(6).toString('hex')}`,
    });
    return {
      ok: true,
      app_id: APP_ID,
      authed_user: { id: 'U0ADMIN', scope: '', access_token: undefined, token_type: undefined },
      scope: 'chat:write,commands',
      token_type: 'bot',
      ...issued,
      bot_user_id: 'U0WARDENBOT',
      team: code.orgWide || !team ? null : { id: team.id, name: team.name },
      enterprise: { id: ORG.enterpriseId, name: ORG.name },
      is_enterprise_install: code.orgWide,
      ...(code.orgWide ? { enterprise_url: ORG.url } : {}),
    };
  }

  /** The org admin adds an org-wide installed app to a workspace. */
  addToWorkspace(teamId: string): void {
    for (const t of this.tokens.values()) if (t.orgWide && !t.revoked) t.teams.add(teamId);
  }

  /** The org admin removes it from a workspace (Slack then sends team_access_revoked). */
  removeFromWorkspace(teamId: string): void {
    for (const t of this.tokens.values()) if (t.orgWide) t.teams.delete(teamId);
  }

  /** Revokes the tokens serving a workspace (an uninstall, or an admin's revocation). */
  revoke(teamId: string): void {
    for (const t of this.tokens.values()) if (t.teamId === teamId) t.revoked = true;
  }

  /** What a call with `token` may reach: an error, or the workspace it acts in (rate limits are per workspace). */
  check(token: string, args: Record<string, unknown>): { error: string } | { teamId: string | undefined } {
    const t = this.tokens.get(token);
    if (!t) return { error: 'invalid_auth' };
    if (t.revoked) return { error: 'token_revoked' };
    if (t.expiresAt !== undefined && t.expiresAt <= this.now()) return { error: 'token_expired' };
    const channel = typeof args.channel === 'string' ? args.channel : undefined;
    const team =
      (channel && this.channelTeams.get(channel)) ||
      (typeof args.team_id === 'string' ? args.team_id : undefined);
    if (team && !t.teams.has(team))
      return { error: channel ? 'channel_not_found' : 'team_access_not_granted' };
    return { teamId: team ?? t.teamId };
  }
}

/** auth.test for an issued token: an org-wide one answers with the organisation's address (InstallProvider keeps it as enterpriseUrl). */
export function authTestOf(issued: IssuedToken): Record<string, unknown> {
  const team = ORG.teams.find((t) => t.id === issued.teamId);
  return {
    ok: true,
    url: issued.orgWide ? ORG.url : `https://${team?.id.toLowerCase() ?? 'acme'}.slack.example/`,
    team: team?.name ?? ORG.name,
    team_id: issued.teamId ?? ORG.enterpriseId,
    enterprise_id: ORG.enterpriseId,
    user_id: issued.botUserId,
    bot_id: 'B0WARDEN',
    is_enterprise_install: issued.orgWide,
  };
}

/**
 * An Events API body for a workspace of the org, with the `authorizations` Slack sends (who the
 * app is installed as). `team` null: an organisation's own event as Slack documents it
 * (team_access_revoked: `team_id: null`, only the organisation's id on the envelope, the
 * workspaces in `event.team_ids`).
 */
export function orgEventBody(
  team: string | null,
  event: Record<string, unknown> & { type: string },
  to: { enterpriseId?: string; isEnterpriseInstall?: boolean },
) {
  const payload = eventCallbackBody(team ?? '', event);
  payload.team_id = team;
  payload.authorizations = [
    {
      enterprise_id: to.enterpriseId ?? null,
      team_id: team,
      user_id: 'U0WARDENBOT',
      is_bot: true,
      is_enterprise_install: to.isEnterpriseInstall === true,
    },
  ];
  const body = { ...payload, ...(to.enterpriseId ? { enterprise_id: to.enterpriseId } : {}) };
  return { payload, body };
}
