import type { StepUpPolicy } from '../domain/step-up.js';

/**
 * Step-up verification's ports: the pending verifications in the store (one row a link, shared
 * by replicas and kept across restarts) and the organisation's identity provider.
 */

/** WARDEN_CONFIG `stepUp` as the use cases read it (wiring/step-up.ts). */
export interface StepUpSettings extends StepUpPolicy {
  /** Where the links point: WARDEN_PUBLIC_URL. */
  linkBase: string;
  /** What the ID token must say of how the person signed in. */
  acr: string | undefined;
  amr: readonly string[] | undefined;
  /**
   * An ID token without `email_verified` is taken (a provider that never sends it); one saying
   * `false` never is. Off unless WARDEN_CONFIG `stepUp.oidc.trustEmailWithoutVerified: true`.
   */
  trustEmailWithoutVerified: boolean;
}

export type StepUpStatus = 'pending' | 'started' | 'checking' | 'passed' | 'refused';

export interface NewStepUp {
  /** A hash of the link's token: the token itself is only in the link the person was sent. */
  id: string;
  userId: string;
  /** The action key (domain/step-up.ts). */
  key: string;
  findingIds: readonly string[];
  /** What to do once verified, as JSON (usecases/step-up/step-up-resume.ts reads it). */
  intent: unknown;
  /** Where the person is told what happened. */
  channel: string;
  createdAt: number;
  expiresAt: number;
  /** The Workflow Builder step that waits for this verification, ended by how it ends. */
  functionExecutionId?: string | undefined;
  /** The workspace it was asked in: it ends there (undefined for rows from before 0111). */
  teamId?: string | undefined;
}

export interface StepUpRecord extends NewStepUp {
  status: StepUpStatus;
  startedAt: number | undefined;
  nonce: string | undefined;
  verifier: string | undefined;
  /** A hash of the cookie of the browser that claimed the link: its answer must bring that cookie. */
  browser: string | undefined;
}

/** The values a sign-in's callback is checked against, kept from when the link was opened. */
export interface SignInChecks {
  state: string;
  nonce: string;
  verifier: string;
}

export type StepUpClaim =
  | { ok: true; record: StepUpRecord }
  | {
      ok: false;
      why: 'unknown' | 'used' | 'expired';
      record?: StepUpRecord;
      /** This call moved the expired row to refused (of two replicas, one does). */
      settled?: boolean;
    };

export interface StepUpStore {
  createStepUp(r: NewStepUp): Promise<void>;
  /** A verification as it stands, by its link's id or its sign-in's state (which workspace it is of). */
  findStepUp(by: { id: string } | { state: string }): Promise<StepUpRecord | undefined>;
  /**
   * The link looked at, not claimed (a page shown, a HEAD, a link checker): a pending, unexpired
   * row as it is; otherwise why not (an expired one still open is refused, as by a claim).
   */
  peekStepUp(id: string, now: number): Promise<StepUpClaim>;
  /**
   * The link claimed (its page's button), once: a pending, unexpired row becomes `started` with
   * the sign-in's checks and the hash of the claiming browser's cookie.
   */
  startStepUp(id: string, now: number, checks: SignInChecks, browser: string): Promise<StepUpClaim>;
  /** The provider's answer, once: the started row with this state becomes `checking`. */
  claimStepUpCallback(state: string, now: number): Promise<StepUpClaim>;
  settleStepUp(id: string, status: 'passed' | 'refused', now: number): Promise<void>;
  /**
   * Workflow Builder steps' verifications past their link's expiry, not yet opened or not yet
   * answered: refused, each returned once (to one replica) so its step is failed once.
   */
  expireStepUpSteps(now: number): Promise<StepUpRecord[]>;
}

/** What the identity provider asserted about a fresh sign-in, its ID token checked. */
export interface VerifiedSignIn {
  email: string | undefined;
  emailVerified: boolean | undefined;
  /** Seconds since the epoch. */
  authTime: number | undefined;
  acr: string | undefined;
  amr: readonly string[];
}

/** Why the provider's answer was not taken (no detail that could name the person). */
export type SignInFailure = 'idpError' | 'badResponse' | 'stale';

export class SignInError extends Error {
  constructor(
    readonly failure: SignInFailure,
    detail: string,
  ) {
    super(detail);
    this.name = 'SignInError';
  }
}

export interface IdentityProvider {
  /** Where to send the person for a forced fresh sign-in, with what its callback must match. */
  begin(): Promise<{ url: string; checks: SignInChecks }>;
  /** The callback's URL exchanged and its ID token checked (issuer, audience, nonce, state, PKCE). */
  finish(callbackUrl: URL, checks: SignInChecks): Promise<VerifiedSignIn>;
}
