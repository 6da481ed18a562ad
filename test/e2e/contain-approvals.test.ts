import { containFindings, homeActionBody, postSigned } from '@warden/simulators';
import { describe, expect, it } from 'vitest';
import { ContainId } from '../../src/blockkit/ids.js';
import { parseConfigFile } from '../../src/config-file.js';
import { ALICE, BOB, type Harness, harnessPerTest, settle, waitFor } from '../helpers/harness.js';
import { startStep } from '../helpers/workflow.js';

/**
 * Containments waiting for an approver (issue 39), where four-eyes requests are: `/warden
 * approvals` and the approver's Home tab list them with Approve / Deny that decide them as the
 * thread's buttons do; and they expire like risk acceptances (`approvals.expireAfterHours`): told
 * in the thread, on the request and on the card, audited, and nothing sent after.
 */
const start = harnessPerTest();
const CAROL = { ...BOB, userId: 'U0CAROL', userName: 'carol' };
const CONFIG = `approvals: { expireAfterHours: 4 }
permissions:
  contain: { approvers: S0SECLEADS }
contain:
  credentialPubliclyExposed: { actions: [revoke], stepUp: false }
`;

async function asked(): Promise<{
  h: Harness;
  ts: string;
  request: { ts: string; text: string };
  id: string;
}> {
  const h = await start({ file: parseConfigFile(CONFIG, 'contain.yaml') });
  for (const f of containFindings()) h.tenant.findings.put(f);
  const ts = await h.postAlert('FND_CTN_SERVICE');
  await h.click(ContainId.open, 'FND_CTN_SERVICE', ts);
  const form = await h.form(ContainId.form);
  await form.submit({
    'What to take away': 'Revoke Organization admin from deploy-bot',
    Why: 'Token pasted in a public issue',
  });
  const request = await waitFor(
    () => h.slack.thread('C0SECOPS', ts).find((m) => /asks to revoke/.test(m.text)),
    5_000,
    'the request',
  );
  const id = String(JSON.stringify(request.blocks).match(/ctn_[a-z0-9]+/)?.[0]);
  return { h, ts, request, id };
}

const revokes = (h: Harness) => h.tenant.requests.filter((r) => r.path === '/api/v1/task/revoke');
const cardText = (h: Harness, ts: string) =>
  JSON.stringify(h.slack.messages.find((m) => m.ts === ts)?.blocks);

