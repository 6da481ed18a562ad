import { checkBlocks, checkMessage, checkView } from '@warden/simulators';
import { describe, expect, it } from 'vitest';
import {
  renderReviewHome,
  trackerMessage,
  workMessage,
} from '../../../src/blockkit/access-review-messages.js';
import { renderReviewModal } from '../../../src/blockkit/access-review-modal.js';
import { groupReviews, progressByReviewer, type ReviewTask } from '../../../src/domain/access-review.js';

/** Access reviews' renderers within Slack's limits, whatever the tenant sends; names escaped. */

const HOSTILE = '<!channel> <https://evil.example|bank> &amp; *bold*';
const task = (i: number, extra: Partial<ReviewTask> = {}): ReviewTask => ({
  id: `TK_${i}`,
  number: String(i),
  campaignId: 'AR_1',
  campaignName: i % 2 ? HOSTILE : 'Q4 review',
  dueAt: 1_800_000_000_000 + (i % 3) * 86_400_000,
  appId: `APP_${i % 30}`,
  appName: `App ${'x'.repeat(i % 5 === 0 ? 5_000 : 3)}`,
  entitlementId: 'ENT',
  entitlementName: HOSTILE,
  subjectId: 'IU_X',
  subjectName: `${HOSTILE} ${'é'.repeat(3_000)}`,
  state: 'open',
  outcome: undefined,
  stepId: 'PS_1',
  assignees: ['IU_ALICE'],
  stepUp: i % 7 === 0,
  mayReassign: true,
  reasonToRevoke: true,
  reasonToCertify: false,
  decidedBy: undefined,
  ...extra,
});

describe('access review views', () => {
  it('the Review modal fits a modal however many tasks, pages them, and escapes names', () => {
    const tasks = Array.from({ length: 1_000 }, (_, i) => task(i, { appId: 'APP_1', campaignId: 'AR_1' }));
    const [group] = groupReviews(tasks);
    if (!group) throw new Error('no group');
    const view = renderReviewModal({
      group,
      scope: { c: 'AR_1', a: 'APP_1', p: 3 },
      pageSize: 20,
      notice: 'done',
    });
    expect(checkView(view)).toBeUndefined();
    expect(view.blocks.length).toBeLessThanOrEqual(100);
    const text = JSON.stringify(view);
    expect(text).not.toContain('<!channel>');
    expect(text).toContain('Page 4 of 50');
    expect(text).toMatch(/Certify unchanged \(857\)/);
    expect(JSON.parse(view.private_metadata ?? '{}')).toEqual({ c: 'AR_1', a: 'APP_1', p: 3 });
  });

  it('the Home section, a notice and the tracker stay within a message and escape names', () => {
    const groups = groupReviews(Array.from({ length: 200 }, (_, i) => task(i)));
    expect(groups.length).toBe(30);
    // Due dates first
    expect(groups.map((g) => g.dueAt ?? 0)).toEqual(
      [...groups.map((g) => g.dueAt ?? 0)].sort((a, b) => a - b),
    );
    const home = renderReviewHome({ linked: true, clientName: HOSTILE, groups });
    expect(checkBlocks(home, 100)).toBeUndefined();
    expect(home.length).toBeLessThanOrEqual(14);
    const notice = workMessage('You have work', groups);
    expect(checkMessage({ text: notice.text, blocks: notice.blocks })).toBeUndefined();
    const rows = progressByReviewer(
      Array.from({ length: 300 }, (_, i) => task(i, { assignees: [`IU_${i % 60}`] })),
      1,
      2,
    ).map((r) => ({ ...r, slackUserId: undefined, name: HOSTILE }));
    expect(rows.every((r) => r.overdue)).toBe(true);
    const tracker = trackerMessage(
      { id: 'AR_1', name: HOSTILE, state: 'open', dueAt: 1, ownerId: undefined },
      rows,
      2,
    );
    expect(checkMessage({ text: tracker.text, blocks: tracker.blocks })).toBeUndefined();
    expect(JSON.stringify([home, notice, tracker])).not.toContain('<!channel>');
  });
});
