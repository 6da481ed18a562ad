import type { Installation, InstallationQuery, InstallationStore } from '@slack/bolt';
import type { Logger } from '../logger.js';
import type { Clock } from '../ports/index.js';
import type { InstallationRecord, InstallationRecords } from '../ports/store.js';
import { Secret } from '../secret.js';
import { expiresAtMs, InstallationRefresher, REFRESH_BEFORE_MS } from './installation-refresher.js';
import { SealedValueRefused, type TokenCipher } from './token-cipher.js';
import type { TokenRefresh } from './token-refresh.js';

/**
 * Bolt's InstallationStore over Warden's store: each installation is kept whole, sealed with
 * AES-256-GCM (token-cipher.ts), so no token is ever in the store in clear. An org-wide install
 * is one row for the organisation (`org:<E…>`) that serves every workspace the admin added the
 * app to; a workspace install is one row for that workspace (`team:<T…>`). Each value is sealed
 * for its row (the row key is the cipher's additional data) and must name that row when opened:
 * a value copied from another row is refused and logged, and the row serves nothing.
 */

/** Who a request or an event is for, as Slack names it. */
export interface WorkspaceRef {
  enterpriseId: string | undefined;
  teamId: string | undefined;
  isEnterpriseInstall?: boolean | undefined;
}

/** What serving one workspace needs: its bot token and who the bot is there. */
export interface WorkspaceAccess {
  teamId: string;
  enterpriseId: string | undefined;
  token: Secret;
  botUserId: string;
  botId: string;
  /** Which installation serves it (`org:…` or `team:…`). */
  installKey: string;
  /** When its token must be refreshed by (token rotation, ms); none for a token that does not expire. */
  refreshBy?: number | undefined;
}

export const orgKey = (enterpriseId: string) => `org:${enterpriseId}`;
export const teamKey = (teamId: string) => `team:${teamId}`;

/** The row an installation is kept in: its organisation's for an org-wide install, else its workspace's. */
export function rowKeyOf(installation: Installation): string | undefined {
  const org = installation.isEnterpriseInstall === true && installation.enterprise?.id;
  const team = installation.team?.id;
  return org ? orgKey(org) : team ? teamKey(team) : undefined;
}

export interface InstallationsOptions {
  /** Told of a refused row and of token refreshes (keys and reasons, never a value). */
  logger?: Pick<Logger, 'info' | 'warn' | 'error'> | undefined;
  /** Token rotation: the refresh call (slack/token-refresh.ts); without it tokens are used as kept. */
  refresh?: TokenRefresh | undefined;
  /** What a replica waiting for another's refresh sleeps on (Warden's timers). */
  sleep?: ((ms: number) => Promise<void>) | undefined;
}

export class NotInstalledError extends Error {
  constructor(readonly ref: WorkspaceRef) {
    super('Warden is not installed in this workspace');
  }
}

export class Installations implements InstallationStore {
  readonly #records: InstallationRecords;
  readonly #cipher: TokenCipher;
  readonly #clock: Clock;
  readonly #logger: InstallationsOptions['logger'];
  /** Sealed values already logged as refused (each is told once, not on every read). */
  readonly #told = new Set<string>();
  readonly #refresher: InstallationRefresher | undefined;

  constructor(
    records: InstallationRecords,
    cipher: TokenCipher,
    clock: Clock,
    opts: InstallationsOptions = {},
  ) {
    this.#records = records;
    this.#cipher = cipher;
    this.#clock = clock;
    this.#logger = opts.logger;
    const refresh = opts.refresh;
    this.#refresher = refresh
      ? new InstallationRefresher({
          records,
          cipher,
          clock,
          refresh,
          sleep: opts.sleep ?? ((ms) => new Promise((r) => setTimeout(r, ms))),
          logger: opts.logger,
          open: (record) => this.#read(record)?.installation,
        })
      : undefined;
  }

