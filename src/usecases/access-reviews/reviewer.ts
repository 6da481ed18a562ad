import { isApiError } from '../../errors.js';
import type { AccessReviewsPort, ReviewerSession, ReviewLink } from '../../ports/access-reviews.js';
import type { Ports } from '../../ports/index.js';
import type { Audience } from '../../ports/slack.js';

/**
 * What every access review use case starts from: the feature's port (configured, or a clear
 * error), and the person's link and session — their own credential, never Warden's.
 */

export function reviewsOf(p: Pick<Ports, 'accessReviews'>): AccessReviewsPort {
  if (!p.accessReviews) throw new Error('access reviews are not configured (WARDEN_CONFIG reviews)');
  return p.accessReviews;
}

export interface Reviewer {
  link: ReviewLink;
  session: ReviewerSession;
}

/** The person's link in this workspace and a session with their own credential, or undefined. */
export async function reviewerOf(
  p: Pick<Ports, 'accessReviews' | 'settings'>,
  userId: string,
): Promise<Reviewer | undefined> {
  const reviews = reviewsOf(p);
  const link = await reviews.links.get(p.settings.teamId, userId);
  if (!link) return undefined;
  const credential = await reviews.links.credential(link);
  if (!credential) return undefined;
  return { link, session: reviews.tenant.as(credential) };
}

/**
 * The tenant refused the person's own credential: its token request (`invalid_client`: deleted,
 * revoked, the person disabled) or the API after a fresh token (401). Not a refusal of a decision.
 */
export function credentialRefused(error: unknown): boolean {
  return isApiError(error) && error.kind === 'auth';
}

/** The tenant's own words for a refused request, when it gave any. */
export function tenantWords(error: unknown): string | undefined {
  if (!isApiError(error)) return undefined;
  if (error.kind === 'unavailable' || error.kind === 'timeout' || error.kind === 'rate_limited')
    return undefined;
  return error.serverMessage ?? undefined;
}

/**
 * Where a person is told something privately: a click in a modal (opened from the Home tab) has
 * no channel, only the person; their direct message with Warden is the place then.
 */
export async function privateTo(p: Pick<Ports, 'files' | 'logger'>, a: Audience): Promise<Audience> {
  if (!/^[UW][A-Z0-9]+$/.test(a.channel)) return a;
  try {
    return { ...a, channel: await p.files.openDm(a.user) };
  } catch (error) {
    p.logger.warn({ err: error, user: a.user }, 'no direct message channel to tell the person in');
    return a;
  }
}
