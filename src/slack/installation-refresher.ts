import { randomBytes } from 'node:crypto';
import type { Installation } from '@slack/bolt';
import type { Logger } from '../logger.js';
import type { Clock } from '../ports/index.js';
import type { InstallationRecord, InstallationRecords } from '../ports/store.js';
import { slackCodeOf } from './slack-errors.js';
import type { TokenCipher } from './token-cipher.js';
import type { TokenRefresh } from './token-refresh.js';

/**
 * Token rotation for OAuth installs: an installation whose bot token has a refresh token and
 * expires within REFRESH_BEFORE_MS is refreshed before it is handed out, by one replica at a time
 * (a claim in its row: `claimRefresh`). The others go on with the current token while it has a
 * minute left (Slack does not end it when a refresh is made), else wait for the claimer's result
 * in the store. The new token, refresh token and expiry are sealed for the row like the first.
 * A refusal is logged, kept in the row for /readyz, and tried again after REFRESH_BACKOFF_MS.
 */

/** Bolt's own margin: refreshed once the token has two hours or less left (of Slack's twelve). */
export const REFRESH_BEFORE_MS = 2 * 3_600_000;
const CLAIM_MS = 30_000;
const REFRESH_BACKOFF_MS = 60_000;
/** Below this, the current token is not handed out while another replica refreshes it. */
const STILL_GOOD_MS = 60_000;
const POLL_MS = 250;

export interface RefresherDeps {
  records: InstallationRecords;
  cipher: TokenCipher;
  clock: Clock;
  refresh: TokenRefresh;
  sleep: (ms: number) => Promise<void>;
  logger: Pick<Logger, 'info' | 'warn' | 'error'> | undefined;
  /** The row's installation, or undefined when it does not open (refused and logged). */
  open: (record: InstallationRecord) => Installation | undefined;
}

/** When the installation's bot token stops working (ms), if it rotates. */
export function expiresAtMs(i: Installation): number | undefined {
  return i.bot?.refreshToken && typeof i.bot.expiresAt === 'number' ? i.bot.expiresAt * 1_000 : undefined;
}

export class InstallationRefresher {
  /** This process, as it names itself on a claim. */
  readonly #me = `refresh-${randomBytes(6).toString('hex')}`;

  constructor(private readonly d: RefresherDeps) {}

  /** The installation, refreshed first if its token is due (or another replica's refresh of it). */
  async fresh(record: InstallationRecord, installation: Installation): Promise<Installation> {
    let current = { record, installation };
    const deadline = this.d.clock() + CLAIM_MS + 5_000;
    for (;;) {
      const expiresAt = expiresAtMs(current.installation);
      const now = this.d.clock();
      if (expiresAt === undefined || expiresAt - now > REFRESH_BEFORE_MS) return current.installation;
      const { key, sealed } = current.record;
      if (await this.d.records.claimRefresh(key, sealed, this.#me, now, now + CLAIM_MS, REFRESH_BACKOFF_MS))
        return this.#refresh(current.record, current.installation);
      // Another replica holds the refresh, or the last one was refused a moment ago.
      const refused = current.record.refreshFailure;
      if (expiresAt - now > STILL_GOOD_MS || (refused && now - refused.at < REFRESH_BACKOFF_MS))
        return current.installation;
      if (now > deadline) return current.installation;
      await this.d.sleep(POLL_MS);
      const again = await this.d.records.installation(key);
      const opened = again && this.d.open(again);
      if (!again || !opened) return current.installation;
      current = { record: again, installation: opened };
    }
  }

  async #refresh(record: InstallationRecord, installation: Installation): Promise<Installation> {
    const bot = installation.bot;
    if (!bot?.refreshToken) return installation;
    const now = this.d.clock();
    try {
      const got = await this.d.refresh(bot.refreshToken);
      const next: Installation = {
        ...installation,
        bot: {
          ...bot,
          token: got.accessToken,
          refreshToken: got.refreshToken,
          expiresAt: Math.floor(now / 1_000) + got.expiresInSeconds,
        },
      };
      const sealed = this.d.cipher.encrypt(JSON.stringify(next), record.key);
      const kept = await this.d.records.finishRefresh(
        record.key,
        this.#me,
        record.sealed,
        sealed,
        this.d.cipher.keyId,
      );
      if (!kept)
        this.d.logger?.warn(
          { installation: record.key },
          'token refreshed but not kept: the row changed meanwhile (installed again, or the claim ran out); the new token serves this call only',
        );
      else
        this.d.logger?.info(
          { installation: record.key, expiresInSeconds: got.expiresInSeconds },
          'token refreshed',
        );
      return next;
    } catch (error) {
      const reason = slackCodeOf(error) ?? 'request_error';
      await this.d.records
        .failRefresh(record.key, this.#me, reason, now)
        .catch((e: unknown) => this.d.logger?.warn({ err: e }, 'refresh failure not recorded'));
      this.d.logger?.error(
        { installation: record.key, reason },
        'token refresh failed: Slack refused to rotate this installation’s token; it serves until it expires, then its calls fail with token_expired (install again if Slack keeps refusing)',
      );
      return installation;
    }
  }
}
