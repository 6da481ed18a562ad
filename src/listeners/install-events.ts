import type { App } from '@slack/bolt';
import { z } from 'zod';
import type { Ports } from '../ports/index.js';

/**
 * Slack telling Warden it lost access: `app_uninstalled` (the installation of that workspace, or
 * of the organisation, is removed), `tokens_revoked` (the installations whose bot token it names),
 * `team_access_revoked` (an org-wide install removed from some workspaces: an organisation's
 * event, with no workspace on its envelope). What they name stops at once on this replica and,
 * through the store, on every other before its next call to Slack; the other workspaces go on.
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

/** Who an event is for, as Slack names it. */
export interface EventRef {
  enterpriseId: string | undefined;
  teamId: string | undefined;
  isEnterpriseInstall?: boolean | undefined;
}

/** What these events change where the tokens come from (wiring/workspace-sources.ts); each answers the workspaces it stopped. */
export interface InstallEvents {
  uninstalled(ref: EventRef): Promise<string[]>;
  botsRevoked(ref: EventRef, botUserIds: readonly string[]): Promise<string[]>;
  teamsRevoked(enterpriseId: string, teamIds: readonly string[]): Promise<string[]>;
}

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

export function registerInstallEvents(
  app: App,
  d: {
    installs: InstallEvents;
    /** Every replica reads these workspaces' tokens again before its next call (slack/workspace-tokens.ts). */
    changed(teamIds: readonly string[]): Promise<void>;
    core: Pick<Ports, 'logger'>;
  },
): void {
  const { logger } = d.core;
  app.event('app_uninstalled', async ({ body }) => {
    const ref = refOf(body);
    if (!ref) return;
    const stopped = await d.installs.uninstalled(ref);
    await d.changed(stopped);
    logger.info(
      { team: ref.teamId ?? null, enterprise: ref.enterpriseId ?? null, stopped },
      'app uninstalled',
    );
  });
  app.event('tokens_revoked', async ({ body }) => {
    const ref = refOf(body);
    if (!ref) return;
    const stopped = await d.installs.botsRevoked(ref, ref.event.tokens?.bot ?? []);
    await d.changed(stopped);
    logger.info(
      { team: ref.teamId ?? null, enterprise: ref.enterpriseId ?? null, stopped },
      'tokens revoked',
    );
  });
  app.event('team_access_revoked', async ({ body }) => {
    const ref = refOf(body);
    const teams = ref?.event.team_ids ?? [];
    if (!ref?.enterpriseId || teams.length === 0) return;
    const stopped = await d.installs.teamsRevoked(ref.enterpriseId, teams);
    await d.changed(stopped);
    logger.info({ enterprise: ref.enterpriseId, teams }, 'org-wide install removed from workspaces');
  });
}
