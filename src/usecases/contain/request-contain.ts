import { type ContainOption, optionValue, renderContainRequest } from '../../blockkit/contain.js';
import { containLine, containRefusal, containTold } from '../../blockkit/contain-words.js';
import { findingTitle } from '../../blockkit/finding-details.js';
import { containStepUpKey } from '../../domain/contain.js';
import type { ContainRecord } from '../../ports/contain.js';
import type { Ports } from '../../ports/index.js';
import type { Audience } from '../../ports/slack.js';
import { recordAudit } from '../shared/record-audit.js';
import { type GatePorts, holdForStepUp } from '../shared/step-up.js';
import { containOffer, type OptionsPorts } from './contain-options.js';
import { type CreatePorts, createContainTask } from './create-contain-task.js';

/**
 * A containment asked for (the form, a command's form, a workflow step): checked against the
 * finding as it is now (the same target, the same choice still offered), kept in the store under
 * the form's id (the same form sent twice is one containment), then held for the requester's fresh
 * sign-in (step-up, on by default), then waiting for an approver (four-eyes, on by default) —
 * and only then sent to the tenant, once (create-contain-task.ts).
 */
export type RequestPorts = OptionsPorts & GatePorts & CreatePorts & Pick<Ports, 'findings' | 'contains'>;

export interface ContainSubmission {
  id: string;
  findingId: string;
  targetKey: string;
  choice: string;
  reason: string;
  userId: string;
  channel: string;
  cardTs?: string | undefined;
  audience: Audience;
  ref: string;
  functionExecutionId?: string | undefined;
}

export type RequestEnd =
  | { ok: true; record: ContainRecord; waiting: 'stepUp' | 'approval' | undefined }
  | { ok: false; why: string };

export async function submitContain(p: RequestPorts, s: ContainSubmission): Promise<RequestEnd> {
  const log = p.logger.child({ ref: s.ref, findingId: s.findingId, containId: s.id });
  const refuse = async (why: string, outcome: string): Promise<RequestEnd> => {
    await p.privately.tell(s.audience, why);
    await recordAudit(p, {
      userId: s.userId,
      action: 'contain.request',
      channel: s.channel,
      findingId: s.findingId,
      params: { ref: s.ref, contain: s.id, why: outcome },
      outcome: 'refused',
    });
    return { ok: false, why };
  };
  const finding = await p.findings.get(s.findingId);
  const offer = await containOffer(p, finding);
  if (!offer.ok) return refuse(offer.why, 'not offered');
  if (offer.targetKey !== s.targetKey)
    return refuse(containRefusal.targetChanged(s.findingId), 'target changed');
  const option: ContainOption | undefined = offer.options.find((o) => optionValue(o) === s.choice);
  if (!option) return refuse(containRefusal.noLongerHeld, 'no longer held');
  const now = p.clock();
  const stepUp = offer.rule.stepUp && p.settings.stepUp !== undefined;
  const created = await p.contains.createContain(
    {
      id: s.id,
      teamId: p.settings.teamId,
      findingId: s.findingId,
      findingType: offer.type,
      action: option.action,
      targetKey: offer.targetKey,
      appId: option.appId ?? null,
      entitlementId: option.entitlementId ?? null,
      appUserId: option.appUserId ?? null,
      subjectId: option.subjectId ?? null,
      words: option.words,
      reason: s.reason,
      requesterId: s.userId,
      channel: s.channel,
      cardTs: s.cardTs ?? null,
      status: stepUp ? 'verifying' : offer.rule.fourEyes ? 'pending' : 'ready',
      verifiedAt: null,
      functionExecutionId: s.functionExecutionId ?? null,
      createdAt: now,
    },
    now,
  );
  if (!created) {
    await p.privately.tell(s.audience, containRefusal.alreadyAsked);
    return { ok: false, why: containRefusal.alreadyAsked };
  }
  const record = await p.contains.getContain(s.id);
  if (!record) throw new Error('containment not kept');
  await recordAudit(p, {
    userId: s.userId,
    action: 'contain.request',
    channel: s.channel,
    findingId: s.findingId,
    params: {
      ref: s.ref,
      contain: s.id,
      action: option.action,
      reason: s.reason,
      title: findingTitle(finding),
    },
    outcome: 'requested',
  });
  p.metrics.contain.inc({ action: option.action, outcome: 'requested' });
  log.info({ action: option.action, stepUp, fourEyes: offer.rule.fourEyes }, 'containment asked');
  if (stepUp) {
    await holdForStepUp(p, {
      key: containStepUpKey(option.action),
      userId: s.userId,
      findingIds: [s.findingId],
      audience: s.audience,
      intent: { kind: 'contain', containId: s.id, ref: s.ref },
      ref: s.ref,
      functionExecutionId: s.functionExecutionId,
    });
    p.metrics.contain.inc({ action: option.action, outcome: 'held' });
    return { ok: true, record, waiting: 'stepUp' };
  }
  return proceed(p, record, s.audience, s.ref);
}

/**
 * After the requester's sign-in (or without one): to an approver when four-eyes is on, else to
 * the tenant. Called once per containment: the caller moved it out of `verifying` first.
 */
export async function proceed(
  p: RequestPorts,
  record: ContainRecord,
  audience: Audience,
  ref: string,
): Promise<RequestEnd> {
  const rule =
    p.settings.contain?.rules[record.findingType as keyof NonNullable<typeof p.settings.contain>['rules']];
  const fourEyes = rule?.fourEyes ?? true;
  if (!fourEyes) {
    await p.contains.moveContain(record.id, ['verifying'], 'ready', {}, p.clock());
    await createContainTask(p, record.id, { actorId: record.requesterId, audience, ref });
    return { ok: true, record, waiting: undefined };
  }
  const approvers = p.settings.contain?.approvers;
  if (!approvers) {
    await p.privately.tell(audience, containRefusal.noApprovers);
    await p.contains.moveContain(
      record.id,
      ['verifying', 'pending'],
      'refused',
      { error: 'no approvers' },
      p.clock(),
    );
    return { ok: false, why: containRefusal.noApprovers };
  }
  await p.contains.moveContain(record.id, ['verifying'], 'pending', {}, p.clock());
  const line = containLine.requested(record.requesterId, record, record.reason, approvers, record.verifiedAt);
  const message = renderContainRequest(line, record.id, true);
  try {
    const ts = await p.chat.post({
      channel: record.channel,
      ...(record.cardTs ? { threadTs: record.cardTs } : {}),
      ...message,
    });
    await p.contains.updateContain(record.id, { requestTs: ts }, p.clock());
  } catch (error) {
    p.logger.warn({ err: error, ref, containId: record.id }, 'containment request not posted');
  }
  await p.privately.tell(audience, containTold.awaiting(approvers));
  return { ok: true, record, waiting: 'approval' };
}
