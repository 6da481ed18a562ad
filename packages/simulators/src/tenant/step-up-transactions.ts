import { randomBytes } from 'node:crypto';
import { type Answer, grpcError, jsonNamed } from './answer.js';
import { protoTimestamp } from './audit.js';
import { pageOf } from './paging.js';
import type { Principal } from './principal.js';

/**
 * Step-up authentication at the tenant (`c1.api.stepup.v1.StepUpTransaction`): a policy step
 * whose approval names `requiresStepUpProviderId` is approved only with a verified transaction.
 * `approve-with-step-up` without one opens a PENDING transaction and answers the provider's
 * `redirectUrl`; the person signs in there (here: the sandbox page at that URL, or `verify()`),
 * which makes it VERIFIED; `POST /api/v1/search/step-up/transactions` finds it.
 */

export interface StoredStepUp {
  id: string;
  providerId: string;
  userId: string;
  taskId: string;
  policyStepId: string;
  state:
    | 'STEP_UP_TRANSACTION_STATE_PENDING'
    | 'STEP_UP_TRANSACTION_STATE_VERIFIED'
    | 'STEP_UP_TRANSACTION_STATE_ERROR';
  createdAt: number;
  updatedAt: number;
  expiresAt: number;
  /** Spent by an approval: a transaction approves once. */
  used: boolean;
}

const json = (t: StoredStepUp) => ({
  id: t.id,
  providerId: t.providerId,
  userId: t.userId,
  state: t.state,
  approveTask: { taskId: t.taskId, policyStepId: t.policyStepId },
  createdAt: protoTimestamp(t.createdAt),
  updatedAt: protoTimestamp(t.updatedAt),
  expiresAt: protoTimestamp(t.expiresAt),
});

export class StepUpTransactions {
  readonly all: StoredStepUp[] = [];

  constructor(readonly baseUrl: string) {}

  open(who: Principal, providerId: string, taskId: string, policyStepId: string, now: number): StoredStepUp {
    const t: StoredStepUp = {
      id: `SUT_${randomBytes(6).toString('hex')}`,
      providerId,
      userId: who.userId,
      taskId,
      policyStepId,
      state: 'STEP_UP_TRANSACTION_STATE_PENDING',
      createdAt: now,
      updatedAt: now,
      expiresAt: now + 10 * 60_000,
      used: false,
    };
    this.all.push(t);
    return t;
  }

  redirectUrl(t: StoredStepUp): string {
    return `${this.baseUrl}/step-up/${t.id}`;
  }

  /** The person completed the provider's sign-in. */
  verify(id: string, now: number): boolean {
    const t = this.all.find((x) => x.id === id);
    if (t?.state !== 'STEP_UP_TRANSACTION_STATE_PENDING' || now >= t.expiresAt) return false;
    t.state = 'STEP_UP_TRANSACTION_STATE_VERIFIED';
    t.updatedAt = now;
    return true;
  }

  /** A verified, unspent transaction of this person for this task's step, or why not. */
  take(id: string, who: Principal, taskId: string, stepId: string, now: number): StoredStepUp | Answer {
    const t = this.all.find((x) => x.id === id);
    if (!t || t.userId !== who.userId) return grpcError(404, 5, `step-up transaction ${id} not found`);
    if (t.taskId !== taskId || t.policyStepId !== stepId)
      return grpcError(400, 9, 'the step-up transaction was made for another task or step');
    if (t.used) return grpcError(400, 9, 'the step-up transaction was already used');
    if (now >= t.expiresAt) return grpcError(400, 9, 'the step-up transaction expired');
    if (t.state !== 'STEP_UP_TRANSACTION_STATE_VERIFIED')
      return grpcError(400, 9, 'step-up authentication has not been completed');
    t.used = true;
    return t;
  }

  /** POST /api/v1/search/step-up/transactions: a person sees their own. */
  search(request: Record<string, unknown>, who: Principal): Answer {
    const body = jsonNamed(request);
    for (const f of ['taskId', 'userId', 'state', 'providerId'] as const)
      if (body[f] !== undefined && body[f] !== null && typeof body[f] !== 'string')
        return grpcError(400, 3, `invalid value for ${f}: a string`);
    const found = this.all.filter(
      (t) =>
        (who.kind === 'service' || t.userId === who.userId) &&
        (!body.taskId || t.taskId === body.taskId) &&
        (!body.userId || t.userId === body.userId) &&
        (!body.providerId || t.providerId === body.providerId) &&
        (!body.state || body.state === 'STEP_UP_TRANSACTION_STATE_UNSPECIFIED' || t.state === body.state),
    );
    return pageOf(found.map(json), request);
  }

  /** GET /api/v1/step-up/transactions/{id} */
  get(id: string, who: Principal): Answer {
    const t = this.all.find((x) => x.id === id && (who.kind === 'service' || x.userId === who.userId));
    return t
      ? { status: 200, body: { transaction: json(t) } }
      : grpcError(404, 5, `step-up transaction ${id} not found`);
  }
}
