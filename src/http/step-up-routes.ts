import type express from 'express';
import type { Request, Response } from 'express';
import { STEP_UP_PAGE } from '../blockkit/step-up-words.js';
import type { Ports } from '../ports/index.js';
import type { StepUpRecord } from '../ports/step-up.js';
import type { WorkQueue } from '../slack/work-queue.js';
import { linkId } from '../usecases/shared/step-up.js';
import { claimStepUpLink, showStepUpLink } from '../usecases/step-up/step-up-link.js';
import { type BrowserAnswer, unknownLink } from '../usecases/step-up/step-up-refuse.js';
import { resumeVerified } from '../usecases/step-up/step-up-resume.js';
import { completeStepUp } from '../usecases/step-up/step-up-verify.js';
import { REQUEST_ID_HEADER } from './request-context.js';
import { browserSecret, type CookieSite, clearBrowserCookie, setBrowserCookie } from './step-up-cookie.js';

/**
 * Step-up verification's browser routes: the link Warden sent the person (GET /verify/{token}: a
 * page saying what it is for, with one button; HEAD too, as express answers it from GET: neither
 * spends the link), the button (POST /verify/{token}: the link claimed for this browser, to the
 * identity provider) and the provider's answer (GET /verify/callback: taken only with the cookie
 * the page set, http/step-up-cookie.ts). Pages are plain sentences, escaped; nothing is cached,
 * no page can be framed (the button cannot be clicked through another site), and no referrer
 * leaves with the token. A passed verification's held action runs on the work queue after the
 * page is answered. Each runs with the ports of the workspace the verification was asked in (kept
 * with it): the person is told, and a held workflow step ended, with that workspace's token.
 */

/** Where verifications are, and the ports of the workspace each was asked in. */
export interface StepUpWorkspaces {
  core: Pick<Ports, 'stepUps' | 'logger' | 'metrics'>;
  /** `/verify/…` links start here (WARDEN_PUBLIC_URL); no routes when step-up is off. */
  linkBase: string | undefined;
  /** The ports of the record's workspace (of the one workspace served when nothing names one). */
  portsOf(record: StepUpRecord | undefined): Promise<Ports | undefined>;
}

const esc = (s: string) =>
  s.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );

const TOKEN = /^[A-Za-z0-9_-]{20,100}$/;

function page(body: string): string {
  return (
    `<!doctype html><html><head><meta charset="utf-8"><title>${esc(STEP_UP_PAGE.title())}</title>` +
    '<meta name="viewport" content="width=device-width, initial-scale=1"></head>' +
    `<body>${body}</body></html>`
  );
}

function answer(res: Response, a: BrowserAnswer, token?: string): void {
  res.setHeader('cache-control', 'no-store');
  res.setHeader('referrer-policy', 'no-referrer');
  res.setHeader('x-frame-options', 'DENY');
  // No script, nothing fetched; the form posts to this page (form-action is left out: browsers
  // apply it to the redirect to the provider that follows the post).
  res.setHeader(
    'content-security-policy',
    "default-src 'none'; frame-ancestors 'none'; base-uri 'none'; style-src 'unsafe-inline'",
  );
  if ('redirect' in a) return void res.redirect(303, a.redirect);
  if ('confirm' in a) {
    const [ask = '', warning = ''] = STEP_UP_PAGE.confirm(a.confirm);
    const form =
      `<form method="post" action="/verify/${esc(token ?? '')}">` +
      `<button type="submit">${esc(STEP_UP_PAGE.button())}</button></form>`;
    return void res
      .status(200)
      .type('html')
      .send(page(`<p>${esc(ask)}</p><p>${esc(warning)}</p>${form}`));
  }
  res
    .status(a.status)
    .type('html')
    .send(page(`<p>${esc(a.page)}</p>`));
}

const refOf = (req: Request) => String(req.headers[REQUEST_ID_HEADER] ?? '');

/**
 * A POST another site's page sent (a form auto-submitted elsewhere): browsers say so in `Origin`
 * and `Sec-Fetch-Site`. The SameSite cookie already stays behind on such a post; this says why.
 */
function fromElsewhere(req: Request, own: string): boolean {
  const origin = req.headers.origin;
  // "null": what a browser sends from a page with Referrer-Policy no-referrer (ours): no evidence.
  if (origin !== undefined && origin !== 'null' && origin !== own) return true;
  return req.headers['sec-fetch-site'] === 'cross-site';
}

export function registerStepUpRoutes(http: express.Application, w: StepUpWorkspaces, work: WorkQueue): void {
  const { linkBase, core } = w;
  if (!linkBase) return;
  const own = new URL(linkBase).origin;
  const site: CookieSite = { secure: new URL(linkBase).protocol === 'https:' };
  const failed = (res: Response, error: unknown, ref: string) => {
    core.logger.error({ err: error, ref }, 'step-up verification failed');
    answer(res, { page: STEP_UP_PAGE.unavailable(), status: 500 });
  };
  // The workspace it was asked in; a verification of no workspace served is refused as unknown.
  const portsOf = async (by: { id: string } | { state: string }) =>
    w.portsOf(await core.stepUps.findStepUp(by));
  // Registered before /verify/:token, which would take "callback" for a token.
  http.get('/verify/callback', async (req, res) => {
    const ref = refOf(req);
    // The URL as registered with the provider (Warden may be behind a proxy), with the answer's query.
    const url = new URL(`${linkBase}/verify/callback`);
    url.search = new URL(req.originalUrl, 'http://warden.invalid').search;
    let link: string | undefined;
    try {
      const ports = await portsOf({ state: url.searchParams.get('state') ?? '' });
      if (!ports) return answer(res, unknownLink(core, ref));
      const { answer: a, passed } = await completeStepUp(
        ports,
        url,
        (id) => {
          link = id;
          return browserSecret(req, id, site);
        },
        ref,
      );
      if (link) clearBrowserCookie(res, link, site);
      answer(res, a);
      if (passed)
        void work
          .run(() => resumeVerified(ports, passed.record, passed.at))
          .catch((error: unknown) => ports.logger.error({ err: error, ref }, 'verified action failed'));
    } catch (error) {
      failed(res, error, ref);
    }
  });
  http.get('/verify/:token', async (req, res) => {
    const ref = refOf(req);
    const token = req.params.token ?? '';
    if (!TOKEN.test(token)) return answer(res, { page: STEP_UP_PAGE.refused('unknown'), status: 404 });
    try {
      const ports = await portsOf({ id: linkId(token) });
      if (!ports) return answer(res, unknownLink(core, ref));
      const a = await showStepUpLink(ports, token, ref);
      if ('confirm' in a) setBrowserCookie(res, linkId(token), site, a.expiresInSeconds);
      answer(res, a, token);
    } catch (error) {
      failed(res, error, ref);
    }
  });
  http.post('/verify/:token', async (req, res) => {
    const ref = refOf(req);
    const token = req.params.token ?? '';
    if (!TOKEN.test(token)) return answer(res, { page: STEP_UP_PAGE.refused('unknown'), status: 404 });
    // The body (the form has no fields) is not read: nothing in it is needed or trusted.
    const secret = fromElsewhere(req, own) ? undefined : browserSecret(req, linkId(token), site);
    try {
      const ports = await portsOf({ id: linkId(token) });
      answer(res, ports ? await claimStepUpLink(ports, token, secret, ref) : unknownLink(core, ref));
    } catch (error) {
      failed(res, error, ref);
    }
  });
}
