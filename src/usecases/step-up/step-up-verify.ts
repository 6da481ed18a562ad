import { timingSafeEqual } from 'node:crypto';
import { STEP_UP_PAGE, type StepUpRefusal, stepUpPassedInSlack } from '../../blockkit/step-up-words.js';
import { SignInError, type StepUpRecord, type VerifiedSignIn } from '../../ports/step-up.js';
import { recordAudit } from '../shared/record-audit.js';
import { browserHash } from './step-up-link.js';
import { type BrowserAnswer, refuse, type VerifyPorts, whatOf } from './step-up-refuse.js';

/**
 * The provider's answer (once) is checked: first that it came back to the browser that claimed
 * the link (the hash of its cookie, compared in constant time), then the ID token (openid-client:
 * signature, issuer, audience, nonce, state, PKCE), then here that the sign-in is fresh
 * (`auth_time` after the link was claimed), as strong as configured (`acr`, `amr`), of an email
 * the provider verified, and the Slack person's own: the email is the one Slack shows for the
 * person the link was sent to, read from Slack now (not from a cache: the person may have been
 * deactivated or given another email since the click). Only then does the held action run
 * (usecases/step-up/step-up-resume.ts). Every refusal is audited, counted and told to the person
 * in Slack; nothing is sent to the tenant.
 */

export type { BrowserAnswer, VerifyPorts } from './step-up-refuse.js';

/** A sign-in may be this much older than the link's claim (the two clocks differ a little). */
const SKEW_SECONDS = 60;

/**
 * Emails compared as the identity provider and Slack both mean them: ASCII letters fold (mail
 * domains and most providers ignore their case), nothing else does. `toLowerCase()` would fold
 * Unicode too: U+212A KELVIN SIGN becomes "k", so `\u212Aim@…` would pass for `kim@…`.
 */
export const asciiFold = (email: string) => email.replace(/[A-Z]/g, (c) => c.toLowerCase());

/** Whether the browser brought the cookie whose hash the claim kept (constant time). */
function sameBrowser(record: StepUpRecord, secret: string | undefined): boolean {
  if (!record.browser || !secret) return false;
  const kept = Buffer.from(record.browser);
  const brought = Buffer.from(browserHash(secret));
  return kept.length === brought.length && timingSafeEqual(kept, brought);
}

/** Why a checked sign-in is not the fresh, strong sign-in of the Slack person the link was sent to. */
async function problemOf(
  p: VerifyPorts,
  record: StepUpRecord,
  signIn: VerifiedSignIn,
): Promise<StepUpRefusal | undefined> {
  const opened = Math.floor((record.startedAt ?? record.createdAt) / 1_000);
  if (signIn.authTime === undefined || signIn.authTime < opened - SKEW_SECONDS) return 'stale';
  if (signIn.authTime > Math.floor(p.clock() / 1_000) + SKEW_SECONDS) return 'stale';
  const { acr, amr, trustEmailWithoutVerified } = p.settings.stepUp ?? {};
  if (acr !== undefined && signIn.acr !== acr) return 'weak';
  if (amr !== undefined && !amr.some((m) => signIn.amr.includes(m))) return 'weak';
  const person = await p.people.fresh(record.userId).catch((error: unknown) => {
    p.logger.warn({ err: error, user: record.userId }, 'users.info failed; refusing the sign-in');
    return undefined;
  });
  if (person?.deleted) return 'deactivated';
  const slackEmail = person?.email;
  if (!slackEmail) return 'noEmail';
  if (!signIn.email) return 'mismatch';
  const verified =
    signIn.emailVerified === true ||
    (signIn.emailVerified === undefined && trustEmailWithoutVerified === true);
  if (!verified) return 'unverifiedEmail';
  return asciiFold(signIn.email) === asciiFold(slackEmail) ? undefined : 'mismatch';
}

export interface Verified {
  answer: BrowserAnswer;
  /** The verified record and when, for the held action to run (after the page is answered). */
  passed?: { record: StepUpRecord; at: number };
}

/**
 * GET /verify/callback — the provider's answer, taken once. `browserOf` is what this browser
 * brought for a link (its cookie's secret), asked once the answer's state names the link.
 */
export async function completeStepUp(
  p: VerifyPorts,
  callbackUrl: URL,
  browserOf: (linkId: string) => string | undefined,
  ref: string,
): Promise<Verified> {
  const state = callbackUrl.searchParams.get('state');
  if (!p.identity) return { answer: { page: STEP_UP_PAGE.refused('notConfigured'), status: 404 } };
  if (!state) return { answer: await refuse(p, undefined, 'unknown', ref) };
  const claim = await p.stepUps.claimStepUpCallback(state, p.clock());
  if (!claim.ok) return { answer: await refuse(p, claim.record, claim.why, ref, claim.settled === true) };
  const { record } = claim;
  let why: StepUpRefusal | undefined;
  if (!sameBrowser(record, browserOf(record.id))) {
    // Not exchanged at all: the code is someone's sign-in brought to a browser that did not ask.
    why = 'otherBrowser';
  } else {
    try {
      const signIn = await p.identity.finish(callbackUrl, {
        state,
        nonce: record.nonce ?? '',
        verifier: record.verifier ?? '',
      });
      why = await problemOf(p, record, signIn);
    } catch (error) {
      if (!(error instanceof SignInError)) throw error;
      p.logger.warn({ ref, failure: error.failure, detail: error.message }, 'sign-in not taken');
      why = error.failure;
    }
  }
  const now = p.clock();
  if (why) {
    await p.stepUps.settleStepUp(record.id, 'refused', now);
    return { answer: await refuse(p, record, why, ref, true) };
  }
  await p.stepUps.settleStepUp(record.id, 'passed', now);
  p.metrics.stepUps.inc({ action: record.key, outcome: 'passed', reason: '' });
  await recordAudit(p, {
    userId: record.userId,
    channel: record.channel,
    findingId: record.findingIds[0] ?? '',
    action: `stepUp.${record.key}`,
    params: { ref, step: 'passed', verifiedAt: new Date(now).toISOString() },
    outcome: 'ok',
  });
  await p.privately.tell(
    { channel: record.channel, user: record.userId },
    stepUpPassedInSlack(whatOf(record), now),
  );
  return { answer: { page: STEP_UP_PAGE.passed(), status: 200 }, passed: { record, at: now } };
}
