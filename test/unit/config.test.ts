import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { inspect } from 'node:util';
import { describe, expect, it } from 'vitest';
import { loadConfig, loadSettings } from '../../src/config.js';
import { ConfigError } from '../../src/errors.js';

const BASE = {
  SLACK_BOT_TOKEN: 'xoxb-1-very-secret-bot-token',
  SLACK_SIGNING_SECRET: 'signing-secret-value-123',
  SLACK_TEAM_ID: 'T0WARDEN',
  TENANT_BASE_URL: 'https://acme.tenant.example/',
  TENANT_CLIENT_ID: 'warden@acme.tenant.example/pcc',
  TENANT_CLIENT_SECRET: 'client-secret-value-456',
};

function issuesOf(env: Record<string, string | undefined>) {
  try {
    loadConfig(env);
  } catch (error) {
    if (error instanceof ConfigError) return error;
  }
  throw new Error('expected a ConfigError');
}

describe('loadConfig', () => {
  it('reads a minimal environment with defaults', () => {
    const config = loadConfig(BASE);
    expect(config.tenant.baseUrl).toBe('https://acme.tenant.example');
    expect(config.tenant.auth.kind).toBe('clientCredentials');
    expect(config.slack.apiUrl).toBe('https://slack.com/api/');
    expect(config.slack.command).toBe('/warden');
    expect(config.http.port).toBe(3000);
    expect(config.store.dataDir).toBe('./data');
    expect(config.logLevel).toBe('info');
    expect(config.tenant.requestTimeoutMs).toBe(15_000);
    expect(config.alerts.pollIntervalMs).toBeUndefined();
  });

  it('returns a frozen object', () => {
    const config = loadConfig(BASE);
    expect(Object.isFrozen(config)).toBe(true);
    expect(Object.isFrozen(config.tenant)).toBe(true);
  });

  it('parses durations and numbers', () => {
    const config = loadConfig({
      ...BASE,
      ALERTS_POLL_INTERVAL: '90s',
      TENANT_REQUEST_TIMEOUT: '2500ms',
      PORT: '8080',
      SLACK_API_URL: 'http://127.0.0.1:9999/api',
    });
    expect(config.alerts.pollIntervalMs).toBe(90_000);
    expect(config.tenant.requestTimeoutMs).toBe(2_500);
    expect(config.http.port).toBe(8080);
    expect(config.slack.apiUrl).toBe('http://127.0.0.1:9999/api/');
  });

  it('takes a static token instead of client credentials', () => {
    const { TENANT_CLIENT_ID, TENANT_CLIENT_SECRET, ...rest } = BASE;
    const config = loadConfig({ ...rest, TENANT_ACCESS_TOKEN: 'static-token' });
    expect(config.tenant.auth.kind).toBe('static');
  });

  it('reports every problem at once, by key', () => {
    const error = issuesOf({
      SLACK_BOT_TOKEN: 'not-a-bot-token',
      TENANT_BASE_URL: 'ftp://x',
      PORT: 'eighty',
      LOG_LEVEL: 'loud',
      ALERTS_POLL_INTERVAL: 'sometimes',
    });
    const keys = error.issues.map((i) => i.key).sort();
    expect(keys).toEqual(
      [
        'ALERTS_POLL_INTERVAL',
        'LOG_LEVEL',
        'PORT',
        'SLACK_BOT_TOKEN',
        'SLACK_SIGNING_SECRET',
        'SLACK_TEAM_ID',
        'TENANT_BASE_URL',
        'TENANT_CLIENT_ID',
      ].sort(),
    );
    expect(error.message).toContain('SLACK_TEAM_ID: is required');
  });

  it('with nothing set, lists every missing setting at once, the ones that go together too', () => {
    expect(
      issuesOf({})
        .issues.map((i) => i.key)
        .sort(),
    ).toEqual([
      'SLACK_BOT_TOKEN',
      'SLACK_SIGNING_SECRET',
      'SLACK_TEAM_ID',
      'TENANT_BASE_URL',
      'TENANT_CLIENT_ID',
    ]);
  });

  it('lists a bad WARDEN_CONFIG file with the bad variables, at once', () => {
    const dir = mkdtempSync(join(tmpdir(), 'warden-cfg-'));
    try {
      writeFileSync(join(dir, 'w.yaml'), 'limits:\n  snoozeMaxDays: -1\n');
      const { SLACK_TEAM_ID, ...rest } = BASE;
      let error: unknown;
      try {
        loadSettings({ ...rest, WARDEN_CONFIG: join(dir, 'w.yaml') });
      } catch (e) {
        error = e;
      }
      expect(error).toBeInstanceOf(ConfigError);
      const keys = error instanceof ConfigError ? error.issues.map((i) => i.key) : [];
      expect(keys).toEqual(['SLACK_TEAM_ID', `${join(dir, 'w.yaml')}:2 limits.snoozeMaxDays`]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('refuses missing or conflicting tenant credentials', () => {
    const { TENANT_CLIENT_SECRET, ...noSecret } = BASE;
    expect(issuesOf(noSecret).issues.map((i) => i.key)).toEqual(['TENANT_CLIENT_SECRET']);
    expect(issuesOf({ ...BASE, TENANT_ACCESS_TOKEN: 'x' }).issues.map((i) => i.key)).toEqual([
      'TENANT_ACCESS_TOKEN',
    ]);
    const { TENANT_CLIENT_ID, ...none } = noSecret;
    expect(issuesOf(none).issues.map((i) => i.key)).toEqual(['TENANT_CLIENT_ID']);
  });

  it('needs a signing secret unless Socket Mode is on', () => {
    const { SLACK_SIGNING_SECRET, ...rest } = BASE;
    expect(issuesOf(rest).issues.map((i) => i.key)).toEqual(['SLACK_SIGNING_SECRET']);
    expect(loadConfig({ ...rest, SLACK_APP_TOKEN: 'xapp-1-abc' }).slack.appToken).toBeDefined();
  });

  it('reads ADMIN_PORT and ADMIN_TOKEN: a port of their own (not PORT), a token of 16+ characters', () => {
    const admin = loadConfig({ ...BASE, ADMIN_PORT: '9090', ADMIN_TOKEN: 'an-operator-token-123' }).admin;
    expect(admin.port).toBe(9090);
    expect(String(admin.token)).not.toContain('an-operator-token');
    expect(issuesOf({ ...BASE, PORT: '3000', ADMIN_PORT: '3000' }).issues.map((i) => i.key)).toEqual([
      'ADMIN_PORT',
    ]);
    expect(issuesOf({ ...BASE, ADMIN_TOKEN: 'short' }).issues.map((i) => i.key)).toEqual(['ADMIN_TOKEN']);
    expect(loadConfig(BASE).admin).toEqual({ port: undefined, token: undefined });
  });

  it('treats empty variables as unset', () => {
    expect(loadConfig({ ...BASE, PORT: '', ALERTS_CHANNEL: '' }).http.port).toBe(3000);
  });

  it('never prints a secret value, in errors or in the config itself', () => {
    const error = issuesOf({
      ...BASE,
      SLACK_BOT_TOKEN: 'xoxp-user-token-secret',
      TENANT_ACCESS_TOKEN: 'tok-secret',
    });
    expect(error.message).not.toContain('xoxp-user-token-secret');
    expect(error.message).not.toContain('tok-secret');
    const config = loadConfig(BASE);
    const printed = `${JSON.stringify(config)} ${inspect(config, { depth: 10 })} ${String(config.slack.botToken)}`;
    for (const value of [BASE.SLACK_BOT_TOKEN, BASE.SLACK_SIGNING_SECRET, BASE.TENANT_CLIENT_SECRET]) {
      expect(printed).not.toContain(value);
    }
    expect(config.slack.botToken?.reveal()).toBe(BASE.SLACK_BOT_TOKEN);
  });
});

describe('loadConfig: one workspace or OAuth installs', () => {
  const { SLACK_BOT_TOKEN: _t, SLACK_TEAM_ID: _team, ...rest } = BASE;
  const OAUTH = {
    ...rest,
    SLACK_CLIENT_ID: '1111.2222',
    SLACK_CLIENT_SECRET: 'client-secret-of-the-app',
    SLACK_STATE_SECRET: 'state-secret-at-least-16',
    WARDEN_TOKEN_KEY: 'a'.repeat(64),
  };

  it('reads OAuth installs, with no bot token, and never prints their secrets', () => {
    const config = loadConfig(OAUTH);
    expect(config.slack.oauth?.clientId).toBe('1111.2222');
    expect(config.slack.botToken).toBeUndefined();
    const printed = `${JSON.stringify(config)} ${inspect(config, { depth: 10 })}`;
    for (const secret of [OAUTH.SLACK_CLIENT_SECRET, OAUTH.SLACK_STATE_SECRET, OAUTH.WARDEN_TOKEN_KEY])
      expect(printed).not.toContain(secret);
  });

  it('refuses a mix of the two set-ups, a partial OAuth set, and a key that is not 32 bytes', () => {
    expect(issuesOf({ ...OAUTH, SLACK_BOT_TOKEN: BASE.SLACK_BOT_TOKEN }).message).toContain(
      'SLACK_BOT_TOKEN',
    );
    const { SLACK_STATE_SECRET: _s, ...partial } = OAUTH;
    expect(issuesOf(partial).message).toContain('SLACK_STATE_SECRET');
    expect(issuesOf({ ...OAUTH, WARDEN_TOKEN_KEY: 'short' }).message).toContain('WARDEN_TOKEN_KEY');
    expect(issuesOf(rest).message).toContain('SLACK_BOT_TOKEN');
  });
});
