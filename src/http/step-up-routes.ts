import type express from 'express';
import type { Request, Response } from 'express';
import { STEP_UP_PAGE } from '../blockkit/step-up-words.js';
import type { Ports } from '../ports/index.js';
import type { WorkQueue } from '../slack/work-queue.js';
import { resumeVerified } from '../usecases/step-up/step-up-resume.js';
import { type BrowserAnswer, completeStepUp, openStepUpLink } from '../usecases/step-up/step-up-verify.js';
import { REQUEST_ID_HEADER } from './request-context.js';

/**
 * Step-up verification's two browser routes: the link Warden sent the person
 * (GET /verify/:token, to the identity provider) and the provider's answer (GET /verify/callback).
 * Pages are plain sentences, escaped; nothing is cached and no referrer leaves with the token.
 * A passed verification's held action runs on the work queue after the page is answered.
 */

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

export function registerStepUpRoutes(http: express.Application, ports: Ports, work: WorkQueue): void {
  const linkBase = ports.settings.stepUp?.linkBase;
  if (!linkBase) return;
  const failed = (res: Response, error: unknown, ref: string) => {
    ports.logger.error({ err: error, ref }, 'step-up verification failed');
    answer(res, { page: STEP_UP_PAGE.unavailable, status: 500 });
  };
  // Registered before /verify/:token, which would take "callback" for a token.
  http.get('/verify/callback', async (req, res) => {
    const ref = refOf(req);
    // The URL as registered with the provider (Warden may be behind a proxy), with the answer's query.
    const url = new URL(`${linkBase}/verify/callback`);
    url.search = new URL(req.originalUrl, 'http://warden.invalid').search;
    try {
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
      answer(res, await openStepUpLink(ports, token, ref));
    } catch (error) {
      failed(res, error, ref);
    }
  });
}
