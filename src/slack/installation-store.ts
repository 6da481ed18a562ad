import type { Installation, InstallationQuery, InstallationStore } from '@slack/bolt';
import type { Clock } from '../ports/index.js';
import type { InstallationRecord, InstallationRecords } from '../ports/store.js';
import { Secret } from '../secret.js';
import type { TokenCipher } from './token-cipher.js';

/**
 * Bolt's InstallationStore over Warden's store: each installation is kept whole, sealed with
 * AES-256-GCM (token-cipher.ts), so no token is ever in the store in clear. An org-wide install
 * is one row for the organisation (`org:<E…>`) that serves every workspace the admin added the
 * app to; a workspace install is one row for that workspace (`team:<T…>`).
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
}

export const orgKey = (enterpriseId: string) => `org:${enterpriseId}`;
export const teamKey = (teamId: string) => `team:${teamId}`;

export class NotInstalledError extends Error {
  constructor(readonly ref: WorkspaceRef) {
    super('Warden is not installed in this workspace');
  }
}

export class Installations implements InstallationStore {
  readonly #records: InstallationRecords;
  readonly #cipher: TokenCipher;
  readonly #clock: Clock;

  constructor(records: InstallationRecords, cipher: TokenCipher, clock: Clock) {
    this.#records = records;
    this.#cipher = cipher;
    this.#clock = clock;
  }

  async storeInstallation(installation: Installation): Promise<void> {
    const org = installation.isEnterpriseInstall === true && installation.enterprise?.id;
    const team = installation.team?.id;
    const key = org ? orgKey(org) : team ? teamKey(team) : undefined;
    if (!key) throw new Error('an installation names neither a workspace nor an organisation');
    await this.#records.saveInstallation({
      key,
      enterpriseId: installation.enterprise?.id,
      teamId: org ? undefined : team,
      isEnterpriseInstall: Boolean(org),
      keyId: this.#cipher.keyId,
      sealed: this.#cipher.encrypt(JSON.stringify(installation)),
      installedAt: this.#clock(),
      teamsRemoved: [],
    });
  }

  async fetchInstallation(query: InstallationQuery<boolean>): Promise<Installation> {
    const found = await this.#find(query);
    if (!found) throw new NotInstalledError(query);
    return found.installation;
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
    };
  }

  /**
   * Every installation read once: one a key Warden was not given sealed stops the start
   * (TokenKeyError); one the previous key sealed is sealed again with the current key.
   */
  async resealAll(): Promise<{ installations: number; resealed: number }> {
    const records = await this.#records.installations();
    let resealed = 0;
    for (const record of records) {
      const { plain, stale } = this.#cipher.decrypt(record.sealed);
      if (!stale) continue;
      await this.#reseal(record, plain);
      resealed++;
    }
    return { installations: records.length, resealed };
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
    if (!record) return [];
    const { installation } = this.#open(record);
    if (!installation.bot || !botUserIds.includes(installation.bot.userId)) return [];
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
    return { record, installation: this.#open(record).installation };
  }

  #open(record: InstallationRecord): { installation: Installation } {
    const { plain, stale } = this.#cipher.decrypt(record.sealed);
    // Sealed again with the current key on read, as at start (a rotation during a run).
    if (stale) void this.#reseal(record, plain).catch(() => undefined);
    return { installation: JSON.parse(plain) as Installation };
  }

  async #reseal(record: InstallationRecord, plain: string): Promise<void> {
    await this.#records.saveInstallation({
      ...record,
      keyId: this.#cipher.keyId,
      sealed: this.#cipher.encrypt(plain),
    });
  }
}
