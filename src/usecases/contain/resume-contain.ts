import { containRefusal } from '../../blockkit/contain-words.js';
import { refused } from '../../blockkit/interaction-words.js';
import type { Audience } from '../../ports/slack.js';
import { refusal } from '../shared/authorize.js';
import { containOffer } from './contain-options.js';
import { type DecidePorts, decideContain } from './decide-contain.js';
import { proceed } from './request-contain.js';

/**
 * A containment held for a fresh sign-in goes on once it passed (usecases/step-up/step-up-resume.ts
 * calls these): the requester's permission and the finding's target are checked again (either
 * may have changed while they signed in), then it goes to an approver or the tenant. An
 * approver's held decision is decided as if clicked now.
 */

export async function resumeContain(p: DecidePorts, containId: string, ref: string, verifiedAt: number) {
  const r = await p.contains.getContain(containId);
  if (!r) return;
  const audience: Audience = { channel: r.channel, user: r.requesterId };
  // Signed in after its deadline: told, not dropped in silence (any other status: already on its way).
  if (r.status === 'expired') return void (await p.privately.tell(audience, containRefusal.expired));
  if (r.status !== 'verifying') return;
  const why = await refusal(
    p,
    { kind: 'act', userId: r.requesterId, action: 'contain', channel: r.channel, findingId: r.findingId },
    ref,
  );
  if (why !== undefined) {
    await p.contains.moveContain(r.id, ['verifying'], 'refused', { error: 'permission' }, p.clock());
    return void (await p.privately.tell(audience, refused(why)));
  }
  const offer = await containOffer(p, await p.findings.get(r.findingId));
  if (!offer.ok || offer.targetKey !== r.targetKey) {
    await p.contains.moveContain(r.id, ['verifying'], 'refused', { error: 'target changed' }, p.clock());
    return void (await p.privately.tell(audience, containRefusal.targetChanged(r.findingId)));
  }
  await p.contains.updateContain(r.id, { verifiedAt }, p.clock());
  await proceed(p, { ...r, verifiedAt }, audience, ref);
}

export async function resumeContainDecision(
  p: DecidePorts,
  i: { containId: string; decision: 'approve' | 'deny'; userId: string; channel: string; ref: string },
  verifiedAt: number,
) {
  await decideContain(p, {
    kind: i.decision,
    containId: i.containId,
    userId: i.userId,
    audience: { channel: i.channel, user: i.userId },
    ref: i.ref,
    verifiedAt,
  });
}
