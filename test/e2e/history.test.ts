import { SEED_IDS, viewActionBody } from '@warden/simulators';
import { describe, expect, it } from 'vitest';
import { HistoryId, OwnerActionId } from '../../src/blockkit/ids.js';
import { parseConfigFile } from '../../src/config-file.js';
import { ALICE, BOB, type Harness, harnessPerTest, waitFor } from '../helpers/harness.js';
import { auditEntry, CAROL, EMAIL, EVE_IN_TENANT } from '../helpers/owners.js';

/**
 * Issue 17, item 5: History — a finding's audit events from the tenant in a modal, newest first,
 * ten a page, who acted mapped to Slack: a tenant user by email, and a change Warden made (the
 * tenant records Warden's service principal) as the person who made it in Slack.
 */

let h: Harness;
const startOne = harnessPerTest({ lane: 'inprocess' });
const start = async (yaml?: string) => {
  h = await startOne(yaml ? { file: parseConfigFile(yaml, 'test.yaml') } : {});
};

const ID = 'FND_SHADOW_MCP';
const DAY = 86_400_000;
const snoozeBody = (at: number) => ({
  snooze: { reason: 'outside Slack', snoozeUntil: new Date(at + 7 * DAY).toISOString() },
});

/** A change made directly in the tenant (its console, another tool) by `actor`, at `at`. */
function changeInTenant(action: 'snooze' | 'reopen', actor: string, at: number) {
  const body = action === 'snooze' ? snoozeBody(at) : { reopen: {} };
  const answer = h.tenant.findings.changeState(ID, body, actor, at);
  if (answer.status !== 200) throw new Error(`the tenant refused: ${JSON.stringify(answer.body)}`);
}

/** The History modal once it shows a page (after Loading…): its entries' text, in order. */
async function historyModal(match: RegExp = /Page \d+ of/) {
  const view = await waitFor(
    () =>
      [...h.slack.views.values()].find(
        (v) => v.view.callback_id === HistoryId.callback && match.test(JSON.stringify(v.view)),
      ),
    8_000,
    'the history modal',
  );
  const blocks = view.view.blocks as {
    type: string;
    text?: { text: string };
    elements?: { action_id: string }[];
  }[];
  return {
    view,
    head: blocks[0]?.text?.text ?? '',
    entries: blocks.slice(2).flatMap((b) => (b.type === 'section' && b.text ? [b.text.text] : [])),
    buttons: blocks.flatMap((b) => (b.type === 'actions' ? (b.elements ?? []).map((e) => e.action_id) : [])),
  };
}

/** A click on Newer / Older inside the modal, as Slack sends it. */
function turn(view: { id: string; view: Record<string, unknown> }, actionId: string, page: number) {
  return h.send(
    viewActionBody(ALICE, {
      view: { ...view.view, id: view.id },
      action: { action_id: actionId, value: String(page) },
      triggerId: h.slack.issueTriggerId(),
    }),
  );
}

async function snoozeInSlack(ts: string, actor = ALICE) {
  const form = await h.openForm('finding.snooze', ID, ts, actor);
  await form.submit({ 'Snooze for': '7 days', Reason: 'in Slack' }, actor);
  await waitFor(() => h.tenant.findings.get(ID)?.state === 'FINDING_STATE_SNOOZED', 5_000, 'the snooze');
  // The tenant's state changes before Warden lets go of the finding (its in-flight claim); the
  // thread reply comes after. A click in between, likelier in process than over HTTP, is refused.
  await waitFor(
    () => h.slack.thread('C0SECOPS', ts).some((m) => m.text.includes('snoozed this')),
    5_000,
    'the snooze reply',
  );
}