  async storeInstallation(installation: Installation): Promise<void> {
    const key = rowKeyOf(installation);
    if (!key) throw new Error('an installation names neither a workspace nor an organisation');
    const orgWide = key.startsWith('org:');
    await this.#records.saveInstallation({
      key,
      enterpriseId: installation.enterprise?.id,
      teamId: orgWide ? undefined : installation.team?.id,
      isEnterpriseInstall: orgWide,
      keyId: this.#cipher.keyId,
      sealed: this.#cipher.encrypt(JSON.stringify(installation), key),
      installedAt: this.#clock(),
      teamsRemoved: [],
    });
  }

  async fetchInstallation(query: InstallationQuery<boolean>): Promise<Installation> {
    const found = await this.#find(query);
    if (!found) throw new NotInstalledError(query);
    // Already refreshed if due: Bolt is not shown the refresh token, so it never refreshes on its
    // own (unclaimed, on another clock) behind the store's back.
    const { bot } = found.installation;
    if (!bot?.refreshToken) return found.installation;
    const { refreshToken: _r, expiresAt: _e, ...plain } = bot;
    return { ...found.installation, bot: plain };
  }

  async deleteInstallation(query: InstallationQuery<boolean>): Promise<void> {
    const record = await this.#record(query);
    if (record) await this.#records.deleteInstallations([record.key]);
  }

  /** The bot token serving this workspace, or undefined when Warden is not installed there. */
  async access(ref: WorkspaceRef): Promise<WorkspaceAccess | undefined> {
    const found = await this.#find(ref);
    const bot = found?.installation.bot;
    const teamId = ref.teamId ?? found?.installation.team?.id;
    if (!found || !bot || !teamId) return undefined;
    return {
      teamId,
      enterpriseId: found.installation.enterprise?.id ?? ref.enterpriseId,
      token: new Secret(bot.token),
      botUserId: bot.userId,
      botId: bot.id,
      installKey: found.record.key,
      refreshBy: refreshByOf(found.installation),
    };
  }

  /**
   * Every installation read once: one a key Warden was not given sealed stops the start
   * (TokenKeyError); one the previous key sealed, or sealed before values were bound to their
   * row, is sealed again with the current key for its row; one that does not open for its row
   * (copied or changed in the store) is refused and logged, and the others go on.
   */
  async resealAll(): Promise<{ installations: number; resealed: number; refused: number }> {
    const records = await this.#records.installations();
    let resealed = 0;
    let refused = 0;
    for (const record of records) {
      const opened = this.#read(record);
      if (!opened) {
        refused++;
        continue;
      }
      if (!opened.stale) continue;
      await this.#reseal(record, opened.plain);
      resealed++;
    }
    return { installations: records.length, resealed, refused };
  }

  /** `app_uninstalled`: the installation serving that workspace (or organisation) is removed. */
  async uninstalled(ref: WorkspaceRef): Promise<string[]> {
    const record = await this.#record(ref);
    if (!record) return [];
    await this.#records.deleteInstallations([record.key]);
    return [record.key];
  }

  /** `tokens_revoked`: the installations whose bot these were are removed. */
  async botsRevoked(ref: WorkspaceRef, botUserIds: readonly string[]): Promise<string[]> {
    const record = await this.#record(ref);
    const installation = record && this.#open(record)?.installation;
    if (!record || !installation?.bot || !botUserIds.includes(installation.bot.userId)) return [];
    await this.#records.deleteInstallations([record.key]);
    return [record.key];
  }

  /** `team_access_revoked`: an org-wide install no longer serves these workspaces. */
  async teamsRevoked(enterpriseId: string, teamIds: readonly string[]): Promise<void> {
    const record = await this.#records.installation(orgKey(enterpriseId));
    if (record) await this.#records.setTeamsRemoved(record.key, [...record.teamsRemoved, ...teamIds]);
  }

  async #record(ref: WorkspaceRef): Promise<InstallationRecord | undefined> {
    // An org-wide install answers for its organisation; a workspace's own install for it alone.
    if (ref.isEnterpriseInstall && ref.enterpriseId)
      return this.#records.installation(orgKey(ref.enterpriseId));
    const own = ref.teamId ? await this.#records.installation(teamKey(ref.teamId)) : undefined;
    if (own || !ref.enterpriseId) return own;
    return this.#records.installation(orgKey(ref.enterpriseId));
  }

  async #find(
    ref: WorkspaceRef,
  ): Promise<{ record: InstallationRecord; installation: Installation } | undefined> {
    const record = await this.#record(ref);
    if (!record) return undefined;
    if (record.isEnterpriseInstall && ref.teamId && record.teamsRemoved.includes(ref.teamId))
      return undefined;
    const opened = this.#open(record);
    if (!opened) return undefined;
    const { installation } = opened;
    if (!this.#refresher || expiresAtMs(installation) === undefined) return { record, installation };
    return { record, installation: await this.#refresher.fresh(record, installation) };
  }

  #open(record: InstallationRecord): { installation: Installation } | undefined {
    const opened = this.#read(record);
    // Sealed again with the current key on read, as at start (a rotation during a run).
    if (opened?.stale) void this.#reseal(record, opened.plain).catch(() => undefined);
    return opened;
  }

  /** The row's installation, or undefined (logged) when its value does not open for this row. */
  #read(
    record: InstallationRecord,
  ): { installation: Installation; plain: string; stale: boolean } | undefined {
    try {
      const { plain, stale } = this.#cipher.decrypt(record.sealed, record.key);
      const installation = JSON.parse(plain) as Installation;
      // A v1 value (sealed before the binding) opens anywhere: its own content must name the row.
      if (rowKeyOf(installation) !== record.key) throw new SealedValueRefused(record.key);
      return { installation, plain, stale };
    } catch (error) {
      if (!(error instanceof SealedValueRefused)) throw error;
      if (!this.#told.has(record.sealed)) {
        this.#told.add(record.sealed);
        this.#logger?.error(
          { installation: record.key },
          'installation refused: its sealed value does not open for its own row (copied from another row or changed in the store); that workspace is not served until it is installed again',
        );
      }
      return undefined;
    }
  }

  /** Sealed again for its row with the current key, unless the row changed since it was read. */
  async #reseal(record: InstallationRecord, plain: string): Promise<void> {
    await this.#records.replaceSealed(
      record.key,
      record.sealed,
      this.#cipher.encrypt(plain, record.key),
      this.#cipher.keyId,
    );
  }
}

/** A rotating token's time to be refreshed (installation-refresher.ts's margin before its expiry). */
function refreshByOf(i: Installation): number | undefined {
  const expiresAt = expiresAtMs(i);
  return expiresAt === undefined ? undefined : expiresAt - REFRESH_BEFORE_MS;
}
