import type express from 'express';
import type { Request, Response } from 'express';
import { STEP_UP_PAGE } from '../blockkit/step-up-words.js';
import type { Ports } from '../ports/index.js';
import type { StepUpRecord } from '../ports/step-up.js';
import type { WorkQueue } from '../slack/work-queue.js';
import { linkId } from '../usecases/shared/step-up.js';
import { resumeVerified } from '../usecases/step-up/step-up-resume.js';
import {
  type BrowserAnswer,
  completeStepUp,
  openStepUpLink,
  unknownLink,
} from '../usecases/step-up/step-up-verify.js';
import { REQUEST_ID_HEADER } from './request-context.js';

/**
 * Step-up verification's two browser routes: the link Warden sent the person
 * (GET /verify/:token, to the identity provider) and the provider's answer (GET /verify/callback).
 * Pages are plain sentences, escaped; nothing is cached and no referrer leaves with the token.
 * A passed verification's held action runs on the work queue after the page is answered. Each
 * runs with the ports of the workspace the verification was asked in (kept with it): the person
 * is told, and a held workflow step ended, with that workspace's token.
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

function answer(res: Response, a: BrowserAnswer): void {
  res.setHeader('cache-control', 'no-store');
  res.setHeader('referrer-policy', 'no-referrer');
  if ('redirect' in a) return void res.redirect(302, a.redirect);
  res
    .status(a.status)
    .type('html')
    .send(
      `<!doctype html><html><head><meta charset="utf-8"><title>${esc(STEP_UP_PAGE.title)}</title></head>` +
        `<body><p>${esc(a.page)}</p></body></html>`,
    );
}

const refOf = (req: Request) => String(req.headers[REQUEST_ID_HEADER] ?? '');

export function registerStepUpRoutes(http: express.Application, w: StepUpWorkspaces, work: WorkQueue): void {
  const { linkBase, core } = w;
  if (!linkBase) return;
  const failed = (res: Response, error: unknown, ref: string) => {
    core.logger.error({ err: error, ref }, 'step-up verification failed');
    answer(res, { page: STEP_UP_PAGE.unavailable, status: 500 });
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
    try {
      const ports = await portsOf({ state: url.searchParams.get('state') ?? '' });
      if (!ports) return answer(res, unknownLink(core, ref));
      const { answer: a, passed } = await completeStepUp(ports, url, ref);
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
    if (!/^[A-Za-z0-9_-]{20,100}$/.test(token))
      return answer(res, { page: STEP_UP_PAGE.refused('unknown'), status: 404 });
    try {
      const ports = await portsOf({ id: linkId(token) });
      answer(res, ports ? await openStepUpLink(ports, token, ref) : unknownLink(core, ref));
    } catch (error) {
      failed(res, error, ref);
    }
  });
}
