import { execFile } from 'node:child_process';
import { createCipheriv, createHash, randomBytes } from 'node:crypto';
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
import { oauthEnv } from '../helpers/oauth-env.js';
import { capturedLogger } from '../helpers/setup.js';
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
    expect(await rotated.resealAll()).toEqual({ installations: 1, resealed: 1, refused: 0 });
    // The old key is no longer needed.
    const after = new Installations(s, new TokenCipher(newKey), Date.now);
    expect((await after.access({ enterpriseId: 'E0ACME', teamId: 'T0ALPHA' }))?.token.reveal()).toBe(TOKEN);
  });

  it('each value is bound to its row: one copied into another row is refused and logged, the rest go on', async () => {
    const s = await store();
    const { logger, logs: errors } = capturedLogger();
    const installs = new Installations(s, new TokenCipher(key()), Date.now, { logger });
    const teamInstall = (team: string, token: string): Installation => ({
      ...orgInstall,
      team: { id: team, name: team },
      isEnterpriseInstall: false,
      bot: { token, scopes: ['chat:write'], id: 'B0WARDEN', userId: 'U0WARDENBOT' },
    });
    await installs.storeInstallation(teamInstall('T0ALPHA', 'xoxb-alpha-secret'));
    await installs.storeInstallation(teamInstall('T0BRAVO', 'xoxb-bravo-secret'));
    const [a, b] = await s.installations();
    if (!a || !b) throw new Error('two rows');
    await s.saveInstallation({ ...b, sealed: a.sealed });
    expect(await installs.access({ enterpriseId: undefined, teamId: 'T0BRAVO' })).toBeUndefined();
    expect((await installs.access({ enterpriseId: undefined, teamId: 'T0ALPHA' }))?.token.reveal()).toBe(
      'xoxb-alpha-secret',
    );
    await expect(
      installs.fetchInstallation({ teamId: 'T0BRAVO', enterpriseId: undefined, isEnterpriseInstall: false }),
    ).rejects.toThrow(/not installed/);
    // A start reads every row: the copied one is refused (counted), not a reason to stop.
    expect(await installs.resealAll()).toEqual({ installations: 2, resealed: 0, refused: 1 });
    const refusals = errors.filter((l) => l.includes('installation refused'));
    expect(refusals).toHaveLength(1);
    expect(refusals[0]).toContain('team:T0BRAVO');
    expect(errors.join('')).not.toContain('secret');
  });

  it('a value sealed before the binding (v1) is read, checked against its row and sealed again for it at start', async () => {
    const s = await store();
    const k = key();
    const bytes = Buffer.from(k.reveal(), 'base64');
    const v1 = (plain: string) => {
      const iv = randomBytes(12);
      const c = createCipheriv('aes-256-gcm', bytes, iv);
      const body = Buffer.concat([c.update(plain, 'utf8'), c.final()]);
      const id = createHash('sha256').update(bytes).digest('hex').slice(0, 8);
      return ['v1', id, ...[iv, c.getAuthTag(), body].map((x) => x.toString('base64url'))].join('.');
    };
    const row = {
      enterpriseId: 'E0ACME',
      teamId: undefined,
      isEnterpriseInstall: true,
      keyId: 'legacy',
      installedAt: 1,
      teamsRemoved: [],
    };
    await s.saveInstallation({ ...row, key: 'org:E0ACME', sealed: v1(JSON.stringify(orgInstall)) });
    // The same v1 value copied under another organisation's key: its content names E0ACME.
    await s.saveInstallation({ ...row, key: 'org:E0OTHER', sealed: v1(JSON.stringify(orgInstall)) });
    const installs = new Installations(s, new TokenCipher(k), Date.now);
    expect(await installs.resealAll()).toEqual({ installations: 2, resealed: 1, refused: 1 });
    const sealed = (await s.installation('org:E0ACME'))?.sealed ?? '';
    expect(sealed.startsWith('v2.')).toBe(true);
    expect((await installs.access({ enterpriseId: 'E0ACME', teamId: 'T0ALPHA' }))?.token.reveal()).toBe(
      TOKEN,
    );
    expect(await installs.access({ enterpriseId: 'E0OTHER', teamId: 'T0ALPHA' })).toBeUndefined();
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
        ...oauthEnv(slack),
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
