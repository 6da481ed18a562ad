import { createHash, randomBytes } from 'node:crypto';
import { stepUpAsked, stepUpWhat } from '../../blockkit/step-up-words.js';
import { anyNeedsStepUp, type StepUpAsk } from '../../domain/step-up.js';
import type { Ports } from '../../ports/index.js';
import type { Audience } from '../../ports/slack.js';
import { recordAudit } from './record-audit.js';

/**
 * Step-up verification's gate, for any use case by an action key (domain/step-up.ts): an action
 * that needs it is not sent; it waits in the store as a pending verification, and the person
 * gets a single-use link (valid 5 minutes, bound to them, the action and its findings) to a
 * fresh sign-in at the organisation's identity provider (usecases/step-up/step-up-verify.ts). Once
 * verified, the same use case runs again with `verifiedAt` (usecases/step-up/step-up-resume.ts).
 */

export const LINK_TTL_MS = 5 * 60_000;

export type GatePorts = Pick<
  Ports,
  'stepUps' | 'privately' | 'settings' | 'clock' | 'audit' | 'logger' | 'metrics'
>;

/** The link's token is only in the link: the store keeps its hash. */
export const linkId = (token: string) => createHash('sha256').update(token).digest('base64url');

/** Whether this action waits for a verification (never once it has one). */
export function mustStepUp(
  p: Pick<Ports, 'settings'>,
  asks: readonly StepUpAsk[],
  verifiedAt: number | undefined,
) {
  return verifiedAt === undefined && anyNeedsStepUp(p.settings.stepUp, asks);
}

export interface HoldInput {
  /** The action key the gate was asked by. */
  key: string;
  userId: string;
  findingIds: readonly string[];
  audience: Audience;
  /** What runs once verified: a kind of usecases/step-up/step-up-resume.ts and its input, as JSON. */
  intent: { kind: string } & Record<string, unknown>;
  ref: string;
  /** A Workflow Builder step waiting for it: ended by how the verification ends. */
  functionExecutionId?: string | undefined;
}

/** Holds the action for a verification and sends the person the link (privately): whether it reached them. */
export async function holdForStepUp(p: GatePorts, h: HoldInput): Promise<{ id: string; told: boolean }> {
  const base = p.settings.stepUp?.linkBase;
  if (!base) throw new Error('step-up verification asked for, but not configured');
  const token = randomBytes(32).toString('base64url');
  const now = p.clock();
  const what = stepUpWhat(h.key, h.findingIds);
  const id = linkId(token);
  await p.stepUps.createStepUp({
    id,
    userId: h.userId,
    key: h.key,
    findingIds: h.findingIds,
    intent: { ...h.intent, what },
    channel: h.audience.channel,
    createdAt: now,
    expiresAt: now + LINK_TTL_MS,
    ...(h.functionExecutionId ? { functionExecutionId: h.functionExecutionId } : {}),
  });
  p.metrics.stepUps.inc({ action: h.key, outcome: 'requested', reason: '' });
  p.logger.info(
    { ref: h.ref, user: h.userId, action: h.key, findings: h.findingIds.length },
    'held for step-up',
  );
  await recordAudit(p, {
    userId: h.userId,
    channel: h.audience.channel,
    findingId: h.findingIds[0] ?? '',
    action: `stepUp.${h.key}`,
    params: { ref: h.ref, findings: h.findingIds.length, step: 'requested' },
    outcome: 'requested',
  });
  const link = `${base}/verify/${token}`;
  const told = await p.privately.tell(h.audience, stepUpAsked(what, link, LINK_TTL_MS / 60_000));
  return { id, told };
}
