import type { HomeView, KnownBlock, ModalView } from '@slack/types';
import {
  linkPrompt,
  renderReviewHome,
  stepUpAsk,
  trackerMessage,
  workMessage,
} from '../../../src/blockkit/access-review-messages.js';
import * as reviewModal from '../../../src/blockkit/access-review-modal.js';
import { renderApproveModal, renderDenyModal } from '../../../src/blockkit/approval-forms.js';
import { renderApprovalList, renderApprovalRequest } from '../../../src/blockkit/approval-request.js';
import { renderEscalation, renderNextStep, renderQuestion } from '../../../src/blockkit/attest.js';
import { renderCampaign } from '../../../src/blockkit/campaign.js';
import { renderPointer, renderSharedNotice } from '../../../src/blockkit/connect-words.js';
import * as contain from '../../../src/blockkit/contain.js';
import { renderDigest } from '../../../src/blockkit/digest.js';
import { renderFindModal } from '../../../src/blockkit/find-finding.js';
import { renderFindingAlert } from '../../../src/blockkit/finding.js';
import { renderAssignOwnerForm } from '../../../src/blockkit/forms/assign-owner.js';
import { renderNoteForm } from '../../../src/blockkit/forms/attest-note.js';
import { renderBulkForm } from '../../../src/blockkit/forms/bulk.js';
import { renderAttachForm, renderReportForm } from '../../../src/blockkit/forms/shortcut-forms.js';
import { renderHistoryModal } from '../../../src/blockkit/history.js';
import { renderHome } from '../../../src/blockkit/home.js';
import { renderInfoModal, renderLoadingModal } from '../../../src/blockkit/info-modal.js';
import { renderEndNews, renderReminder } from '../../../src/blockkit/reminder.js';
import { renderReview } from '../../../src/blockkit/review.js';
import { renderRollupListing, renderRollupSummary } from '../../../src/blockkit/rollup.js';
import { renderSlaReport } from '../../../src/blockkit/sla-report.js';
import {
  renderCampaignUnfurl,
  renderFindingUnfurl,
  renderRefusedUnfurl,
} from '../../../src/blockkit/unfurl.js';
import { groupReviews, progressByReviewer } from '../../../src/domain/access-review.js';
import { DEFAULT_CLOSURE_REASONS } from '../../../src/domain/closure.js';
import { groupEntitlements } from '../../../src/domain/entitlements.js';
import { describeScope } from '../../../src/domain/scope.js';
import type { Finding } from '../../../src/model/finding.js';
import {
  answers,
  approval,
  at,
  campaign,
  containMeta,
  figures,
  form,
  formMeta,
  group,
  history,
  homeData,
  modalMeta,
  now,
  OPEN,
  option,
  SNOOZED,
  seeds,
  task,
  tasks,
  twenty,
} from './surface-inputs.js';

/**
 * Every surface src/blockkit renders (issue 37 item 8), from realistic inputs: the seeds of the
 * simulated tenant. `message`: posted (its `text` is what notifications and screen readers say);
 * `view`: a modal or the Home tab; `blocks`: a part another surface embeds. The test lists every
 * `render…` export of src/blockkit and fails for one missing here.
 */
export type Surface =
  | { message: { text: string; blocks: readonly unknown[]; attachments?: unknown }; finding?: Finding }
  | { view: ModalView | HomeView }
  | { blocks: readonly KnownBlock[] };

