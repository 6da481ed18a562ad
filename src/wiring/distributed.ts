import type { OAuthConfig } from '../config.js';
import { WorkspaceMap } from '../domain/workspaces.js';
import { StartupError } from '../errors.js';
import type { Ports } from '../ports/index.js';
import { Installations } from '../slack/installation-store.js';
import { TokenCipher, TokenKeyError } from '../slack/token-cipher.js';
import { createTokenRefresh } from '../slack/token-refresh.js';
import type { HomeRefresher } from '../usecases/lifecycle/home-refresh.js';
import { oauthReceiverOptions } from './oauth.js';
import { buildPorts, type DeliveryPorts, type PortsInput } from './ports.js';
import { everyHome, routedDelivery, routedPorts, type Served, WorkspaceSet } from './workspaces.js';

/**
 * Installed by OAuth: every installation in the store read once at start (a key Warden was not
 * given stops it, exit 2; what the previous key sealed is sealed again), then one set of ports
 * per workspace WARDEN_CONFIG names, each with its own token, permissions and pacing keys.
 * Lifecycle jobs and digests post with the token of their channel's workspace; a Home tab is
 * refreshed in each workspace where its person opened it.
 */
export async function openDistributed(
  input: Omit<PortsInput, 'workspace'>,
  oauth: OAuthConfig,
): Promise<{
  primary: ReturnType<typeof buildPorts>;
  delivery: DeliveryPorts;
  /** Lifecycle jobs and digests: each message with its channel's workspace's token. */
  background: Ports;
  /** Every workspace's Home refresher. */
  homes: HomeRefresher;
  set: WorkspaceSet;
  installations: Installations;
  receiver: ReturnType<typeof oauthReceiverOptions>;
}> {
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
  const routes = file.routing.rules.flatMap((r) => ('channel' in r ? [r] : []));
  const map = new WorkspaceMap(file.workspaces, routes);
  if (map.entries.length === 0)
    throw new StartupError('WARDEN_CONFIG workspaces: name at least one workspace when installed by OAuth');
  const set = new WorkspaceSet(map, installations, logger, clock);
  let primary: ReturnType<typeof buildPorts> | undefined;
  for (const entry of file.workspaces) {
    const built = buildPorts({
      ...input,
      ...(primary ? { lease: primary.lease } : {}),
      workspace: {
        token: set.tokenSource(entry.team),
        teamId: entry.team,
        enterpriseId: entry.enterprise,
        paceKey: entry.team,
        permissions: entry.permissions,
        adminChannel: entry.adminChannel,
        servedTeams: file.workspaces.map((w) => w.team),
        onError: (_method, code) => set.failed(entry.team, code),
      },
    });
    primary ??= built;
    set.add(entry.team, { ports: built.ports, delivery: built.delivery, home: built.home });
  }
  if (!primary) throw new StartupError('no workspace to serve');
  const first: Served = { ports: primary.ports, delivery: primary.delivery, home: primary.home };
  const receiver = oauthReceiverOptions({
    oauth,
    apiUrl: config.slack.apiUrl,
    publicUrl: config.http.publicUrl,
    installations,
    replays: store,
    clock,
    map,
    logger,
    installed: () => set.forget(),
  });
  return {
    primary,
    delivery: routedDelivery(set, first),
    background: routedPorts(set, first),
    homes: everyHome(set),
    set,
    installations,
    receiver,
  };
}
