import { reviewWords } from '../../blockkit/access-review-words.js';
import { isApiError } from '../../errors.js';
import type { Ports } from '../../ports/index.js';
import type { Audience } from '../../ports/slack.js';
import { recordAudit } from '../shared/record-audit.js';
import { privateTo, reviewsOf } from './reviewer.js';

/**
 * Unlinking: the personal client is deleted at the tenant with its own credential (its owner),
 * then forgotten here. Why decides what the person is told: they asked (`/warden unlink`), the
 * tenant no longer accepts the credential (revoked, or they were disabled there: told once, by
 * DM), or they left (deactivated in Slack or the tenant: nothing to tell).
 */

export type UnlinkPorts = Pick<
  Ports,
  'accessReviews' | 'settings' | 'privately' | 'files' | 'chat' | 'logger' | 'metrics' | 'clock' | 'audit'
>;

export type UnlinkWhy = 'asked' | 'revoked' | 'deactivated';

export async function unlinkReviewer(
  p: UnlinkPorts,
  given: { team: string; userId: string; why: UnlinkWhy; audience?: Audience; ref: string },
): Promise<boolean> {
  const input = given.audience ? { ...given, audience: await privateTo(p, given.audience) } : given;
  if (!p.accessReviews) {
    if (input.audience) await p.privately.tell(input.audience, reviewWords.notConfigured());
    return false;
  }
  const reviews = reviewsOf(p);
  const link = await reviews.links.get(input.team, input.userId);
  if (!link) {
    if (input.audience) await p.privately.tell(input.audience, reviewWords.notLinkedToUnlink());
    return false;
  }
  let deletedAtTenant = input.why !== 'asked';
  if (input.why !== 'revoked') {
    try {
      const credential = await reviews.links.credential(link);
      if (credential) await reviews.tenant.as(credential).deleteClient(link.personalClientId);
      deletedAtTenant = true;
    } catch (error) {
      // Already gone (deleted in the console, revoked, the person disabled): nothing left to delete.
      deletedAtTenant = isApiError(error) && (error.kind === 'auth' || error.kind === 'not_found');
      if (!deletedAtTenant)
        p.logger.warn({ err: error, ref: input.ref }, 'personal client not deleted at the tenant');
    }
  }
  const removed = await reviews.links.remove(input.team, input.userId);
  p.logger.info({ ref: input.ref, user: input.userId, why: input.why, deletedAtTenant }, 'reviewer unlinked');
  await recordAudit(p, {
    userId: input.userId,
    action: 'review.unlink',
    outcome: 'ok',
    params: { ref: input.ref, why: input.why, deletedAtTenant },
  });
  if (!removed) return false;
  if (input.why === 'asked' && input.audience)
    await p.privately.tell(
      input.audience,
      deletedAtTenant ? reviewWords.unlinked() : reviewWords.unlinkedLocalOnly(),
    );
  if (input.why === 'revoked') await tellDirectly(p, input.userId, reviewWords.revoked(), input.audience);
  return true;
}

/** Said privately where the person is, else in a direct message. */
async function tellDirectly(p: UnlinkPorts, userId: string, text: string, audience: Audience | undefined) {
  if (audience && (await p.privately.tell(audience, text))) return;
  try {
    await p.chat.post({ channel: await p.files.openDm(userId), text });
  } catch (error) {
    p.logger.warn({ err: error, user: userId }, 'could not tell the person they were unlinked');
  }
}
