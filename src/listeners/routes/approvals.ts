import {
  parseApprovalMeta,
  parseApproveSubmission,
  parseDenySubmission,
} from '../../blockkit/approval-forms.js';
import { ApprovalId } from '../../blockkit/ids.js';
import { isResourceId } from '../../domain/finding-id.js';
import { decide, openDecision } from '../../usecases/approvals/decide-approval.js';
import { decision } from '../access.js';
import { action, view } from '../route.js';

const kindOf = (id: string) => (id === ApprovalId.approve ? ('approve' as const) : ('deny' as const));

/** Approve… / Deny… on a four-eyes request, and their forms. */
export const APPROVAL_ROUTES = [
  action({
    ids: [ApprovalId.approve, ApprovalId.deny],
    what: 'open the approval form',
    value: (c) => (isResourceId(c.value) ? { approvalId: c.value, kind: kindOf(c.actionId) } : undefined),
    belongs: (v) => ({ approval: v.approvalId }),
    modal: 'open',
    access: (p, v, c) => decision(p, v.approvalId, c.userId),
    run: (p, v, c) => openDecision(p, { ...v, userId: c.userId, ref: c.ref, viewId: c.viewId ?? '' }),
  }),
  view({
    callbackIds: [ApprovalId.approve, ApprovalId.deny],
    what: 'decide on the request',
    read: (p, s) => {
      const meta = parseApprovalMeta(s.metadata);
      if (!meta) return { ok: false, unreadable: true };
      const kind = kindOf(s.callbackId);
      // Checked before the ack and without I/O: field errors go back on the field.
      const form =
        kind === 'deny'
          ? parseDenySubmission(s.values)
          : parseApproveSubmission(s.values, meta, new Date(p.clock()));
      if (!form.ok) return form;
      const value = {
        kind,
        approvalId: meta.approvalId,
        ...('expiresAt' in form ? { expiresAt: form.expiresAt } : {}),
        ...('reason' in form ? { reason: form.reason } : {}),
      };
      return { ok: true, value, audience: (user) => ({ channel: user, user }) };
    },
    access: (p, v, s) => decision(p, v.approvalId, s.userId),
    run: (p, v, s) => decide(p, { ...v, userId: s.userId, ref: s.ref }),
  }),
];
