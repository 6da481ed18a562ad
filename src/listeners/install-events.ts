import type { App } from '@slack/bolt';
import { z } from 'zod';
import type { Ports } from '../ports/index.js';
import type { Installations } from '../slack/installation-store.js';

/**
 * Slack telling Warden it lost access: `app_uninstalled` (the installation of that workspace, or
 * of the organisation, is removed), `tokens_revoked` (the installations whose bot token it names),
 * `team_access_revoked` (an org-wide install removed from some workspaces). What they name stops
 * at once (the workspaces' tokens are asked of the store again); the other workspaces go on.
 */

const Authorization = z.looseObject({
  enterprise_id: z.string().nullish(),
  team_id: z.string().nullish(),
  is_enterprise_install: z.boolean().nullish(),
});
const Envelope = z.looseObject({
  team_id: z.string().nullish(),
  enterprise_id: z.string().nullish(),
  authorizations: z.array(Authorization).nullish(),
  event: z.looseObject({
    type: z.string(),
    tokens: z.looseObject({ bot: z.array(z.string()).nullish() }).nullish(),
    team_ids: z.array(z.string()).nullish(),
  }),
});

function refOf(body: unknown) {
  const parsed = Envelope.safeParse(body);
  if (!parsed.success) return undefined;
  const b = parsed.data;
  const a = b.authorizations?.[0];
  return {
    enterpriseId: a?.enterprise_id ?? b.enterprise_id ?? undefined,
    teamId: a?.team_id ?? b.team_id ?? undefined,
    isEnterpriseInstall: a?.is_enterprise_install === true,
    event: b.event,
  };
}

/** The served workspaces' cached tokens (wiring/workspaces.ts): forgotten when installs change. */
interface ServedTokens {
  forget(): void;
}

export function registerInstallEvents(
  app: App,
  d: { set: ServedTokens; installations: Installations; ports: Pick<Ports, 'logger'> },
): void {
  const { logger } = d.ports;
  app.event('app_uninstalled', async ({ body }) => {
    const ref = refOf(body);
    if (!ref) return;
    const removed = await d.installations.uninstalled(ref);
    d.set.forget();
    logger.info(
      { team: ref.teamId ?? null, enterprise: ref.enterpriseId ?? null, removed },
      'app uninstalled',
    );
  });
  app.event('tokens_revoked', async ({ body }) => {
    const ref = refOf(body);
    if (!ref) return;
    const removed = await d.installations.botsRevoked(ref, ref.event.tokens?.bot ?? []);
    d.set.forget();
    logger.info(
      { team: ref.teamId ?? null, enterprise: ref.enterpriseId ?? null, removed },
      'tokens revoked',
    );
  });
  app.event('team_access_revoked', async ({ body }) => {
    const ref = refOf(body);
    const teams = ref?.event.team_ids ?? [];
    if (!ref?.enterpriseId || teams.length === 0) return;
    await d.installations.teamsRevoked(ref.enterpriseId, teams);
    d.set.forget();
    logger.info({ enterprise: ref.enterpriseId, teams }, 'org-wide install removed from workspaces');
  });
}