/** Each renderer's name (its export) and what it renders. */
export const SURFACES: Record<string, () => Surface[]> = {
  renderFindingAlert: () => seeds.map((f) => ({ message: renderFindingAlert(f, { now }), finding: f })),
  renderFindingUnfurl: () => [renderFindingUnfurl(OPEN, { now })],
  renderCampaignUnfurl: () => [
    {
      blocks: renderCampaignUnfurl('CAMP_FULL', describeScope(campaign.scopeV2), groupEntitlements(campaign))
        .blocks,
    },
  ],
  renderRefusedUnfurl: () => [renderRefusedUnfurl('You may not see this finding.')],
  renderReminder: () => [
    {
      message: renderReminder({
        jobId: 'job_1',
        finding: SNOOZED,
        action: 'snooze',
        endsAt: at,
        words: 'vendor',
        for: ['U0ALICE'],
        extend: true,
      }),
      finding: SNOOZED,
    },
  ],
  renderEndNews: () => [{ message: { text: renderEndNews('snooze', OPEN), blocks: [] } }],
  renderApprovalRequest: () => [{ message: renderApprovalRequest(approval(), 'S0SECLEADS') }],
  renderApprovalList: () => [
    { message: renderApprovalList([approval(), approval({ id: 'apr_2', findingId: SNOOZED.id })]) },
  ],
  renderApproveModal: () => [{ view: renderApproveModal(approval(), 'Europe/Berlin') }],
  renderDenyModal: () => [{ view: renderDenyModal(approval()) }],
  renderQuestion: () => [
    {
      message: renderQuestion({
        askId: 'ask_1',
        finding: OPEN,
        type: 'FINDING_TYPE_DECOY_USED',
        who: 'U0ALICE',
        answers,
      }),
      finding: OPEN,
    },
  ],
  renderEscalation: () => [
    {
      message: renderEscalation({
        finding: OPEN,
        type: 'FINDING_TYPE_DECOY_USED',
        why: 'silence',
        asked: 'U0ALICE',
        to: 'S0SECLEADS',
        cardLink: undefined,
      }),
      finding: OPEN,
    },
  ],
  renderNextStep: () => [
    { message: renderNextStep({ askId: 'ask_1', line: 'Alice answered: it was me.', reason: 'expected' }) },
  ],
  renderCampaign: () => [
    {
      message: renderCampaign(describeScope(campaign.scopeV2), groupEntitlements(campaign), {
        campaignId: 'CAMP_FULL',
        page: 0,
      }),
    },
  ],
  renderPointer: () => [{ message: renderPointer('C0INTERNAL') }],
  renderSharedNotice: () => [{ message: renderSharedNotice('C0SHARED', 'C0INTERNAL') }],
  renderContainForm: () => [
    {
      view: contain.renderContainForm({
        meta: containMeta,
        findingTitle: 'Decoy credential used',
        options: [option],
        safety: 'Reversible.',
      }),
    },
  ],
  renderContainRequest: () => [
    {
      message: contain.renderContainRequest(
        'Alice asks to revoke Admin from etl-bot.',
        'ctn_abcdefgh12',
        true,
      ),
    },
  ],
  renderDecoyAttempts: () => [
    {
      message: contain.renderDecoyAttempts(
        [{ at, ip: '203.0.113.9', userAgent: 'curl/8', endpoint: '/v1/keys' }],
        1,
      ),
    },
  ],
  renderContainOffer: () => [{ message: contain.renderContainOffer('Revoke Admin from etl-bot', OPEN.id) }],
  renderDigest: () => [
    {
      message: renderDigest({
        at,
        open: {
          ok: true,
          bySeverity: [{ severity: 'FINDING_SEVERITY_HIGH', count: 3 }],
          total: 3,
          capped: false,
        },
        arrived: {
          count: 1,
          since: at - 86_400_000,
          items: [{ findingId: OPEN.id, link: undefined }],
        },
        ending: [],
        approvals: { count: 0, items: [] },
      }),
    },
  ],
  renderFindModal: () => [
    { view: renderFindModal() },
    { view: renderFindModal({ query: 'etl', findings: twenty, more: true }) },
  ],
  renderHistoryModal: () => [{ view: renderHistoryModal(history) }],
  renderHome: () => [{ view: renderHome(homeData) }],
  renderReviewHome: () => [
    { blocks: renderReviewHome({ linked: true, clientName: 'Warden', groups: groupReviews(tasks) }) },
  ],
  renderLoadingModal: () => [{ view: renderLoadingModal(OPEN.id) }],
  renderInfoModal: () => [{ view: renderInfoModal('Done.') }],
  renderReview: () => [
    {
      view: renderReview({
        groupId: 'grp_1',
        channel: 'C0SECOPS',
        page: 0,
        total: twenty.length,
        findings: twenty,
        missing: [],
        offerUnsuppress: false,
      }),
    },
  ],
  renderRollupSummary: () => [
    {
      message: renderRollupSummary({
        groupId: 'grp_1',
        findings: twenty,
        unread: 0,
        newSince: 2,
        since: now,
        now,
      }),
    },
  ],
  renderRollupListing: () => [{ message: renderRollupListing(twenty, 0) }],
  renderSlaReport: () => [{ message: renderSlaReport({ figures, days: 7, links: new Map(), chart: true }) }],
  renderReviewModal: () => [
    { view: reviewModal.renderReviewModal({ group, scope: { c: 'AR_1', a: 'APP_1', p: 0 }, pageSize: 20 }) },
  ],
  renderReviewNotice: () => [{ view: reviewModal.renderReviewNotice('You certified Role 1 of Person 1.') }],
  renderRevokeForm: () => [{ view: reviewModal.renderRevokeForm(task(1), formMeta) }],
  renderCommentForm: () => [{ view: reviewModal.renderCommentForm(task(1), formMeta) }],
  renderReassignForm: () => [{ view: reviewModal.renderReassignForm(task(1), formMeta) }],
  renderUnchangedConfirm: () => [{ view: reviewModal.renderUnchangedConfirm(group, 6, formMeta) }],
  renderAssignOwnerForm: () => [{ view: renderAssignOwnerForm(OPEN, modalMeta) }],
  renderNoteForm: () => [{ view: renderNoteForm('ask_1') }],
  renderBulkForm: () =>
    (['snooze', 'suppress', 'acceptRisk'] as const).map((kind) => ({
      view: renderBulkForm(kind, {
        meta: { groupId: 'grp_1', tz: 'UTC' },
        count: 20,
        channel: 'C0SECOPS',
        maxDays: 365,
        approvers: undefined,
        closureReasons: DEFAULT_CLOSURE_REASONS,
      }),
    })),
  renderAttachForm: () => [
    { view: renderAttachForm({ channel: 'C0SECOPS', ts: '1763800000.000100', text: 'see this' }) },
  ],
  renderReportForm: () => [
    { view: renderReportForm({ channel: 'C0SECOPS', ts: '1763800000.000100', text: 'odd login' }) },
  ],
  // the messages of access reviews and the action forms, named by what they are
  linkPrompt: () => [{ message: linkPrompt('Link your access-review account to review in Slack.') }],
  workMessage: () => [{ message: workMessage('You have access reviews to do.', groupReviews(tasks)) }],
  stepUpAsk: () => [{ message: stepUpAsk('https://tenant.example/step-up', task(1)) }],
  trackerMessage: () => [
    {
      message: trackerMessage(
        { id: 'AR_1', name: 'Q4 access review', state: 'open', dueAt: at, ownerId: undefined },
        progressByReviewer(tasks, at, at).map((r) => ({ ...r, slackUserId: 'U0ALICE', name: 'Alice' })),
        at,
      ),
    },
  ],
  actionForms: () =>
    (['snooze', 'acceptRisk', 'suppress', 'resolve'] as const).map((k) => ({ view: form(k) })),
};
