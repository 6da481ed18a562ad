import { z } from 'zod';
import { ConfigError, type ConfigIssue } from './errors.js';
import { Secret } from './secret.js';

/**
 * How Warden is given its Slack tokens: one workspace's bot token, or OAuth installs (Bolt's
 * InstallProvider) kept encrypted in the store. config.ts reads the variables; this decides which
 * set-up they describe and refuses a mix of the two.
 */

/** WARDEN_TOKEN_KEY: 32 bytes for AES-256-GCM, written as 64 hex digits or base64. */
export const tokenKey = z
  .string()
  .transform((v) => new Secret(v))
  .refine((s) => decodeTokenKey(s.reveal()) !== undefined, {
    message: 'must be 32 bytes: 64 hex digits or base64 (openssl rand -base64 32)',
  });

/** The key's 32 bytes, or undefined when it is not written as 64 hex digits or base64 of 32 bytes. */
export function decodeTokenKey(text: string): Buffer | undefined {
  if (/^[0-9a-fA-F]{64}$/.test(text)) return Buffer.from(text, 'hex');
  if (!/^[A-Za-z0-9+/]{43}=?$/.test(text)) return undefined;
  const bytes = Buffer.from(text, 'base64');
  return bytes.length === 32 ? bytes : undefined;
}

/**
 * The bot scopes an OAuth install asks for: exactly manifest.yml's `oauth_config.scopes.bot`, in
 * its order (test/e2e/org-install.test.ts fails when the two differ; the manifest is what ships).
 */
export const BOT_SCOPES = [
  'commands',
  'chat:write',
  'users:read',
  'users:read.email',
  'usergroups:read',
  'channels:history',
  'groups:history',
  // conversations.info: is a channel shared with another organisation (Slack Connect), and a
  // DM's other member
  'channels:read',
  'groups:read',
  'im:read',
  'mpim:read',
  'files:write',
  'im:write',
  // link previews (link_shared, chat.unfurl)
  'links:read',
  'links:write',
] as const;

/** The variables these two set-ups read, as config.ts parsed them. */
export interface InstallEnv {
  SLACK_BOT_TOKEN?: Secret | undefined;
  SLACK_TEAM_ID?: string | undefined;
  SLACK_ENTERPRISE_ID?: string | undefined;
  SLACK_CLIENT_ID?: string | undefined;
  SLACK_CLIENT_SECRET?: Secret | undefined;
  SLACK_STATE_SECRET?: Secret | undefined;
  WARDEN_TOKEN_KEY?: Secret | undefined;
  WARDEN_TOKEN_KEY_PREVIOUS?: Secret | undefined;
}

/**
 * OAuth distribution (Bolt's InstallProvider): Warden is installed into workspaces, or once into
 * an Enterprise Grid organisation, and keeps each installation's token in its store, encrypted.
 */
export interface OAuthConfig {
  clientId: string;
  clientSecret: Secret;
  stateSecret: Secret;
  /** AES-256-GCM key for the tokens at rest (32 bytes). */
  tokenKey: Secret;
  /** The key before a rotation: still read, and what it encrypted is encrypted again with tokenKey. */
  previousTokenKey: Secret | undefined;
  scopes: readonly string[];
}

/** One workspace, one bot token (SLACK_BOT_TOKEN, SLACK_TEAM_ID): the original set-up. */
export interface SingleWorkspace {
  botToken: Secret;
  teamId: string;
  /** The Enterprise Grid organisation the workspace belongs to, if any. */
  enterpriseId: string | undefined;
  oauth?: undefined;
}

/** Installed by OAuth: the workspaces are the installations (and WARDEN_CONFIG `workspaces`). */
export interface Distributed {
  oauth: OAuthConfig;
  botToken?: undefined;
  teamId?: undefined;
  enterpriseId?: undefined;
}

const OAUTH_KEYS = [
  'SLACK_CLIENT_ID',
  'SLACK_CLIENT_SECRET',
  'SLACK_STATE_SECRET',
  'WARDEN_TOKEN_KEY',
] as const;

/** One workspace (SLACK_BOT_TOKEN + SLACK_TEAM_ID) or OAuth (the four OAUTH_KEYS), never both. */
export function installCheck(env: Partial<Record<string, unknown>>): ConfigIssue[] {
  // WARDEN_TOKEN_KEY alone also seals access reviews' credentials (one workspace): not an OAuth install.
  const oauth = OAUTH_KEYS.filter((k) => k !== 'WARDEN_TOKEN_KEY' && env[k] !== undefined);
  if (oauth.length === 0) {
    const single: ConfigIssue[] = [];
    if (!env.SLACK_BOT_TOKEN)
      single.push({
        key: 'SLACK_BOT_TOKEN',
        problem:
          'is required for one workspace (or set SLACK_CLIENT_ID, SLACK_CLIENT_SECRET, SLACK_STATE_SECRET and WARDEN_TOKEN_KEY to be installed by OAuth)',
      });
    if (!env.SLACK_TEAM_ID)
      single.push({ key: 'SLACK_TEAM_ID', problem: 'is required with SLACK_BOT_TOKEN' });
    return single;
  }
  const issues: ConfigIssue[] = OAUTH_KEYS.filter((k) => env[k] === undefined).map((key) => ({
    key,
    problem: `is required for OAuth installs (${OAUTH_KEYS.join(', ')} go together)`,
  }));
  for (const key of ['SLACK_BOT_TOKEN', 'SLACK_TEAM_ID', 'SLACK_ENTERPRISE_ID'] as const)
    if (env[key] !== undefined)
      issues.push({
        key,
        problem: 'is for one workspace: with OAuth installs the workspaces are the installations',
      });
  if (env.SLACK_APP_TOKEN)
    issues.push({
      key: 'SLACK_APP_TOKEN',
      problem: 'OAuth installs need HTTP mode (SLACK_SIGNING_SECRET), not Socket Mode',
    });
  return issues;
}

export function slackInstall(e: InstallEnv): SingleWorkspace | Distributed {
  if (e.SLACK_CLIENT_ID && e.SLACK_CLIENT_SECRET && e.SLACK_STATE_SECRET && e.WARDEN_TOKEN_KEY)
    return {
      oauth: {
        clientId: e.SLACK_CLIENT_ID,
        clientSecret: e.SLACK_CLIENT_SECRET,
        stateSecret: e.SLACK_STATE_SECRET,
        tokenKey: e.WARDEN_TOKEN_KEY,
        previousTokenKey: e.WARDEN_TOKEN_KEY_PREVIOUS,
        scopes: [...BOT_SCOPES],
      },
    };
  if (e.SLACK_BOT_TOKEN && e.SLACK_TEAM_ID)
    return { botToken: e.SLACK_BOT_TOKEN, teamId: e.SLACK_TEAM_ID, enterpriseId: e.SLACK_ENTERPRISE_ID };
  // installCheck() has already refused this combination.
  throw new ConfigError([{ key: 'SLACK_BOT_TOKEN', problem: 'is required' }]);
}
