import type { ServerResponse } from 'node:http';
import type { ExpressReceiverOptions, Installation } from '@slack/bolt';
import type { OAuthConfig } from '../config.js';
import type { WorkspaceMap } from '../domain/workspaces.js';
import type { Logger } from '../logger.js';
import type { Clock } from '../ports/index.js';
import type { ReplayMemory } from '../ports/store.js';
import type { Installations } from '../slack/installation-store.js';
import { oauthStateStore } from '../slack/oauth-state.js';

/**
 * Bolt's own installer (InstallProvider, through the receiver's OAuth options): GET
 * /slack/install sends the admin to Slack with a signed, one-use state; /slack/oauth_redirect
 * exchanges the code (oauth.v2.access) and keeps the installation, encrypted, in the store. An
 * install for a workspace or organisation WARDEN_CONFIG does not name is not kept. After an
 * org-wide install the admin is sent to the page where the app is added to workspaces.
 */

export interface OAuthWiring {
  oauth: OAuthConfig;
  apiUrl: string;
  publicUrl: string | undefined;
  installations: Installations;
  replays: ReplayMemory;
  clock: Clock;
  map: WorkspaceMap;
  logger: Logger;
  /** An installation was kept: the workspaces ask the store for their tokens again. */
  installed: () => void;
}

/** Slack's authorize page, on the same host as the Web API (the local Slack's, in tests). */
export function authorizationUrl(apiUrl: string): string {
  return new URL('/oauth/v2/authorize', new URL(apiUrl).origin).toString();
}

function page(res: ServerResponse, status: number, text: string): void {
  res.writeHead(status, { 'content-type': 'text/plain; charset=utf-8' });
  res.end(text);
}

/** Slack's documented landing after an org-wide install: add the app to the org's workspaces. */
export function addWorkspacesUrl(i: Installation): string {
  return `${i.enterpriseUrl ?? 'https://app.slack.com/'}manage/organization/apps/profile/${i.appId ?? ''}/workspaces/add`;
}

/**
 * Slack's documented deep link after a workspace install: the app in that workspace
 * (`https://slack.com/app_redirect?app=…&team=…`, on the Web API's host: the local Slack's in tests).
 */
export function appRedirectUrl(apiUrl: string, i: Installation): string {
  const to = new URL('/app_redirect', new URL(apiUrl).origin);
  to.searchParams.set('app', i.appId ?? '');
  to.searchParams.set('team', i.team?.id ?? '');
  return to.toString();
}

export function oauthReceiverOptions(w: OAuthWiring): Partial<ExpressReceiverOptions> {
  const { oauth, logger } = w;
  return {
    clientId: oauth.clientId,
    clientSecret: oauth.clientSecret.reveal(),
    scopes: [...oauth.scopes],
    installationStore: w.installations,
    ...(w.publicUrl ? { redirectUri: `${w.publicUrl}/slack/oauth_redirect` } : {}),
    installerOptions: {
      directInstall: true,
      stateStore: oauthStateStore(oauth.stateSecret, w.replays, w.clock),
      authorizationUrl: authorizationUrl(w.apiUrl),
      clientOptions: { slackApiUrl: w.apiUrl },
      ...(w.publicUrl ? { redirectUriPath: '/slack/oauth_redirect' } : {}),
      callbackOptions: {
        afterInstallation: async (i, _options, _req, res) => {
          const refused = w.map.refusesInstall({
            enterpriseId: i.enterprise?.id,
            teamId: i.team?.id,
            orgWide: i.isEnterpriseInstall === true,
          });
          if (!refused) return true;
          logger.warn(
            { team: i.team?.id ?? null, enterprise: i.enterprise?.id ?? null, why: refused },
            'install refused: not in WARDEN_CONFIG workspaces',
          );
          page(
            res,
            403,
            `Warden is not configured for this ${i.isEnterpriseInstall ? 'organisation' : 'workspace'}: ask your Warden operator to add it to WARDEN_CONFIG workspaces.`,
          );
          return false;
        },
        success: (i, _options, _req, res) => {
          logger.info(
            {
              team: i.team?.id ?? null,
              enterprise: i.enterprise?.id ?? null,
              orgWide: i.isEnterpriseInstall === true,
            },
            'installed',
          );
          w.installed();
          const to = i.isEnterpriseInstall ? addWorkspacesUrl(i) : appRedirectUrl(w.apiUrl, i);
          res.writeHead(302, { location: to });
          res.end();
        },
        failure: (error, _options, _req, res) => {
          // The reason is logged (never the code or state); the person gets one sentence.
          logger.warn({ code: error.code, why: error.message.slice(0, 120) }, 'install failed');
          const bad = /state|code/.test(error.code);
          page(
            res,
            bad ? 400 : 500,
            bad
              ? 'This install link is not valid (expired or already used): start again from /slack/install.'
              : 'The install did not complete: try again.',
          );
        },
      },
    },
  };
}
