import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Installation } from '@slack/bolt';
import { createLocalSlack, simulatorEnv } from '@warden/simulators';
import { afterEach, describe, expect, it } from 'vitest';
import type { Store } from '../../src/ports/store.js';
import { Secret } from '../../src/secret.js';
import { Installations } from '../../src/slack/installation-store.js';
import { TokenCipher, TokenKeyError } from '../../src/slack/token-cipher.js';
import { createStore } from '../../src/store/create-store.js';
import { freePort } from '../helpers/net.js';
import { startSandbox } from '../helpers/tenant.js';

const key = () => new Secret(randomBytes(32).toString('base64'));
const TOKEN = 'xoxb-org-install-very-secret';

const orgInstall: Installation = {
  team: undefined,
  enterprise: { id: 'E0ACME', name: 'Acme' },
  user: { id: 'U0ADMIN', token: undefined, scopes: undefined },
  bot: { token: TOKEN, scopes: ['chat:write'], id: 'B0WARDEN', userId: 'U0WARDENBOT' },
  isEnterpriseInstall: true,
  authVersion: 'v2',
  appId: 'A0WARDEN',
};

describe('installations at rest', () => {
  const open: Store[] = [];
  afterEach(async () => {
    for (const s of open.splice(0)) await s.close();
  });
  async function store() {
    const s = await createStore({ sqliteFile: ':memory:' });
    open.push(s);
    return s;
  }

  it('keeps no token in clear: the row is unreadable without the key, a wrong key is refused', async () => {
    const s = await store();
    const k = key();
    const installs = new Installations(s, new TokenCipher(k), Date.now);
    await installs.storeInstallation(orgInstall);
    const rows = await s.installations();
    expect(rows).toHaveLength(1);
    expect(JSON.stringify(rows)).not.toContain(TOKEN);
    expect(JSON.stringify(rows)).not.toContain('xoxb-');
    // Every workspace of the organisation is served by the one org-wide install.
    const access = await installs.access({ enterpriseId: 'E0ACME', teamId: 'T0BRAVO' });
    expect(access?.token.reveal()).toBe(TOKEN);
    expect(access?.teamId).toBe('T0BRAVO');
    const stranger = new Installations(s, new TokenCipher(key()), Date.now);
    await expect(stranger.resealAll()).rejects.toBeInstanceOf(TokenKeyError);
    await expect(stranger.resealAll()).rejects.toThrow(/key id [0-9a-f]{8}/);
  });

  it('rotation: the previous key still reads, and start seals everything again with the new key', async () => {
    const s = await store();
    const oldKey = key();
    await new Installations(s, new TokenCipher(oldKey), Date.now).storeInstallation(orgInstall);
    const newKey = key();
    const rotated = new Installations(s, new TokenCipher(newKey, oldKey), Date.now);
    expect(await rotated.resealAll()).toEqual({ installations: 1, resealed: 1 });
    // The old key is no longer needed.
    const after = new Installations(s, new TokenCipher(newKey), Date.now);
    expect((await after.access({ enterpriseId: 'E0ACME', teamId: 'T0ALPHA' }))?.token.reveal()).toBe(TOKEN);
  });

  it('removes what app_uninstalled, tokens_revoked and team_access_revoked name, and only that', async () => {
    const s = await store();
    const installs = new Installations(s, new TokenCipher(key()), Date.now);
    await installs.storeInstallation(orgInstall);
    await installs.teamsRevoked('E0ACME', ['T0BRAVO']);
    expect(await installs.access({ enterpriseId: 'E0ACME', teamId: 'T0BRAVO' })).toBeUndefined();
    expect(await installs.access({ enterpriseId: 'E0ACME', teamId: 'T0ALPHA' })).toBeDefined();
    expect(
      await installs.botsRevoked({ enterpriseId: 'E0ACME', teamId: 'T0ALPHA', isEnterpriseInstall: true }, [
        'U0OTHER',
      ]),
    ).toEqual([]);
    expect(
      await installs.uninstalled({ enterpriseId: 'E0ACME', teamId: 'T0ALPHA', isEnterpriseInstall: true }),
    ).toEqual(['org:E0ACME']);
    expect(await installs.access({ enterpriseId: 'E0ACME', teamId: 'T0ALPHA' })).toBeUndefined();
  });
});

describe('a start with the wrong WARDEN_TOKEN_KEY', () => {
  // Over 3 s by nature: Warden's entry point starts as a process of its own.
  it('exits 2 with a clear message naming the variable, never a token', { timeout: 60_000 }, async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'warden-key-'));
    const s = await createStore({ dataDir });
    await new Installations(s, new TokenCipher(key()), Date.now).storeInstallation(orgInstall);
    await s.close();
    const configFile = join(dataDir, 'warden.yaml');
    writeFileSync(configFile, 'workspaces:\n  - { team: T0ALPHA, enterprise: E0ACME }\n');
    const tenant = await startSandbox();
    const slack = await createLocalSlack();
    try {
      const env = {
        PATH: process.env.PATH ?? '',
        ...simulatorEnv({ tenant, slack }),
        SLACK_BOT_TOKEN: '',
        SLACK_TEAM_ID: '',
        SLACK_CLIENT_ID: slack.org.clientId,
        SLACK_CLIENT_SECRET: slack.org.clientSecret,
        SLACK_STATE_SECRET: 'state-secret-for-tests-0123456789',
        WARDEN_TOKEN_KEY: key().reveal(),
        WARDEN_DATA_DIR: dataDir,
        WARDEN_CONFIG: configFile,
        ALERTS_CHANNEL: 'C0ALERTS',
        PORT: String(await freePort()),
      };
      const exit = await new Promise<{ code: number | null; stderr: string }>((resolve) => {
        execFile(process.execPath, ['--import', 'tsx', 'src/main.ts'], { env }, (error, _out, stderr) =>
          resolve({ code: error ? (typeof error.code === 'number' ? error.code : null) : 0, stderr }),
        );
      });
      expect(exit.code).toBe(2);
      expect(exit.stderr).toMatch(/encrypted with a key Warden was not given.*WARDEN_TOKEN_KEY/);
      expect(exit.stderr).not.toContain(TOKEN);
    } finally {
      await slack.close();
      await tenant.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
