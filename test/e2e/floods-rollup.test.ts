import { postSigned, viewActionBody } from '@warden/simulators';
import { describe, expect, it } from 'vitest';
import { RollupId } from '../../src/blockkit/ids.js';
import {
  CHANNEL,
  floodsPerTest,
  groupOf,
  h,
  mentions,
  ROLLUP,
  rolledUp,
  slack,
  start,
  summaries,
  topLevel,
} from '../helpers/floods.js';
import { ALICE, waitFor } from '../helpers/harness.js';

/**
 * Floods (floods.test.ts): a roll-up stays true, its summary following news of its findings and
 * posted again if deleted; Review… pages through the group and acts on the findings picked.
 */

floodsPerTest();

describe('a roll-up stays true', () => {
  it('news of a rolled-up finding (changed in the tenant) updates the summary and posts no card of its own', async () => {
    await start(ROLLUP);
    const { summary, members } = await rolledUp(15);
    const member = members[0] ?? '';
    const f = h.tenant.findings.get(member, h.clock.now());
    if (!f) throw new Error('no member');
    Object.assign(f, { state: 'FINDING_STATE_SUPPRESSED', suppressReason: 'test rig' });
    const sent = await h.tenant.sendFindingWebhook(`${h.base}/hooks/findings`, f);
    expect(sent.status).toBe(200);
    await waitFor(
      () => JSON.stringify(slack.messages.find((m) => m.ts === summary.ts)?.blocks).includes('Suppressed'),
      15_000,
      'the summary counting it suppressed',
    );
    expect(topLevel().filter((m) => mentions(m, member))).toHaveLength(0);
  });
  it('a summary someone deleted in Slack is posted again at its next update', async () => {
    await start(ROLLUP);
    const { summary, members } = await rolledUp(12);
    slack.deleteMessage(CHANNEL, summary.ts);
    const f = h.tenant.findings.get(members[0] ?? '', h.clock.now());
    if (!f) throw new Error('no member');
    Object.assign(f, { state: 'FINDING_STATE_SUPPRESSED', suppressReason: 'test rig' });
    expect((await h.tenant.sendFindingWebhook(`${h.base}/hooks/findings`, f)).status).toBe(200);
    const again = await waitFor(
      () => summaries().find((m) => m.ts !== summary.ts && JSON.stringify(m.blocks).includes('Suppressed')),
      15_000,
      'the summary posted again',
    );
    expect(groupOf(again)).toBe(groupOf(summary));
  });
});

describe('Review…', () => {
  it('pages through the group; the findings picked on a page are acted on together', async () => {
    await start(ROLLUP);
    const { summary, members } = await rolledUp(26);
    await h.click(RollupId.review, groupOf(summary), summary.ts);
    const review = await h.form('review');
    const first = JSON.stringify(review.view.view);
    expect(first).toContain(`findings 1–10 of ${members.length}`);
    expect(first).toContain(`\`${members[0]}\``);
    // Next ›
    const inModal = (action: Parameters<typeof viewActionBody>[1]['action'], values = {}) =>
      postSigned(
        h.url,
        viewActionBody(ALICE, {
          view: { ...review.view.view, id: review.view.id },
          action,
          values,
          triggerId: slack.issueTriggerId(),
        }),
        h.signingSecret,
      );
    await inModal({ action_id: 'review.page.next', value: '1' });
    await waitFor(
      () => JSON.stringify(slack.views.get(review.view.id)?.view).includes('findings 11–20'),
      5_000,
      'page 2',
    );
    const page2 = slack.views.get(review.view.id);
    if (!page2) throw new Error('no page 2');
    const picked = members.slice(10, 12);
    const values = {
      'review.pick': {
        'review.pick': { type: 'checkboxes', selected_options: picked.map((value) => ({ value })) },
      },
    };
    await postSigned(
      h.url,
      viewActionBody(ALICE, {
        view: { ...page2.view, id: page2.id },
        action: { action_id: 'review.picked.suppress', value: groupOf(summary) },
        values,
        triggerId: slack.issueTriggerId(),
      }),
      h.signingSecret,
    );
    const form = await h.form('bulk.suppress');
    expect(JSON.stringify(form.view.view)).toContain('*2 findings* picked in Review');
    await form.submit({ Why: 'Duplicate', Reason: 'of an older finding' });
    const reply = await waitFor(
      () => slack.thread(CHANNEL, summary.ts).find((m) => /suppressed 2 findings/.test(m.text ?? '')),
      20_000,
      'the thread reply',
    );
    expect(reply.text).toContain(`<@${ALICE.userId}>`);
    for (const id of picked)
      expect(h.tenant.findings.get(id, h.clock.now())?.state).toBe('FINDING_STATE_SUPPRESSED');
    expect(h.tenant.findings.get(members[0] ?? '', h.clock.now())?.state).toBe('FINDING_STATE_OPEN');
  });
});
