import type { FindingAction } from '../../domain/actions.js';
import type { BulkChange } from '../../domain/bulk-change.js';
import type { Ports } from '../../ports/index.js';
import type { Audience } from '../../ports/slack.js';
import type { Card } from './alert-life.js';
import { type GatePorts, holdForStepUp, mustStepUp } from './step-up.js';

/**
 * The step-up gate where every change goes through: the one change of one finding
 * (change-finding-state.ts) and of many (change-many-findings.ts) ask it before anything is sent,
 * so a card's button, its form, a command, Review's ⋯ menu and picks, a roll-up's buttons, a
 * link preview's button, Extend… and an attestation's Resolve are gated alike, and any way added
 * later is too. A held change resumes (usecases/step-up/step-up-resume.ts) through the entry the
 * person used, with `verifiedAt`, and is not held again. A four-eyes approval's change is gated
 * by its decision (`approve`, decide-approval.ts) and its request by the requester's
 * (submit-action.ts, act-on-group.ts): it comes here with `requesterId` and is not held twice.
 */

export type ChangeGatePorts = GatePorts & Pick<Ports, 'findings'>;

export interface FindingChangeAsk {
  findingId: string;
  action: FindingAction;
  actorId: string;
  channel: string;
  card?: Card | undefined;
  audience: Audience;
  ref: string;
  verifiedAt?: number | undefined;
  requesterId?: string | undefined;
}

/** Accept risk is gated by the finding's severity (`stepUp.acceptRiskFrom`): read it then only. */
async function severityOf(p: ChangeGatePorts, findingId: string, action: FindingAction): Promise<unknown> {
  if (action.kind !== 'acceptRisk' || !p.settings.stepUp?.acceptRiskFrom) return undefined;
  return (await p.findings.get(findingId)).severity;
}

/** Held for a fresh sign-in (the person was sent the link): true; free to go on: false. */
export async function heldFindingChange(p: ChangeGatePorts, c: FindingChangeAsk): Promise<boolean> {
  if (c.verifiedAt !== undefined || c.requesterId !== undefined || !p.settings.stepUp) return false;
  const ask = { key: c.action.kind, severity: await severityOf(p, c.findingId, c.action) };
  if (!mustStepUp(p, [ask], c.verifiedAt)) return false;
  await holdForStepUp(p, {
    key: c.action.kind,
    userId: c.actorId,
    findingIds: [c.findingId],
    audience: c.audience,
    intent: {
      kind: 'finding',
      findingId: c.findingId,
      action: c.action,
      actorId: c.actorId,
      channel: c.channel,
      ref: c.ref,
      ...(c.card ? { card: { channel: c.card.channel, ts: c.card.ts } } : {}),
    },
    ref: c.ref,
  });
  return true;
}

export interface GroupChangeAsk {
  change: BulkChange;
  groupId: string;
  findingIds: readonly string[];
  actorId: string;
  audience: Audience;
  ref: string;
  verifiedAt?: number | undefined;
  requesterId?: string | undefined;
}

/** A change to many findings: `bulk` (over `bulkOver`) or the action's own key holds it. */
export async function heldGroupChange(p: ChangeGatePorts, c: GroupChangeAsk): Promise<boolean> {
  if (c.verifiedAt !== undefined || c.requesterId !== undefined || !p.settings.stepUp) return false;
  // An owner assigned is no finding action (assign-owner.ts): not gated anywhere.
  if (c.change.kind === 'assignOwner') return false;
  const asks = [{ key: 'bulk', count: c.findingIds.length }, { key: c.change.kind }];
  if (!mustStepUp(p, asks, c.verifiedAt)) return false;
  await holdForStepUp(p, {
    key: 'bulk',
    userId: c.actorId,
    findingIds: c.findingIds,
    audience: c.audience,
    intent: {
      kind: 'group',
      action: c.change,
      groupId: c.groupId,
      findingIds: c.findingIds,
      userId: c.actorId,
      ref: c.ref,
    },
    ref: c.ref,
  });
  return true;
}
