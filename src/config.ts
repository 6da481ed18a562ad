import { z } from 'zod';
import { ADMIN_ENV, type AdminConfig, adminCheck, adminConfig } from './config-admin.js';
import {
  baseUrl,
  deepFreeze,
  duration,
  httpUrl,
  integer,
  LOG_LEVELS,
  presentVariables,
  secret,
} from './config-env-values.js';
import { type ConfigFile, loadConfigFile } from './config-file.js';
import {
  type Distributed,
  installCheck,
  type SingleWorkspace,
  slackInstall,
  tokenKey,
} from './config-slack.js';
import { ConfigError, type ConfigIssue } from './errors.js';
import type { Secret } from './secret.js';

export type { OAuthConfig } from './config-slack.js';

/**
 * The only reader of the environment. `loadConfig(env)` validates every setting of the
 * contract (DESIGN.md), reports every problem at once by key (never by value) and returns a
 * frozen object. Secrets come back wrapped in `Secret`, which never prints its value.
 */

const EnvSchema = z.object({
  SLACK_BOT_TOKEN: secret('xoxb-').optional(),
  SLACK_CLIENT_ID: z
    .string()
    .regex(/^\d+\.\d+$/, { message: "must be the app's client id (digits.digits)" })
    .optional(),
  SLACK_CLIENT_SECRET: secret().optional(),
  SLACK_STATE_SECRET: secret()
    .refine((s) => s.reveal().length >= 16, { message: 'must be at least 16 characters' })
    .optional(),
  WARDEN_TOKEN_KEY: tokenKey.optional(),
  WARDEN_TOKEN_KEY_PREVIOUS: tokenKey.optional(),
  SLACK_SIGNING_SECRET: secret().optional(),
  SLACK_APP_TOKEN: secret('xapp-').optional(),
  SLACK_API_URL: httpUrl.transform((v) => (v.endsWith('/') ? v : `${v}/`)).default('https://slack.com/api/'),
  SLACK_COMMAND: z
    .string()
    .regex(/^\/[a-z0-9_-]{1,31}$/, { message: 'must be a slash command such as /warden' })
    .default('/warden'),
  SLACK_TEAM_ID: z
    .string()
    .regex(/^[TE][A-Z0-9]{2,}$/, { message: 'must be a Slack team id (T…)' })
    .optional(),
  SLACK_ENTERPRISE_ID: z
    .string()
    .regex(/^E[A-Z0-9]{2,}$/, { message: 'must be an Enterprise Grid organisation id (E…)' })
    .optional(),
  TENANT_BASE_URL: baseUrl,
  TENANT_CLIENT_ID: z.string().min(1).optional(),
  TENANT_CLIENT_SECRET: secret().optional(),
  TENANT_ACCESS_TOKEN: secret().optional(),
  TENANT_CONNECT_TIMEOUT: duration('duration').default(5_000),
  TENANT_REQUEST_TIMEOUT: duration('duration').default(15_000),
  TENANT_MAX_RETRIES: integer(0, 10).default(3),
  PORT: integer(1, 65_535).default(3000),
  WARDEN_PUBLIC_URL: baseUrl.optional(),
  /** Step-up verification's OpenID Connect client secret (WARDEN_CONFIG `stepUp.oidc`). */
  WARDEN_OIDC_CLIENT_SECRET: secret().optional(),
  DATABASE_URL: secret()
    .refine((s) => /^postgres(ql)?:\/\//.test(s.reveal()), { message: 'must be a postgres:// URL' })
    .optional(),
  WARDEN_DATA_DIR: z.string().default('./data'),
  WARDEN_INSTANCE_LEASE: duration('duration')
    .refine((ms) => ms >= 3_000 && ms <= 300_000, { message: 'must be between 3s and 5m' })
    .default(15_000),
  ALERTS_WEBHOOK_SECRET: secret()
    .refine((s) => s.reveal().length >= 16, { message: 'must be at least 16 characters' })
    .optional(),
  ALERTS_POLL_INTERVAL: duration('duration (at least 5s)')
    .refine((ms) => ms >= 5_000, { message: 'must be at least 5s' })
    .optional(),
  ALERTS_CHANNEL: z
    .string()
    .regex(/^[CG][A-Z0-9]{2,}$/, { message: 'must be a channel id (C… or G…)' })
    .optional(),
  WARDEN_CONFIG: z.string().optional(),
  SHUTDOWN_TIMEOUT: duration('duration').default(20_000),
  LOG_LEVEL: z.enum(LOG_LEVELS, { message: `must be one of ${LOG_LEVELS.join(', ')}` }).default('info'),
  ...ADMIN_ENV,
});

type Env = z.output<typeof EnvSchema>;

export type TenantAuthConfig =
  | { kind: 'static'; accessToken: Secret }
  | { kind: 'clientCredentials'; clientId: string; clientSecret: Secret };

export interface Config {
  slack: {
    signingSecret: Secret | undefined;
    appToken: Secret | undefined;
    apiUrl: string;
    command: string;
  } & (SingleWorkspace | Distributed);
  tenant: {
    baseUrl: string;
    auth: TenantAuthConfig;
    connectTimeoutMs: number;
    requestTimeoutMs: number;
    maxRetries: number;
  };
  http: { port: number; publicUrl: string | undefined };
  /** Where /readyz's reasons and /metrics are served (config-admin.ts). */
  admin: AdminConfig;
  /** WARDEN_OIDC_CLIENT_SECRET, for step-up verification. */
  oidcClientSecret: Secret | undefined;
  /** WARDEN_TOKEN_KEY (and the previous one in a rotation): what seals stored credentials. */
  tokenKeys: { current: Secret; previous: Secret | undefined } | undefined;
  store: {
    databaseUrl: Secret | undefined;
    dataDir: string;
    /** How long a process that stops renewing its lease holds its changes (store/instance-lease.ts). */
    instanceLeaseMs: number;
  };
  alerts: {
    webhookSecret: Secret | undefined;
    pollIntervalMs: number | undefined;
    defaultChannel: string | undefined;
  };
  configFile: string | undefined;
  logLevel: (typeof LOG_LEVELS)[number];
  /** How long a graceful stop waits for work in flight. */
  shutdownTimeoutMs: number;
}

/** The settings that go together or exclude each other; run on what is set, parsed or not. */
function crossCheck(env: Partial<Record<keyof Env, unknown>>): ConfigIssue[] {
  const issues: ConfigIssue[] = [...installCheck(env), ...adminCheck(env)];
  if (!env.SLACK_APP_TOKEN && !env.SLACK_SIGNING_SECRET) {
    issues.push({
      key: 'SLACK_SIGNING_SECRET',
      problem: 'is required in HTTP mode (or set SLACK_APP_TOKEN for Socket Mode)',
    });
  }
  const hasId = env.TENANT_CLIENT_ID !== undefined;
  const hasSecret = env.TENANT_CLIENT_SECRET !== undefined;
  if (hasId !== hasSecret) {
    issues.push({
      key: hasId ? 'TENANT_CLIENT_SECRET' : 'TENANT_CLIENT_ID',
      problem: 'TENANT_CLIENT_ID and TENANT_CLIENT_SECRET go together',
    });
  }
  if (env.TENANT_ACCESS_TOKEN && (hasId || hasSecret)) {
    issues.push({
      key: 'TENANT_ACCESS_TOKEN',
      problem: 'set either TENANT_ACCESS_TOKEN or TENANT_CLIENT_ID/TENANT_CLIENT_SECRET, not both',
    });
  }
  if (!env.TENANT_ACCESS_TOKEN && !hasId && !hasSecret) {
    issues.push({
      key: 'TENANT_CLIENT_ID',
      problem:
        'tenant credentials are required: TENANT_CLIENT_ID and TENANT_CLIENT_SECRET, or TENANT_ACCESS_TOKEN',
    });
  }
  return issues;
}

function tenantAuth(env: Env): TenantAuthConfig {
  if (env.TENANT_ACCESS_TOKEN) return { kind: 'static', accessToken: env.TENANT_ACCESS_TOKEN };
  if (env.TENANT_CLIENT_ID && env.TENANT_CLIENT_SECRET) {
    return {
      kind: 'clientCredentials',
      clientId: env.TENANT_CLIENT_ID,
      clientSecret: env.TENANT_CLIENT_SECRET,
    };
  }
  // crossCheck() has already refused this combination.
  throw new ConfigError([{ key: 'TENANT_CLIENT_ID', problem: 'tenant credentials are required' }]);
}

const StoreEnvSchema = EnvSchema.pick({
  DATABASE_URL: true,
  WARDEN_DATA_DIR: true,
  WARDEN_INSTANCE_LEASE: true,
});

/** Only the store settings: for operator commands that need no Slack or tenant credentials. */
export function loadStoreConfig(
  env: Record<string, string | undefined> = process.env,
): Readonly<Config['store']> {
  const parsed = StoreEnvSchema.safeParse(presentVariables(env, Object.keys(StoreEnvSchema.shape)));
  if (!parsed.success) {
    throw new ConfigError(
      parsed.error.issues.map((i) => ({ key: String(i.path[0] ?? '(environment)'), problem: i.message })),
    );
  }
  return Object.freeze({
    databaseUrl: parsed.data.DATABASE_URL,
    dataDir: parsed.data.WARDEN_DATA_DIR,
    instanceLeaseMs: parsed.data.WARDEN_INSTANCE_LEASE,
  });
}

export function loadConfig(env: Record<string, string | undefined> = process.env): Readonly<Config> {
  const present = presentVariables(env, Object.keys(EnvSchema.shape));
  const parsed = EnvSchema.safeParse(present);
  // Every problem at once: what is missing or malformed, and what does not go together.
  const issues: ConfigIssue[] = parsed.success
    ? []
    : parsed.error.issues.map((issue) => ({
        key: String(issue.path[0] ?? '(environment)'),
        problem: issue.code === 'invalid_type' ? 'is required' : issue.message,
      }));
  issues.push(...crossCheck(present).filter((c) => !issues.some((i) => i.key === c.key)));
  if (!parsed.success || issues.length > 0) throw new ConfigError(issues);
  const e = parsed.data;

  return deepFreeze({
    slack: {
      signingSecret: e.SLACK_SIGNING_SECRET,
      appToken: e.SLACK_APP_TOKEN,
      apiUrl: e.SLACK_API_URL,
      command: e.SLACK_COMMAND,
      ...slackInstall(e),
    },
    tenant: {
      baseUrl: e.TENANT_BASE_URL,
      auth: tenantAuth(e),
      connectTimeoutMs: e.TENANT_CONNECT_TIMEOUT,
      requestTimeoutMs: e.TENANT_REQUEST_TIMEOUT,
      maxRetries: e.TENANT_MAX_RETRIES,
    },
    http: { port: e.PORT, publicUrl: e.WARDEN_PUBLIC_URL },
    admin: adminConfig(e),
    oidcClientSecret: e.WARDEN_OIDC_CLIENT_SECRET,
    tokenKeys: e.WARDEN_TOKEN_KEY
      ? { current: e.WARDEN_TOKEN_KEY, previous: e.WARDEN_TOKEN_KEY_PREVIOUS }
      : undefined,
    store: {
      databaseUrl: e.DATABASE_URL,
      dataDir: e.WARDEN_DATA_DIR,
      instanceLeaseMs: e.WARDEN_INSTANCE_LEASE,
    },
    alerts: {
      webhookSecret: e.ALERTS_WEBHOOK_SECRET,
      pollIntervalMs: e.ALERTS_POLL_INTERVAL,
      defaultChannel: e.ALERTS_CHANNEL,
    },
    configFile: e.WARDEN_CONFIG,
    logLevel: e.LOG_LEVEL,
    shutdownTimeoutMs: e.SHUTDOWN_TIMEOUT,
  });
}

/** Step-up sends people to a link on Warden and signs in as a confidential client. */
function stepUpNeeds(config: Readonly<Config>): ConfigIssue[] {
  const problem = 'is required when WARDEN_CONFIG has stepUp';
  return [
    ...(config.http.publicUrl ? [] : [{ key: 'WARDEN_PUBLIC_URL', problem }]),
    ...(config.oidcClientSecret ? [] : [{ key: 'WARDEN_OIDC_CLIENT_SECRET', problem }]),
  ];
}

/**
 * The environment and the WARDEN_CONFIG file it names, checked together: every problem of both
 * is reported at once (a bad file is not hidden behind a bad variable, or the other way round).
 */
export function loadSettings(env: Record<string, string | undefined> = process.env): {
  config: Readonly<Config>;
  file: ConfigFile;
} {
  const issues: ConfigIssue[] = [];
  let config: Readonly<Config> | undefined;
  let file: ConfigFile | undefined;
  try {
    config = loadConfig(env);
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    issues.push(...error.issues);
  }
  try {
    file = loadConfigFile(presentVariables(env, ['WARDEN_CONFIG']).WARDEN_CONFIG);
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    issues.push(...error.issues);
  }
  if (config && file?.stepUp) issues.push(...stepUpNeeds(config));
  // Access reviews keep each reviewer's personal credential sealed with this key.
  if (config && file?.reviews && !config.tokenKeys)
    issues.push({ key: 'WARDEN_TOKEN_KEY', problem: 'is required when WARDEN_CONFIG has reviews' });
  if (!config || !file || issues.length > 0) throw new ConfigError(issues);
  return { config, file };
}