describe('History', () => {
  it('newest first: who acted in the tenant, Warden’s own change by the Slack person, lapses', async () => {
    await start();
    // Sam Stranger (no Slack account) snoozed it in the tenant 20 minutes ago, for 10 minutes
    const now = h.tenant.clock.now();
    const answer = h.tenant.findings.changeState(
      ID,
      { snooze: { reason: 'outside Slack', snoozeUntil: new Date(now - 600_000).toISOString() } },
      SEED_IDS.users.stranger,
      now - 1_200_000,
    );
    expect(answer.status).toBe(200);
    const ts = await h.postAlert(ID);
    await snoozeInSlack(ts);
    changeInTenant('reopen', SEED_IDS.users.bob, h.tenant.clock.now() + 1_000);
    await h.click(OwnerActionId.history, ID, ts);
    const { head, entries } = await historyModal();
    expect(head).toMatch(/^\*History of finding `FND_SHADOW_MCP`\*: 5 events, newest first\. Page 1 of 1\./);
    expect(entries).toHaveLength(5);
    expect(entries[0]).toMatch(
      /^\*Reopened\* · <!date\^\d+\^[^>]+> · by <@U0BOB>\n_state open · severity medium_$/,
    );
    expect(entries[1]).toMatch(/^\*Snoozed\* · <!date\^\d+\^[^>]+> · by <@U0ALICE> in Slack\n_state snoozed/);
    expect(entries[2]).toMatch(/^\*Snooze expired\* · .* · by the tenant\n_state open/);
    expect(entries[3]).toMatch(
      new RegExp(
        String.raw`^\*Snoozed\* · .* · by Sam Stranger \`${SEED_IDS.users.stranger}\` \(in the tenant\)`,
      ),
    );
    expect(entries[4]).toMatch(/^\*Created\* · .* · by the tenant/);
    expect(JSON.stringify(entries)).not.toMatch(EMAIL);
    expect(JSON.stringify(entries)).not.toContain('IU_WARDEN_SERVICE');
  });

  it('a tenant user’s change right after one made in Slack stays theirs', async () => {
    await start();
    const ts = await h.postAlert(ID);
    await snoozeInSlack(ts);
    await h.click('finding.reopen', ID, ts, ALICE);
    await waitFor(() => h.tenant.findings.get(ID)?.state === 'FINDING_STATE_OPEN', 5_000, 'the reopen');
    // within a minute, Sam Stranger (in the tenant, not in Slack) snoozes it in the tenant's console
    changeInTenant('snooze', SEED_IDS.users.stranger, h.tenant.clock.now() + 30_000);
    await h.command(`history ${ID}`);
    const { entries } = await historyModal();
    expect(entries[0]).toMatch(
      new RegExp(
        String.raw`^\*Snoozed\* · .* · by Sam Stranger \`${SEED_IDS.users.stranger}\` \(in the tenant\)`,
      ),
    );
    expect(entries[2]).toMatch(/^\*Snoozed\* · .* · by <@U0ALICE> in Slack/);
  });

  it('another principal’s change right after one made in Slack is not the Slack person’s', async () => {
    await start();
    const ts = await h.postAlert(ID);
    await snoozeInSlack(ts);
    // within a minute, another tool of the tenant's (a principal that is no tenant user, like
    // Warden's own) reopens it and snoozes it again
    const at = h.tenant.clock.now();
    changeInTenant('reopen', 'IU_OTHER_TOOL', at + 20_000);
    changeInTenant('snooze', 'IU_OTHER_TOOL', at + 40_000);
    await h.command(`history ${ID}`);
    const { entries } = await historyModal();
    expect(entries[0]).toMatch(/^\*Snoozed\* · .* · by `IU_OTHER_TOOL` \(in the tenant\)/);
    expect(entries[1]).toMatch(/^\*Reopened\* · .* · by `IU_OTHER_TOOL` \(in the tenant\)/);
    expect(entries[2]).toMatch(/^\*Snoozed\* · .* · by <@U0ALICE> in Slack/);
    // Warden kept who the tenant says made its change: its own service principal
    const [entry] = await h.warden.store.auditLog({ findingId: ID, limit: 1 });
    expect(entry).toMatchObject({ action: 'snooze', params: { principal: 'IU_WARDEN_SERVICE' } });
  });

  it('each of Warden’s changes is shown by whoever made it, however close together', async () => {
    await start();
    const ts = await h.postAlert(ID);
    await snoozeInSlack(ts, ALICE);
    await h.click('finding.reopen', ID, ts, CAROL);
    await waitFor(() => h.tenant.findings.get(ID)?.state === 'FINDING_STATE_OPEN', 5_000, 'the reopen');
    await snoozeInSlack(ts, BOB);
    await h.command(`history ${ID}`);
    const { entries } = await historyModal();
    expect(entries.slice(0, 3).map((e) => /^\*(\w+)\* .* by (<@\w+>)/.exec(e)?.slice(1).join(' '))).toEqual([
      'Snoozed <@U0BOB>',
      'Reopened <@U0CAROL>',
      'Snoozed <@U0ALICE>',
    ]);
  });

  it('names nobody by email, and credits no person of another organisation (issue 24)', async () => {
    await start();
    h.tenant.users.put(EVE_IN_TENANT);
    const ts = await h.postAlert(ID);
    // an SSO-made user (the username is the email, no display name), then the tenant's Eve, whose
    // email in Slack is held by Eve of another organisation (U0EXTERNAL, a shared channel)
    changeInTenant('snooze', SEED_IDS.users.sso, h.tenant.clock.now() + 1_000);
    changeInTenant('reopen', 'IU_EVE', h.tenant.clock.now() + 2_000);
    await h.click(OwnerActionId.history, ID, ts);
    const { entries } = await historyModal();
    expect(entries[0]).toMatch(/^\*Reopened\* · .* · by Eve External `IU_EVE` \(in the tenant\)\n/);
    expect(entries[1]).toMatch(
      new RegExp(String.raw`^\*Snoozed\* · .* · by \`${SEED_IDS.users.sso}\` \(in the tenant\)\n`),
    );
    expect(JSON.stringify(entries)).not.toMatch(EMAIL);
    expect(JSON.stringify(entries)).not.toContain('U0EXTERNAL');
  });

  it('pages ten at a time: Older and Newer, by command', async () => {
    await start();
    const base = h.tenant.clock.now();
    for (let i = 0; i < 12; i++)
      changeInTenant(
        i % 2 === 0 ? 'snooze' : 'reopen',
        i % 4 < 2 ? SEED_IDS.users.bob : SEED_IDS.users.carol,
        base + i * 60_000,
      );
    await h.command(`history ${ID}`);
    const first = await historyModal(/Page 1 of 2/);
    expect(first.head).toContain('13 events');
    expect(first.entries).toHaveLength(10);
    expect(first.entries[0]).toMatch(/^\*Reopened\* .* by <@U0CAROL>/);
    expect(first.buttons).toEqual([HistoryId.next]);
    await turn(first.view, HistoryId.next, 1);
    const second = await historyModal(/Page 2 of 2/);
    expect(second.view.id).toBe(first.view.id);
    expect(second.entries).toHaveLength(3);
    expect(second.entries[2]).toMatch(/^\*Created\*/);
    expect(second.buttons).toEqual([HistoryId.prev]);
    await turn(second.view, HistoryId.prev, 0);
    const again = await historyModal(/Page 1 of 2/);
    expect(again.entries).toEqual(first.entries);
  });

  it('the permission key history refuses someone, in the modal', async () => {
    await start('permissions:\n  history: { users: [U0CAROL] }\n');
    const ts = await h.postAlert(ID);
    await h.click(OwnerActionId.history, ID, ts);
    const update = await waitFor(() => h.slack.callsOf('views.update')[0], 5_000, 'the refusal');
    expect(JSON.stringify(update.args.view)).toMatch(/see findings' history.*`history`|`history`.*history/);
    expect(JSON.stringify(update.args.view)).not.toMatch(/Page 1 of/);
    expect(await auditEntry(h, ID, 'history')).toMatchObject({ user_id: 'U0ALICE', outcome: 'denied' });
    expect(h.tenant.requests.some((r) => r.path === '/api/v1/search/finding_audits')).toBe(false);
    // Carol may
    await h.click(OwnerActionId.history, ID, ts, CAROL);
    await historyModal();
  });

  it('a tenant failure is shown clearly in the modal', async () => {
    await start();
    const ts = await h.postAlert(ID);
    h.tenant.faults.add({ method: 'POST', path: '/api/v1/search/finding_audits', status: 500, times: 10 });
    await h.click(OwnerActionId.history, ID, ts);
    const update = await waitFor(
      () =>
        h.slack
          .callsOf('views.update')
          .find((c) => /could not read the history/.test(JSON.stringify(c.args.view))),
      8_000,
      'the failure',
    );
    expect(JSON.stringify(update.args.view)).toMatch(
      /tenant is unavailable or not answering; could not read the history of finding `FND_SHADOW_MCP`/,
    );
  });
});
