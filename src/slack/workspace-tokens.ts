import { createHash } from 'node:crypto';
import { isStoreUnavailable } from '../errors.js';
import type { Logger } from '../logger.js';
import type { Clock } from '../ports/index.js';
import type { WorkspaceState, WorkspaceStates } from '../ports/workspaces.js';
import type { WorkspaceAccess, WorkspaceRef } from './installation-store.js';
import type { TokenSource } from './metered-web-client.js';

/**
 * Where each served workspace's bot token comes from, asked before every call to Slack: one fixed
 * token (SLACK_BOT_TOKEN), or the workspace's installation (OAuth), read again whenever the store
 * says its installations changed. Either way the store is asked first (one read by primary key:
 * the workspace's generation and whether Slack refused its token), so a workspace Slack refused on
 * one replica, or uninstalled there, is stopped on every replica before its next call, not after
 * a cache runs out. While the store does not answer, what was last read of it holds.
 */

/** Slack's answers that mean a token is dead: its workspace stops until it is installed again. */
const DEAD_TOKEN = new Set(['token_revoked', 'invalid_auth', 'account_inactive', 'not_authed']);

/** Which token (a stop names it), never the token: 96 bits of its SHA-256. */
export const fingerprintOf = (token: string): string =>
  createHash('sha256').update(token).digest('base64url').slice(0, 16);

/** How a workspace's token is had: fixed, or its installation (Installations.access). */
export type TokenOrigin =
  | { fixed: string }
  | {
      installed: (ref: WorkspaceRef) => Promise<WorkspaceAccess | undefined>;
      enterpriseId: string | undefined;
    };

interface Known {
  /** The store's generation the token was read at; undefined before the first read. */
  generation: number | undefined;
  token: string | undefined;
  /** A rotating token: its installation is read again from then on (refreshed before it expires). */
  refreshBy?: number | undefined;
  /** Slack refused this token here: refused at once, before the store has it. */
  stopped?: { reason: string; token: string };
  /** The store's state as last read (used while it does not answer). */
  state: WorkspaceState | undefined;
}

export interface WorkspaceTokensOptions {
  store: WorkspaceStates;
  logger: Logger;
  clock: Clock;
  /** A workspace just stopped on this replica (counted by the caller). */
  onStop?: (teamId: string, reason: string) => void;
}

export class WorkspaceTokens {
  readonly #o: WorkspaceTokensOptions;
  readonly #known = new Map<string, Known>();
  readonly #origins = new Map<string, TokenOrigin>();

  constructor(o: WorkspaceTokensOptions) {
    this.#o = o;
  }

  /** The token source of one workspace: every call asks the store, then (if it changed) its installation. */
  source(teamId: string, origin: TokenOrigin): TokenSource {
    this.#origins.set(teamId, origin);
    return () => this.#token(teamId, origin);
  }

  async #token(teamId: string, origin: TokenOrigin): Promise<{ token: string } | { refused: string }> {
    const known = this.#of(teamId);
    try {
      known.state = await this.#o.store.workspaceState(teamId);
    } catch (error) {
      if (!isStoreUnavailable(error)) throw error;
    }
    const generation = known.state?.generation ?? 0;
    if ('fixed' in origin) known.token = origin.fixed;
    else if (
      known.generation !== generation ||
      (known.refreshBy !== undefined && this.#o.clock() >= known.refreshBy)
    ) {
      // Read again when an install changed it, or when a rotating token is due for its refresh
      // (Installations.access refreshes it, one replica at a time).
      const access = await origin.installed({ teamId, enterpriseId: origin.enterpriseId });
      known.token = access?.token.reveal();
      known.refreshBy = access?.refreshBy;
      known.generation = generation;
    }
    const { token } = known;
    if (token === undefined) return { refused: 'not_installed' };
    const print = fingerprintOf(token);
    const stop = [known.stopped, known.state?.stopped].find((s) => s?.token === print);
    return stop ? { refused: `workspace_stopped:${stop.reason}` } : { token };
  }

  /**
   * A call of this workspace failed: a dead token stops it here at once and, through the store,
   * on every replica before its next call. An install (a new token) lifts it.
   */
  failed(teamId: string, slackCode: string, token: string | undefined): void {
    if (DEAD_TOKEN.has(slackCode) && token !== undefined) this.#stop(teamId, slackCode, token);
  }

  #stop(teamId: string, reason: string, token: string): void {
    const known = this.#of(teamId);
    const print = fingerprintOf(token);
    if (known.stopped?.token === print) return;
    known.stopped = { reason, token: print };
    this.#o.logger.warn(
      { team: teamId, reason },
      'workspace stopped: Slack refused its token; its alerts fail until it is installed again, the other workspaces go on',
    );
    this.#o.onStop?.(teamId, reason);
    void this.#o.store
      .stopWorkspace(teamId, reason, print, this.#o.clock())
      .catch((error: unknown) =>
        this.#o.logger.error({ err: error, team: teamId }, 'the stop could not be kept in the store'),
      );
  }

  /**
   * Installations of these workspaces changed here (an install, an uninstall, a revocation): this
   * replica reads them again at once, the others before their next call (the store's generation).
   */
  async changed(teamIds: readonly string[]): Promise<void> {
    for (const team of teamIds) this.#of(team).generation = undefined;
    await this.#o.store.workspacesChanged(teamIds, this.#o.clock());
  }

  /**
   * Slack said this workspace's fixed token is gone (app_uninstalled, tokens_revoked with
   * SLACK_BOT_TOKEN): stopped as a refused one is. An installed one is removed from the store instead.
   */
  lost(teamId: string, reason: string): void {
    const origin = this.#origins.get(teamId);
    if (origin && 'fixed' in origin) this.#stop(teamId, reason, origin.fixed);
  }

  #of(teamId: string): Known {
    let known = this.#known.get(teamId);
    if (!known) {
      known = { generation: undefined, token: undefined, state: undefined };
      this.#known.set(teamId, known);
    }
    return known;
  }
}
