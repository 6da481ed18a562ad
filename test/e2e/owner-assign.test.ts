import { SEED_IDS } from '@warden/simulators';
import { describe, expect, it } from 'vitest';
import { ASSIGN_CALLBACK_ID, OwnerActionId } from '../../src/blockkit/ids.js';
import { parseConfigFile } from '../../src/config-file.js';
import { fillByLabel, labelsOf } from '../helpers/form-fill.js';
import { ALICE, type Harness, harnessPerTest, settle, waitFor } from '../helpers/harness.js';
import {
  asSsoUser,
  auditEntry,
  CAROL,
  card,
  EMAIL,
  EVE_IN_TENANT,
  everythingShown,
  ownerField,
} from '../helpers/owners.js';

/**
 * Issue 17, item 4: Assign owner… — a Slack person picked in a modal, mapped to their tenant user
 * by email, assigned with the tenant's bulk operation (asynchronous: read back), then the cards
 * and the thread say so. Whoever cannot be mapped, and every refusal or failure of the tenant,
 * gives a clear message and changes nothing.
 */

let h: Harness;
const startOne = harnessPerTest({ lane: 'inprocess' });
const start = async (yaml?: string) => {
  h = await startOne(yaml ? { file: parseConfigFile(yaml, 'test.yaml') } : {});
};

const ID = 'FND_CONNECTOR_ANOMALY_OFF'; // computed owner: Bob
const BULK = '/api/v1/findings/bulk/state';
const bulkRequests = () => h.tenant.requests.filter((r) => r.method === 'POST' && r.path === BULK);
const assignedOf = (id: string) => h.tenant.findings.get(id)?.assignedOwner;

/**
 * Clicks Assign owner… on the card and waits for the form this click opened (its callback id is
 * its own, so `h.openForm` does not know it); submitted by label, as a person fills it.
 */
async function openAssign(ts: string, actor = ALICE, findingId = ID) {
  const before = new Set([...h.slack.views.values()].map((v) => `${v.id}:${v.hash}`));
  await h.click(OwnerActionId.assign, findingId, ts, actor);
  const view = await waitFor(
    () =>
      [...h.slack.views.values()].find(
        (v) => !before.has(`${v.id}:${v.hash}`) && v.view.callback_id === ASSIGN_CALLBACK_ID,
      ),
    5_000,
    'the Assign owner form',
  );
  return {
    view,
    labels: labelsOf(view.view),
    submit: (answers: Record<string, string>, who = actor) =>
      h.submit(view, fillByLabel(view.view, answers), who),
  };
}

/** Alice opens Assign owner… on the card and picks `userId`. */
async function assign(ts: string, userId: string) {
  return (await openAssign(ts)).submit({ 'New owner': userId });
}

/** Nothing changed: no bulk request, no owner, the card as it was, no thread reply. */
async function expectNothingAssigned(ts: string, blocks: string) {
  await settle(300);
  expect(assignedOf(ID) ?? null).toBeNull();
  expect(JSON.stringify(card(h, ts)?.blocks)).toBe(blocks);
  expect(h.slack.thread('C0SECOPS', ts)).toHaveLength(0);
}

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

describe('Assign owner… refuses whom it cannot map', () => {
  const cases: [string, string, (() => void) | undefined, RegExp, string][] = [
    [
      'a person whose email Slack hides',
      'U0HANNA',
      undefined,
      /<@U0HANNA> has no email Warden can see in Slack/,
      'email-hidden',
    ],
    ['a bot', 'U0BOTTY', undefined, /<@U0BOTTY> is a bot/, 'bot'],
    [
      // issue 24: their email is what their organisation asserts, and a tenant user has it
      'a person of another organisation (Slack Connect)',
      'U0EXTERNAL',
      () => h.tenant.users.put(EVE_IN_TENANT),
      /<@U0EXTERNAL> belongs to another organisation/,
      'other-organisation',
    ],
    ['a deactivated person', 'U0FRANK', undefined, /<@U0FRANK> is deactivated in Slack/, 'deactivated'],
    [
      'someone with no tenant user',
      'U0DAVE',
      () => h.tenant.users.remove(SEED_IDS.users.dave),
      /<@U0DAVE> has no user in the tenant with their email/,
      'no-tenant-user',
    ],
    [
      'an email two tenant users share',
      'U0DAVE',
      () => {
        const dave = h.tenant.users.get(SEED_IDS.users.dave);
        if (dave) h.tenant.users.put({ ...dave, id: 'IU_DAVE_OLD' });
      },
      /<@U0DAVE> matches several users in the tenant/,
      'ambiguous',
    ],
    [
      'a 429 on users.info',
      'U0CAROL',
      () => h.slack.fail({ method: 'users.info', rateLimitSeconds: 30 }),
      /<@U0CAROL> could not be looked up just now .*try again in a minute/,
      'unavailable',
    ],
    [
      'the tenant’s user search failing',
      'U0CAROL',
      () => h.tenant.faults.add({ method: 'POST', path: '/api/v1/search/users', status: 503, times: 10 }),
      /<@U0CAROL> could not be looked up just now/,
      'unavailable',
    ],
  ];

  it.each(cases)('%s', async (_name, userId, arrange, says, why) => {
    await start();
    const ts = await h.postAlert(ID);
    const blocks = JSON.stringify(card(h, ts)?.blocks);
    const form = await openAssign(ts);
    arrange?.();
    await form.submit({ 'New owner': userId });
    const told = await h.nextEphemeral('U0ALICE');
    expect(told.text).toMatch(/^:no_entry_sign: Nothing was assigned\. /);
    expect(told.text).toMatch(says);
    expect(told.text).not.toMatch(EMAIL);
    expect(await auditEntry(h, ID, 'assignOwner')).toMatchObject({
      outcome: 'refused',
      error: `not mapped: ${why}`,
      params: expect.objectContaining({ assignee: userId }),
    });
    expect(bulkRequests()).toHaveLength(0);
    await expectNothingAssigned(ts, blocks);
  });
});

