import type { WebClientOptions } from '@slack/web-api';
import type { Config, OAuthConfig } from '../config.js';
import { type WorkspaceEntry, WorkspaceMap } from '../domain/workspaces.js';
import { StartupError } from '../errors.js';
import type { InstallEvents } from '../listeners/install-events.js';
import { checkSlackToken, type SlackIdentity } from '../slack/auth-check.js';
import { Installations, orgKey } from '../slack/installation-store.js';
import type { TokenSource } from '../slack/metered-web-client.js';
import { TokenCipher, TokenKeyError } from '../slack/token-cipher.js';
import { createTokenRefresh } from '../slack/token-refresh.js';
import { WorkspaceTokens } from '../slack/workspace-tokens.js';
import { createInstanceLease, type InstanceLease } from '../store/instance-lease.js';
import { oauthReceiverOptions } from './oauth.js';
import { buildPorts, type PortsInput } from './ports.js';
import type { BoltAuth } from './slack-app.js';
import { type SlackWorkspace, WorkspaceSet } from './workspace-set.js';

/**
 * Where the workspaces come from, and nothing else differs: one workspace of SLACK_BOT_TOKEN
 * (checked with auth.test before anything listens) is a set of one built at start; OAuth fills the
 * same set from WARDEN_CONFIG `workspaces`, each with its installation's token from the store.
 */

export type SourceInput = Omit<PortsInput, 'workspace' | 'lease'>;

export interface OpenedWorkspaces {
  set: WorkspaceSet;
  /** How Bolt authorizes requests. */
  bolt: BoltAuth;
  /** What Slack's install events change (listeners/install-events.ts). */
  installs: InstallEvents;
  /** This process's lease in the store (one whatever the number of workspaces). */
  lease: InstanceLease;
}

export interface SlackSource {
  open(input: SourceInput): Promise<OpenedWorkspaces>;
}

/** The set-up the configuration describes; a bot token Slack refuses, or a Slack out of reach, stops the start. */
export async function slackSource(
  config: Readonly<Config>,
  clientOptions: WebClientOptions,
): Promise<SlackSource> {
  if (config.slack.oauth) return oauthSource(config.slack.oauth);
  const identity = await checkSlackToken({
    token: config.slack.botToken.reveal(),
    apiUrl: config.slack.apiUrl,
    teamId: config.slack.teamId,
    clientOptions: {
      slackApiUrl: config.slack.apiUrl,
      ...(clientOptions.logger ? { logger: clientOptions.logger } : {}),
    },
  });
  if (!identity.ok) throw new StartupError(identity.problem);
  return botTokenSource(config.slack, identity);
}

/** Opens the set: its token book, its map, and one member per workspace. */
function openSet(input: SourceInput, entries: readonly WorkspaceEntry[]) {
  const { file, store, logger, clock, metrics } = input;
  const routes = file.routing.rules.flatMap((r) => ('channel' in r ? [r] : []));
  const map = new WorkspaceMap(entries, routes);
  const tokens = new WorkspaceTokens({
    store,
    logger,
    clock,
    onStop: (_team, reason) => metrics.workspaceStops.inc({ reason }),
  });
  const set = new WorkspaceSet({ map, tokens, channels: store, logger, clock, unrouted: metrics.unrouted });
  const lease = createInstanceLease(store, input.config.store.instanceLeaseMs);
  const servedTeams = entries.map((e) => e.team);
  const add = (w: Omit<SlackWorkspace, 'servedTeams' | 'onError' | 'route'>, token: TokenSource) => {
    const built = buildPorts({
      ...input,
      lease,
      workspace: {
        ...w,
        servedTeams,
        onError: (_method, code, used) => tokens.failed(w.teamId, code, used),
        route: set,
      },
    });
    set.add({ teamId: w.teamId, enterpriseId: w.enterpriseId, token, ...built });
  };
  return { set, tokens, lease, add };
}

