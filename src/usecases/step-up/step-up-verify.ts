import {
  STEP_UP_PAGE,
  type StepUpRefusal,
  stepUpPassedInSlack,
  stepUpRefusedInSlack,
  stepUpWhat,
} from '../../blockkit/step-up-words.js';
import type { Ports } from '../../ports/index.js';
import { SignInError, type StepUpRecord, type VerifiedSignIn } from '../../ports/step-up.js';
import { recordAudit } from '../shared/record-audit.js';
import { linkId } from '../shared/step-up.js';
import { failHeldStep } from '../workflow-steps/workflow-step-up.js';

/**
 * The two steps of a verification in the person's browser. Opening the link (once) sends them to
 * the identity provider for a forced fresh sign-in; the provider's answer (once) is checked: the
 * ID token (openid-client: issuer, audience, nonce, state, PKCE), then here that the sign-in is
 * fresh (`auth_time` after the link was opened), as strong as configured (`acr`, `amr`) and the
 * Slack person's own (the verified email is the one Slack shows for the person the link was sent
 * to). Only then does the held action run (usecases/step-up/step-up-resume.ts). Every refusal is
 * audited, counted and told to the person in Slack; nothing is sent to the tenant.
 */

export type VerifyPorts = Pick<
  Ports,
  | 'stepUps'
  | 'identity'
  | 'people'
  | 'privately'
  | 'settings'
  | 'clock'
  | 'audit'
  | 'logger'
  | 'metrics'
  | 'steps'
>;

/** What the browser is answered: a redirect to the provider, or a page saying what happened. */
export type BrowserAnswer = { redirect: string } | { page: string; status: number };

/** A sign-in may be this much older than the link's opening (the two clocks differ a little). */
const SKEW_SECONDS = 60;

const whatOf = (r: StepUpRecord) => {
  const intent = r.intent as { what?: unknown };
  return typeof intent.what === 'string' ? intent.what : stepUpWhat(r.key, r.findingIds);
};

async function refuse(
  p: VerifyPorts,
  record: StepUpRecord | undefined,
  why: StepUpRefusal,
  ref: string,
  /** This refusal settled the held action (not a link already used): a held step is failed. */
  settled = false,
): Promise<BrowserAnswer> {
  p.metrics.stepUps.inc({ action: record?.key ?? 'unknown', outcome: 'refused', reason: why });
  p.logger.warn({ ref, user: record?.userId, action: record?.key, why }, 'step-up verification refused');
  if (record) {
    await recordAudit(p, {
      userId: record.userId,
      channel: record.channel,
      findingId: record.findingIds[0] ?? '',
      action: `stepUp.${record.key}`,
      params: { ref, step: 'refused', why },
      outcome: 'refused',
    });
    await p.privately.tell(
      { channel: record.channel, user: record.userId },
      stepUpRefusedInSlack(whatOf(record), why),
    );
    if (settled) await failHeldStep(p, record, why);
  }
  return { page: STEP_UP_PAGE.refused(why), status: 403 };
}

/** A link or an answer of no verification Warden knows (or of no workspace it serves now). */
export function unknownLink(p: Pick<VerifyPorts, 'metrics' | 'logger'>, ref: string): BrowserAnswer {
  p.metrics.stepUps.inc({ action: 'unknown', outcome: 'refused', reason: 'unknown' });
  p.logger.warn({ ref, why: 'unknown' }, 'step-up verification refused');
  return { page: STEP_UP_PAGE.refused('unknown'), status: 403 };
}

/** GET /verify/:token — the link opened: to the provider, once. */
export async function openStepUpLink(p: VerifyPorts, token: string, ref: string): Promise<BrowserAnswer> {
  if (!p.identity) return { page: STEP_UP_PAGE.refused('notConfigured'), status: 404 };
  let begun: Awaited<ReturnType<NonNullable<VerifyPorts['identity']>['begin']>>;
  try {
    begun = await p.identity.begin();
  } catch (error) {
    // The link is not spent: the person can try it again once the provider answers.
    p.logger.error({ err: error, ref }, 'identity provider unreachable');
    return { page: STEP_UP_PAGE.unavailable, status: 503 };
  }
  const claim = await p.stepUps.startStepUp(linkId(token), p.clock(), begun.checks);
  if (!claim.ok) return refuse(p, claim.record, claim.why, ref, claim.settled === true);
  return { redirect: begun.url };
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
  const { acr, amr } = p.settings.stepUp ?? {};
  if (acr !== undefined && signIn.acr !== acr) return 'weak';
  if (amr !== undefined && !amr.some((m) => signIn.amr.includes(m))) return 'weak';
  const slackEmail = await p.people.get(record.userId).then(
    (person) => person.email,
    () => undefined,
  );
  if (!slackEmail) return 'noEmail';
  if (signIn.emailVerified === false || !signIn.email) return 'mismatch';
  return signIn.email.trim().toLowerCase() === slackEmail.trim().toLowerCase() ? undefined : 'mismatch';
}

export interface Verified {
  answer: BrowserAnswer;
  /** The verified record and when, for the held action to run (after the page is answered). */
  passed?: { record: StepUpRecord; at: number };
}

/** GET /verify/callback — the provider's answer, taken once. */
export async function completeStepUp(p: VerifyPorts, callbackUrl: URL, ref: string): Promise<Verified> {
  const state = callbackUrl.searchParams.get('state');
  if (!p.identity) return { answer: { page: STEP_UP_PAGE.refused('notConfigured'), status: 404 } };
  if (!state) return { answer: await refuse(p, undefined, 'unknown', ref) };
  const claim = await p.stepUps.claimStepUpCallback(state, p.clock());
  if (!claim.ok) return { answer: await refuse(p, claim.record, claim.why, ref, claim.settled === true) };
  const { record } = claim;
  let why: StepUpRefusal | undefined;
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
  return { answer: { page: STEP_UP_PAGE.passed, status: 200 }, passed: { record, at: now } };
}
