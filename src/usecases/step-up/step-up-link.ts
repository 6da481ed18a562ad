import { createHash } from 'node:crypto';
import { STEP_UP_PAGE } from '../../blockkit/step-up-words.js';
import type { StepUpClaim } from '../../ports/step-up.js';
import { linkId } from '../shared/step-up.js';
import { type BrowserAnswer, refuse, refusedPage, type VerifyPorts, whatOf } from './step-up-refuse.js';

/**
 * The link the person was sent, in their browser. Looking at it (GET, and so HEAD: a link checker,
 * a preview fetcher, a mail scanner) spends nothing: it shows what the link is for and one button.
 * Only that button's POST claims the link, once, and sends the browser to the identity provider;
 * the claim keeps a hash of the cookie Warden's page set in that browser, and the provider's
 * answer is taken only from a browser that brings it (step-up-verify.ts; RFC 9700 §4.7). The
 * cookie itself is the HTTP route's (http/step-up-routes.ts): here it is a secret the browser holds.
 */

/** How a browser's secret is kept: only its hash is in the store. */
export const browserHash = (secret: string) => createHash('sha256').update(secret).digest('base64url');

/**
 * A link that cannot be used, looked at: the page says why. Only an expired one still open, which
 * this look settled, is told (audited, in Slack, a held step failed), once, as the sweep or a
 * claim would; a used or unknown one is not told again for each look.
 */
function deadLink(p: VerifyPorts, look: Extract<StepUpClaim, { ok: false }>, ref: string) {
  if (look.why === 'expired' && look.settled) return refuse(p, look.record, 'expired', ref, true);
  return refusedPage(look.why);
}

/** GET /verify/:token — the link looked at: its page and button, or why it cannot be used. */
export async function showStepUpLink(p: VerifyPorts, token: string, ref: string): Promise<BrowserAnswer> {
  if (!p.identity) return refusedPage('notConfigured');
  const look = await p.stepUps.peekStepUp(linkId(token), p.clock());
  if (look.ok) {
    const expiresInSeconds = Math.ceil((look.record.expiresAt - p.clock()) / 1_000);
    return { confirm: whatOf(look.record, true), status: 200, expiresInSeconds };
  }
  return deadLink(p, look, ref);
}

/**
 * POST /verify/:token — the button pressed: the link claimed for this browser and the browser
 * sent to the provider. `browser` is the secret the page's cookie holds: without it (a form
 * posted from elsewhere, cookies refused) nothing is claimed and the link still works.
 */
export async function claimStepUpLink(
  p: VerifyPorts,
  token: string,
  browser: string | undefined,
  ref: string,
): Promise<BrowserAnswer> {
  if (!p.identity) return refusedPage('notConfigured');
  if (!browser) {
    // A link already spent says so (its answer cleared the cookie); a live one is left as it is.
    const look = await p.stepUps.peekStepUp(linkId(token), p.clock());
    if (!look.ok) return deadLink(p, look, ref);
    p.logger.warn({ ref }, 'step-up link pressed without its page’s cookie: nothing claimed');
    return { page: STEP_UP_PAGE.noCookie(), status: 403 };
  }
  let begun: Awaited<ReturnType<NonNullable<VerifyPorts['identity']>['begin']>>;
  try {
    begun = await p.identity.begin();
  } catch (error) {
    // The link is not spent: the person can try it again once the provider answers.
    p.logger.error({ err: error, ref }, 'identity provider unreachable');
    return { page: STEP_UP_PAGE.unavailable(), status: 503 };
  }
  const claim = await p.stepUps.startStepUp(linkId(token), p.clock(), begun.checks, browserHash(browser));
  if (!claim.ok) return refuse(p, claim.record, claim.why, ref, claim.settled === true);
  return { redirect: begun.url };
}