describe('containments waiting for an approver', () => {
  it('are listed by /warden approvals and on the approver’s Home; Approve there decides it once', async () => {
    const { h, ts, id } = await asked();
    // The requester sees their own, without buttons; an approver sees it with Approve / Deny.
    const listing = async (user: string, has: (blocks: string) => boolean) => {
      const n = h.slack.ephemerals.length;
      await h.command('approvals', user === 'U0ALICE' ? ALICE : BOB);
      return waitFor(
        () =>
          h.slack.ephemerals
            .slice(n)
            // The answer goes to the command's response_url (the local Slack records no user for it).
            .filter((e) => e.via === 'response_url')
            .map((e) => JSON.stringify(e.blocks))
            .find(has),
        5_000,
        `${user}'s list`,
      );
    };
    const own = await listing('U0ALICE', (b) => /Containments waiting for approval \(1\)/.test(b));
    expect(own).toContain('*Organization admin* in *GitHub* from the account *deploy-bot*');
    expect(own).not.toContain(ContainId.approve);
    const listed = await listing('U0BOB', (b) => b.includes('Containments waiting'));
    expect(listed).toContain(ContainId.approve);
    expect(listed).toContain(id);

    // Carol's Home tab: the same request, decided from there.
    const delivery = await h.slack.openHome('U0CAROL', { url: h.url });
    expect(delivery.delivered).toBe(true);
    const home = await waitFor(
      () => {
        const v = JSON.stringify(h.slack.workspace.homes.get('U0CAROL'));
        return v?.includes(ContainId.approve) && v;
      },
      5_000,
      "Carol's Home",
    );
    expect(home).toContain('Waiting for your approval');
    expect(home).toContain('asks to revoke');
    // The tab as Slack sends it back with a click (its metadata sealed by Warden).
    const tab = h.slack.workspace.homes.get('U0CAROL');
    const click = homeActionBody(CAROL, {
      view: { ...(tab ?? {}), id: String(tab?.id ?? 'V0HOME') },
      action: { action_id: ContainId.approve, value: id },
      triggerId: h.slack.issueTriggerId('U0CAROL'),
    });
    const again = homeActionBody(BOB, {
      view: { ...(tab ?? {}), id: String(tab?.id ?? 'V0HOME') },
      action: { action_id: ContainId.approve, value: id },
      triggerId: h.slack.issueTriggerId('U0BOB'),
    });
    const acks = await Promise.all([
      postSigned(h.url, click, h.signingSecret),
      postSigned(h.url, again, h.signingSecret),
    ]);
    expect(acks.map((a) => a.status)).toEqual([200, 200]);
    await waitFor(
      () =>
        h.slack
          .thread('C0SECOPS', ts)
          .some((m) => /started to revoke.*approved by <@U0(CAROL|BOB)>/.test(m.text)),
      5_000,
      'the task made',
    );
    await settle(300);
    expect(revokes(h)).toHaveLength(1);
    // Decided: no longer listed.
    const after = await listing('U0BOB', (b) => b.includes('waiting for approval'));
    expect(after).not.toContain(id);
  });

  it('Approve on an approver’s /warden approvals list (an ephemeral, of which Warden keeps no record) decides it', async () => {
    const { h, ts, id } = await asked();
    const n = h.slack.ephemerals.length;
    await h.command('approvals', BOB);
    const list = await waitFor(
      () => h.slack.ephemerals.slice(n).find((e) => JSON.stringify(e.blocks).includes(ContainId.approve)),
      5_000,
      "bob's list",
    );
    expect((await h.click(ContainId.approve, id, list.ts ?? '', BOB, list.id)).status).toBe(200);
    await waitFor(
      () =>
        h.slack.thread('C0SECOPS', ts).some((m) => /started to revoke.*approved by <@U0BOB>/.test(m.text)),
      5_000,
      'the task made',
    );
    expect(revokes(h)).toHaveLength(1);
  });

  it('a click on the Home tab that is refused is told in the person’s direct messages (no channel there for an ephemeral)', async () => {
    const { h, id } = await asked();
    const before = h.slack.messages.length;
    const click = homeActionBody(ALICE, {
      view: { id: 'V0HOME' },
      action: { action_id: ContainId.approve, value: id },
      triggerId: h.slack.issueTriggerId('U0ALICE'),
    });
    expect((await postSigned(h.url, click, h.signingSecret)).status).toBe(200);
    const told = await waitFor(
      () => h.slack.messages.slice(before).find((m) => m.channel !== 'C0SECOPS'),
      5_000,
      'the refusal in a direct message',
    );
    expect(told.channel).toBe('D0ALICE');
    expect(told.text).toMatch(/You asked for this containment yourself: another approver must decide it/);
    expect(revokes(h)).toHaveLength(0);
  });

  it('an approver’s open Home tab shows a new request, and drops it once another approver decided it', async () => {
    const h = await start({ file: parseConfigFile(CONFIG, 'contain.yaml') });
    for (const f of containFindings()) h.tenant.findings.put(f);
    expect((await h.slack.openHome('U0CAROL', { url: h.url })).delivered).toBe(true);
    const home = () => JSON.stringify(h.slack.workspace.homes.get('U0CAROL') ?? {});
    await waitFor(() => home().includes('Recent activity'), 5_000, "Carol's Home");
    expect(home()).not.toContain(ContainId.approve);
    const ts = await h.postAlert('FND_CTN_SERVICE');
    await h.click(ContainId.open, 'FND_CTN_SERVICE', ts);
    const form = await h.form(ContainId.form);
    await form.submit({
      'What to take away': 'Revoke Organization admin from deploy-bot',
      Why: 'Token in an issue',
    });
    const request = await waitFor(
      () => h.slack.thread('C0SECOPS', ts).find((m) => /asks to revoke/.test(m.text)),
      5_000,
      'the request',
    );
    const id = String(JSON.stringify(request.blocks).match(/ctn_[a-z0-9]+/)?.[0]);
    await h.clock.advance('5s');
    await waitFor(() => home().includes(id), 5_000, 'the request on her Home, unasked');
    await h.click(ContainId.approve, id, request.ts, BOB);
    await waitFor(() => revokes(h).length === 1, 5_000, 'the task');
    await h.clock.advance('5s');
    await waitFor(() => !home().includes(id), 5_000, 'dropped from her Home');
  });

  it('expire after approvals.expireAfterHours: told in the thread, on the request and the card; Approve then sends nothing', async () => {
    const { h, ts, request, id } = await asked();
    await h.clock.advance('3h');
    await settle(100);
    expect(h.slack.thread('C0SECOPS', ts).some((m) => /expired/.test(m.text))).toBe(false);
    await h.clock.advance('70m');
    await waitFor(
      () =>
        h.slack
          .thread('C0SECOPS', ts)
          .some((m) => /<@U0ALICE>'s containment expired without a decision/.test(m.text)),
      5_000,
      'expiry told in the thread',
    );
    const requestNow = h.slack.messages.find((m) => m.ts === request.ts);
    expect(JSON.stringify(requestNow?.blocks)).not.toContain(ContainId.approve);
    await waitFor(() => cardText(h, ts).includes('expired without a decision'), 5_000, 'the card');
    await h.click(ContainId.approve, id, request.ts, CAROL);
    await waitFor(
      () =>
        h.slack.ephemerals.some(
          (e) => e.user === 'U0CAROL' && /expired without a decision: nothing was sent/.test(e.text),
        ),
      5_000,
      'the late approval refused',
    );
    expect(revokes(h)).toHaveLength(0);
    const audit = await h.warden.store.auditLog({ findingId: 'FND_CTN_SERVICE', limit: 20 });
    expect(audit.filter((e) => e.action === 'contain.expire')).toHaveLength(1);
    expect(await h.warden.metrics.registry.metrics()).toMatch(
      /warden_contain_total\{action="revoke",outcome="expired"\} 1/,
    );
    // Another sweep finds nothing more to tell.
    await h.clock.advance('2m');
    await settle(100);
    expect(
      h.slack
        .thread('C0SECOPS', ts)
        .filter((m) => m.ts !== request.ts && /expired without a decision/.test(m.text)),
    ).toHaveLength(1);
  });

  it('a Workflow Builder step waiting for an approver fails when its containment expires', async () => {
    const h = await start({ file: parseConfigFile(CONFIG, 'contain.yaml') });
    for (const f of containFindings()) h.tenant.findings.put(f);
    await h.postAlert('FND_CTN_SERVICE');
    // The entitlement as the tenant lists the account's grants (its id, whatever the seed names it).
    const target = h.tenant.findings.get('FND_CTN_SERVICE', Date.now())?.appUserTarget as
      | { appId: string; appUserId: string }
      | undefined;
    const grants = target ? await h.ports.tasks.grants(target.appId, target.appUserId) : [];
    const admin = grants.find((g) => g.name === 'Organization admin');
    if (!admin) throw new Error('no Organization admin grant');
    const run = await startStep(h, 'contain_finding', {
      finding_id: 'FND_CTN_SERVICE',
      action: 'revoke',
      entitlement_id: admin.entitlementId,
      reason: 'Token pasted in a public issue',
    });
    await waitFor(
      () => h.slack.messages.some((m) => /asks to revoke/.test(m.text)),
      5_000,
      'the request for approval',
    );
    expect(run.status).toBe('running');
    await h.clock.advance('4h');
    await h.clock.advance('2m');
    await waitFor(() => run.status !== 'running', 5_000, 'the step ended');
    expect(run).toMatchObject({
      status: 'failed',
      error: expect.stringMatching(/expired without a decision/),
    });
    expect(revokes(h)).toHaveLength(0);
  });
});
