import type { ReviewHome } from '../../blockkit/access-review-messages.js';
import { groupReviews } from '../../domain/access-review.js';
import type { Ports } from '../../ports/index.js';
import { credentialRefused, reviewerOf } from './reviewer.js';
import { type UnlinkPorts, unlinkReviewer } from './unlink.js';

/**
 * The Home tab's access reviews: the link prompt, or the person's open review tasks (read with
 * their own credential) grouped by campaign and app, the soonest due first. Undefined when access
 * reviews are not configured. A credential the tenant stopped accepting unlinks the person (told).
 */
export async function reviewHomeOf(
  p: Pick<Ports, 'accessReviews' | 'settings'> & UnlinkPorts,
  userId: string,
): Promise<ReviewHome | undefined> {
  if (!p.accessReviews) return undefined;
  const r = await reviewerOf(p, userId).catch(() => undefined);
  if (!r) return { linked: false };
  try {
    const tasks = await r.session.openTasks(r.link.identityUserId);
    return { linked: true, clientName: r.link.name, groups: groupReviews(tasks) };
  } catch (error) {
    if (credentialRefused(error)) {
      await unlinkReviewer(p, { team: r.link.team, userId, why: 'revoked', ref: 'home' });
      return { linked: false };
    }
    p.logger.warn({ err: error, user: userId }, 'access reviews not read for the Home tab');
    return { linked: true, clientName: r.link.name, groups: undefined };
  }
}
