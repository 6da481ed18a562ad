import type { IncomingMessage, ServerResponse } from 'node:http';
import type { CodedError, ExpressReceiverOptions, Installation } from '@slack/bolt';
import { z } from 'zod';
import { INSTALL_PAGE } from '../blockkit/install-words.js';
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

const esc = (s: string) =>
  s.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );

/** The person's page: one sentence, escaped; never cached, no referrer leaves with the code. */
function page(res: ServerResponse, status: number, text: string): void {
  res.writeHead(status, {
    'content-type': 'text/html; charset=utf-8',
    'cache-control': 'no-store',
    'referrer-policy': 'no-referrer',
  });
  res.end(
    `<!doctype html><html><head><meta charset="utf-8"><title>${esc(INSTALL_PAGE.title)}</title></head>` +
      `<body><p>${esc(text)}</p></body></html>`,
  );
}

/** @slack/web-api's error for a Slack answer `ok: false`: Slack's code in `data.error`. */
const PlatformError = z.looseObject({ data: z.looseObject({ error: z.string() }) });

/**
 * Why an install did not complete, for the log, and what the admin is told. The admin's side of
 * it (a cancelled consent, a link used twice, a code Slack no longer accepts) is a 4xx with its
 * sentence; Slack out of reach is a 502; only what is left (the store, say) is a 500.
 */
export function installFailure(
  error: CodedError,
  req: IncomingMessage,
): { status: number; text: string; why: string } {
  const slackError = new URL(req.url ?? '/', 'http://warden.invalid').searchParams.get('error');
  if (slackError === 'access_denied') return { status: 400, text: INSTALL_PAGE.cancelled, why: 'cancelled' };
  if (slackError)
    return { status: 400, text: INSTALL_PAGE.refusedBySlack, why: `slack:${slackError.slice(0, 60)}` };
  if (/state|code/.test(error.code)) return { status: 400, text: INSTALL_PAGE.linkInvalid, why: error.code };
  // oauth.v2.access answered ok: false (invalid_code, bad_redirect_uri, code_already_used, …).
  if (error.code === 'slack_webapi_platform_error') {
    const refused = PlatformError.safeParse(error);
    const code = refused.success ? refused.data.data.error.slice(0, 60) : 'refused';
    return { status: 400, text: INSTALL_PAGE.exchangeRefused, why: `exchange:${code}` };
  }
  if (error.code === 'slack_webapi_request_error' || error.code === 'slack_webapi_http_error')
    return { status: 502, text: INSTALL_PAGE.slackUnreachable, why: error.code };
  return { status: 500, text: INSTALL_PAGE.failed, why: error.code };
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
      // The admin waits on the code exchange: a Slack out of reach is told in seconds, not after
      // @slack/web-api's default ten retries over half an hour.
      clientOptions: { slackApiUrl: w.apiUrl, timeout: 10_000, retryConfig: { retries: 1 } },
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
          page(res, 403, INSTALL_PAGE.notConfigured(i.isEnterpriseInstall === true));
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
        failure: (error, _options, req, res) => {
          // The reason is logged (never the code or state); the person gets one sentence.
          const failed = installFailure(error, req);
          logger.warn({ code: error.code, why: failed.why, status: failed.status }, 'install failed');
          page(res, failed.status, failed.text);
        },
      },
    },
  };
}
