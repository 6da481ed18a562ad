import { SEED_IDS } from '@warden/simulators';
import { describe, expect, it } from 'vitest';
import { ASSIGN_CALLBACK_ID, OwnerActionId } from '../../src/blockkit/ids.js';
import { ALICE, type Harness, waitFor } from '../helpers/harness.js';
import { assignPerTest, BULK, ID } from '../helpers/owner-assign.js';
import { asSsoUser, auditEntry, EMAIL, everythingShown, ownerField } from '../helpers/owners.js';

/**
 * Issue 17, item 4: Assign owner… — a Slack person picked in a modal, mapped to their tenant user
 * by email, assigned with the tenant's bulk operation (asynchronous: read back), then the cards
 * and the thread say so. Whoever cannot be mapped, and every refusal or failure of the tenant,
 * gives a clear message and changes nothing: owner-assign-refusals.test.ts.
 */

let h: Harness;
const { startOne, start, bulkRequests, assignedOf, openAssign, assign } = assignPerTest({
  started: (started) => {
    h = started;
  },
  current: () => h,
});

describe('Assign owner…', () => {
  it('maps the person, asks the tenant, reads back, and the card and thread show the new owner', async () => {
    // Over HTTP: it asserts the submission's HTTP answer too.
    h = await startOne({ lane: 'loopback' });
    const ts = await h.postAlert(ID);
    const form = await openAssign(ts);
    expect(form.view.view.callback_id).toBe(ASSIGN_CALLBACK_ID);
    expect(form.labels).toEqual(['New owner']);
    expect(JSON.stringify(form.view.view.blocks)).toContain('*Owner now:* <@U0BOB> (computed)');
    expect((await form.submit({ 'New owner': 'U0CAROL' })).status).toBe(200);
    await waitFor(() => h.slack.thread('C0SECOPS', ts).length === 1, 8_000, 'the thread reply');
    expect(bulkRequests().map((r) => JSON.parse(r.body))).toEqual([
      { refs: [{ id: ID }], assignOwner: { owner: { identityUserId: SEED_IDS.users.carol } } },
    ]);
    expect(assignedOf(ID)).toEqual({ identityUserId: SEED_IDS.users.carol });
    expect(ownerField(h, ts)).toBe('<@U0CAROL> (assigned)');
    expect(h.slack.thread('C0SECOPS', ts)[0]?.text).toBe(
      `<@U0ALICE> made <@U0CAROL> (Carol Chen (\`${SEED_IDS.users.carol}\`) in the tenant) the owner of this finding.`,
    );
    expect(await auditEntry(h, ID, 'assignOwner')).toMatchObject({
      user_id: 'U0ALICE',
      outcome: 'ok',
      params: expect.objectContaining({
        assignee: 'U0CAROL',
        owner: SEED_IDS.users.carol,
        bulkActionId: expect.any(String),
      }),
    });
    expect(everythingShown(h)).not.toMatch(EMAIL);
  });

  it('the new owner is the one Notify owner reaches', async () => {
    await start();
    const ts = await h.postAlert(ID);
    await assign(ts, 'U0CAROL');
    await waitFor(() => h.slack.thread('C0SECOPS', ts).length === 1, 8_000, 'the assignment');
    await h.click(OwnerActionId.notify, ID, ts);
    await waitFor(() => h.slack.messages.find((m) => m.channel === 'D0CAROL'), 5_000, 'Carol’s DM');
    expect(h.slack.messages.some((m) => m.channel === 'D0BOB')).toBe(false);
  });
});

describe('Assign owner… maps people through a cache', () => {
  it('the same person twice: one users.info and one tenant search for them', async () => {
    await start();
    for (const id of [ID, 'FND_SHADOW_MCP']) {
      const ts = await h.postAlert(id);
      await (await openAssign(ts, ALICE, id)).submit({ 'New owner': 'U0CAROL' });
      await waitFor(() => h.slack.thread('C0SECOPS', ts).length === 1, 8_000, `${id} assigned`);
    }
    expect(assignedOf('FND_SHADOW_MCP')).toEqual({ identityUserId: SEED_IDS.users.carol });
    expect(h.tenant.requests.filter((r) => r.path === '/api/v1/search/users')).toHaveLength(1);
    expect(h.slack.callsOf('users.info').filter((c) => c.args.user === 'U0CAROL')).toHaveLength(1);
  });
});

describe('issue 24: no email shown or logged', () => {
  it('a new owner an SSO directory made (the username is the email) is named by mention and id', async () => {
    await start();
    asSsoUser(h, SEED_IDS.users.dave);
    const ts = await h.postAlert(ID);
    await assign(ts, 'U0DAVE');
    await waitFor(() => h.slack.thread('C0SECOPS', ts).length === 1, 8_000, 'the thread reply');
    expect(h.slack.thread('C0SECOPS', ts)[0]?.text).toBe(
      `<@U0ALICE> made <@U0DAVE> (\`${SEED_IDS.users.dave}\` in the tenant) the owner of this finding.`,
    );
    expect(ownerField(h, ts)).toBe('<@U0DAVE> (assigned)');
    expect(everythingShown(h)).not.toMatch(EMAIL);
  });

  it('a tenant refusal that echoes an email: told and logged without the address', async () => {
    await start();
    const ts = await h.postAlert(ID);
    h.tenant.faults.add({
      method: 'POST',
      path: BULK,
      status: 400,
      body: { code: 3, message: 'owner carol@acme.example may not own findings of this app' },
    });
    await assign(ts, 'U0CAROL');
    const told = await h.nextEphemeral('U0ALICE');
    expect(told.text).toContain('owner [email hidden] may not own findings of this app');
    expect(told.text).not.toMatch(EMAIL);
    // the failure is logged with the error (message, stack, the tenant's words), scrubbed
    const line = await waitFor(
      () => h.logs.find((l) => l.includes('owner not assigned')),
      5_000,
      'the log line',
    );
    expect(line).toContain('owner [email hidden] may not own findings');
    expect(JSON.parse(line)).toMatchObject({ err: { stack: expect.stringContaining('[email hidden]') } });
    expect(h.logs.filter((l) => EMAIL.test(l))).toEqual([]);
    // nor kept in the audit log
    expect(await auditEntry(h, ID, 'assignOwner')).toMatchObject({
      outcome: 'refused',
      error: 'invalid: owner [email hidden] may not own findings of this app',
    });
  });
});
