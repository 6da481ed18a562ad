import { SEED_IDS } from '@warden/simulators';
import { describe, expect, it } from 'vitest';
import { parseConfigFile } from '../../src/config-file.js';
import { flowsPerTest } from '../helpers/button-flows.js';
import { type Harness, type LaneName, startHarness, waitFor } from '../helpers/harness.js';

/**
 * Button flows (button-flows.test.ts): buttons that act at once (Reopen, Unsuppress where
 * offered), and who a card credits when the tenant's console changes a finding after Slack did.
 */

let h: Harness;
/** Flows run in process. */
const lane: LaneName = 'inprocess';
const { findingState } = flowsPerTest({
  lane: () => lane,
  started: (started) => {
    h = started;
  },
  current: () => h,
});

describe('buttons that act at once', () => {
  it('reopen: confirm is on the button; the click changes state, updates the alert and replies', async () => {
    const ts = await h.postAlert('FND_SNOOZED');
    const alert = h.slack.messages.find((m) => m.ts === ts);
    const reopenButton = JSON.stringify(alert?.blocks).match(
      /"action_id":"finding.reopen"[^}]*}[^}]*"confirm"/,
    );
    expect(reopenButton).not.toBeNull();
    await h.click('finding.reopen', 'FND_SNOOZED', ts);
    await waitFor(() => h.slack.thread('C0SECOPS', ts).length === 1);
    expect(findingState('FND_SNOOZED')).toBe('FINDING_STATE_OPEN');
    expect(h.slack.thread('C0SECOPS', ts)[0]?.text).toBe('<@U0ALICE> reopened this.');
    expect(h.slack.callsOf('views.open')).toHaveLength(0);
  });

  it('a suppressed card offers Reopen, not the deprecated Unsuppress that does the same', async () => {
    const ts = await h.postAlert('FND_SUPPRESSED');
    const card = JSON.stringify(h.slack.messages.find((m) => m.ts === ts)?.blocks);
    expect(card).toContain('finding.reopen');
    expect(card).not.toContain('finding.unsuppress');
  });

  it('unsuppress on a suppressed finding, where WARDEN_CONFIG offers it', async () => {
    await h.close();
    h = await startHarness({
      lane,
      file: parseConfigFile('cards:\n  offerUnsuppress: true\n', 'cards.yaml'),
    });
    const ts = await h.postAlert('FND_SUPPRESSED');
    expect(JSON.stringify(h.slack.messages.find((m) => m.ts === ts)?.blocks)).toContain('finding.unsuppress');
    await h.click('finding.unsuppress', 'FND_SUPPRESSED', ts);
    await waitFor(() => findingState('FND_SUPPRESSED') === 'FINDING_STATE_OPEN');
    expect(h.stateChanges()).toEqual([{ unsuppress: {} }]);
  });
});

describe('who a card credits', () => {
  const ID = 'FND_SIMILAR_USER';
  /** The State line of the newest card of the finding in the channel. */
  const stateLine = () => {
    const cards = h.slack.messages.filter(
      (m) => !m.thread_ts && JSON.stringify(m.blocks).includes(`\`${ID}\``),
    );
    return /\*State:\*[^"]*/.exec(JSON.stringify(cards.at(-1)?.blocks))?.[0] ?? '';
  };

  it('a re-suppression in the tenant’s console with other words is not the Slack person’s', async () => {
    const ts = await h.postAlert(ID);
    const form = await h.openForm('finding.suppress', ID, ts);
    await form.submit({ Why: 'False positive', Reason: 'test accounts' });
    await waitFor(() => h.slack.thread('C0SECOPS', ts).length === 1, 5_000, 'the thread reply');
    await h.command(`show ${ID}`);
    await waitFor(() => stateLine().includes('by <@U0ALICE>'), 5_000, 'the card naming Alice');
    // then Bob, in the tenant's console, reopens it and suppresses it again with his own words
    for (const body of [{ reopen: {} }, { suppress: { reason: 'known HR import duplicate' } }])
      expect(h.tenant.findings.changeState(ID, body, SEED_IDS.users.bob).status).toBe(200);
    // show brings the channel's one card up to date
    await h.command(`show ${ID}`);
    await waitFor(
      () => stateLine().includes('known HR import duplicate'),
      5_000,
      'the card brought up to date',
    );
    expect(stateLine()).toMatch(/^\*State:\* 🔕 Suppressed until reopened: known HR import duplicate$/);
  });

  it('a reopen in the tenant’s console after one in Slack is not the Slack person’s', async () => {
    const ts = await h.postAlert('FND_SNOOZED');
    await h.click('finding.reopen', 'FND_SNOOZED', ts);
    await waitFor(() => h.slack.thread('C0SECOPS', ts).length === 1, 5_000, 'the thread reply');
    expect(JSON.stringify(h.slack.messages.find((m) => m.ts === ts)?.blocks)).toContain('by <@U0ALICE>');
    // Bob snoozes it in the console and reopens it there: open again, but by Bob
    const until = new Date(Date.now() + 86_400_000).toISOString();
    for (const body of [{ snooze: { reason: 'vendor call', snoozeUntil: until } }, { reopen: {} }])
      expect(h.tenant.findings.changeState('FND_SNOOZED', body, SEED_IDS.users.bob).status).toBe(200);
    // show brings the channel's one card (the alert) up to date
    await h.command('show FND_SNOOZED');
    const stateOf = () =>
      /\*State:\*[^"]*/.exec(JSON.stringify(h.slack.messages.find((m) => m.ts === ts)?.blocks))?.[0];
    await waitFor(() => !stateOf()?.includes('ALICE'), 5_000, 'the card brought up to date');
    expect(stateOf()).toBe('*State:* 🚨 Open');
  });
});