describe('Assign owner… when the tenant refuses or fails', () => {
  it('a refusal (400): the tenant’s words, audited as refused, nothing changed', async () => {
    await start();
    const ts = await h.postAlert(ID);
    const blocks = JSON.stringify(card(h, ts)?.blocks);
    h.tenant.faults.add({
      method: 'POST',
      path: BULK,
      status: 400,
      body: { code: 9, message: 'owner assignment is locked for this app' },
    });
    await assign(ts, 'U0CAROL');
    const told = await h.nextEphemeral('U0ALICE');
    expect(told.text).toMatch(/refused to assign an owner to finding `FND_CONNECTOR_ANOMALY_OFF`/);
    expect(told.text).toContain('owner assignment is locked for this app');
    expect(await auditEntry(h, ID, 'assignOwner')).toMatchObject({ outcome: 'refused' });
    expect(bulkRequests()).toHaveLength(1);
    await expectNothingAssigned(ts, blocks);
  });

  it('a 500 before acting: read back, then told nothing was assigned, audited as failed', async () => {
    // The read-back waits out all its pauses (about 10 s): Warden's time runs 20 times as fast here.
    h = await startOne({ speed: 20 });
    const ts = await h.postAlert(ID);
    const blocks = JSON.stringify(card(h, ts)?.blocks);
    h.tenant.faults.add({ method: 'POST', path: BULK, status: 500, body: { code: 13, message: 'internal' } });
    await assign(ts, 'U0CAROL');
    const told = await h.nextEphemeral('U0ALICE', 15_000);
    expect(told.text).toMatch(/could not assign an owner to finding `FND_CONNECTOR_ANOMALY_OFF`/);
    expect(told.text).toMatch(/Nothing was changed/);
    expect(await auditEntry(h, ID, 'assignOwner')).toMatchObject({ outcome: 'failed' });
    // not sent again blindly: the tenant may have acted
    expect(bulkRequests()).toHaveLength(1);
    await expectNothingAssigned(ts, blocks);
  }, 30_000);

  it('a 500 after the tenant acted: read back, so the card and thread show the new owner', async () => {
    await start();
    const ts = await h.postAlert(ID);
    h.tenant.faults.add({ method: 'POST', path: BULK, status: 500, after: true });
    await assign(ts, 'U0CAROL');
    await waitFor(() => h.slack.thread('C0SECOPS', ts).length === 1, 10_000, 'the thread reply');
    expect(bulkRequests()).toHaveLength(1);
    expect(ownerField(h, ts)).toBe('<@U0CAROL> (assigned)');
    expect(await auditEntry(h, ID, 'assignOwner')).toMatchObject({ outcome: 'ok' });
    expect(h.slack.ephemerals.filter((e) => e.user === 'U0ALICE')).toHaveLength(0);
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

describe('the permission key assignOwner', () => {
  it('refuses someone not named, in the modal; the tenant is not asked', async () => {
    await start('permissions:\n  assignOwner: { users: [U0CAROL] }\n');
    const ts = await h.postAlert(ID);
    await h.click(OwnerActionId.assign, ID, ts);
    const update = await waitFor(() => h.slack.callsOf('views.update')[0], 5_000, 'the refusal');
    expect(JSON.stringify(update.args.view)).toMatch(
      /assign owners to findings.*`assignOwner`|`assignOwner`.*assign owners/,
    );
    expect(await auditEntry(h, ID, 'assignOwner')).toMatchObject({ user_id: 'U0ALICE', outcome: 'denied' });
    expect(h.tenant.requests.some((r) => r.path === '/api/v1/search/users')).toBe(false);
  });

  it('checks again on submission: a form Carol opened, submitted by Alice, is refused', async () => {
    await start('permissions:\n  assignOwner: { users: [U0CAROL] }\n');
    const ts = await h.postAlert(ID);
    const blocks = JSON.stringify(card(h, ts)?.blocks);
    const form = await openAssign(ts, CAROL);
    await form.submit({ 'New owner': 'U0DAVE' }, ALICE);
    expect((await h.nextEphemeral('U0ALICE')).text).toMatch(/`assignOwner`/);
    expect(bulkRequests()).toHaveLength(0);
    await expectNothingAssigned(ts, blocks);
  });
});