function botTokenSource(
  slack: Config['slack'] & { oauth?: undefined },
  identity: SlackIdentity,
): SlackSource {
  const team = slack.teamId;
  const token = slack.botToken.reveal();
  return {
    async open(input) {
      const entry = { team, enterprise: slack.enterpriseId, channels: [], botToken: true };
      const { set, tokens, lease, add } = openSet(input, [entry]);
      // Home tabs opened before workspaces were kept by id were kept under ''. A store that does
      // not take writes now (an outage, a read-only file) is no reason not to start: next start.
      await input.store
        .adoptHomeViews(team)
        .catch((error: unknown) =>
          input.logger.warn({ err: error }, 'Home tabs opened before this version not adopted yet'),
        );
      const source = tokens.source(team, { fixed: token });
      add(
        {
          teamId: team,
          enterpriseId: slack.enterpriseId,
          token: source,
          url: identity.url,
          name: identity.team,
        },
        source,
      );
      const ours = (ref: { teamId: string | undefined }) => ref.teamId === team;
      const installs: InstallEvents = {
        async uninstalled(ref) {
          if (!ours(ref)) return [];
          tokens.lost(team, 'app_uninstalled');
          return [team];
        },
        async botsRevoked(ref, bots) {
          if (!ours(ref) || !bots.includes(identity.botUserId)) return [];
          tokens.lost(team, 'tokens_revoked');
          return [team];
        },
        teamsRevoked: async () => [],
      };
      const bolt = { token, botId: identity.botId, botUserId: identity.botUserId };
      return { set, bolt, installs, lease };
    },
  };
}

function oauthSource(oauth: OAuthConfig): SlackSource {
  return {
    async open(input) {
      const { config, file, store, clock, logger } = input;
      const installations = new Installations(
        store,
        new TokenCipher(oauth.tokenKey, oauth.previousTokenKey),
        clock,
        {
          logger,
          sleep: input.timers.sleep,
          refresh: createTokenRefresh({ ...oauth, apiUrl: config.slack.apiUrl }),
        },
      );
      try {
        const { installations: n, resealed } = await installations.resealAll();
        logger.info({ installations: n, resealed }, 'installations read');
      } catch (error) {
        if (error instanceof TokenKeyError) throw new StartupError(error.message);
        throw error;
      }
      if (file.workspaces.length === 0)
        throw new StartupError(
          'WARDEN_CONFIG workspaces: name at least one workspace when installed by OAuth',
        );
      const { set, tokens, lease, add } = openSet(input, file.workspaces);
      for (const entry of file.workspaces) {
        const installed = (ref: Parameters<Installations['access']>[0]) => installations.access(ref);
        const source = tokens.source(entry.team, { installed, enterpriseId: entry.enterprise });
        add(
          {
            teamId: entry.team,
            enterpriseId: entry.enterprise,
            token: source,
            permissions: entry.permissions,
            adminChannel: entry.adminChannel,
          },
          source,
        );
      }
      // An installation kept or removed changes which token serves which workspace: every replica reads again.
      const teamsOf = (keys: readonly string[]) =>
        set.map.entries
          .filter(
            (w) => keys.includes(`team:${w.team}`) || (w.enterprise && keys.includes(orgKey(w.enterprise))),
          )
          .map((w) => w.team);
      const installs: InstallEvents = {
        uninstalled: async (ref) => teamsOf(await installations.uninstalled(ref)),
        botsRevoked: async (ref, bots) => teamsOf(await installations.botsRevoked(ref, bots)),
        async teamsRevoked(enterpriseId, teams) {
          await installations.teamsRevoked(enterpriseId, teams);
          return [...teams];
        },
      };
      const installer = oauthReceiverOptions({
        oauth,
        apiUrl: config.slack.apiUrl,
        publicUrl: config.http.publicUrl,
        installations,
        replays: store,
        clock,
        map: set.map,
        logger,
        installed: () => {
          void tokens
            .changed(set.teams)
            .catch((error: unknown) =>
              logger.error({ err: error }, 'an install could not be told to the replicas'),
            );
        },
      });
      return { set, bolt: { installer }, installs, lease };
    },
  };
}
