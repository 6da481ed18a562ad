import { SEED_IDS } from '@warden/simulators';
import { describe, expect, it } from 'vitest';
import { OwnerActionId } from '../../src/blockkit/ids.js';
import { ALICE, type Harness, waitFor } from '../helpers/harness.js';
import { assignPerTest, BULK, ID } from '../helpers/owner-assign.js';
import { auditEntry, CAROL, card, EMAIL, EVE_IN_TENANT, ownerField } from '../helpers/owners.js';

/**
 * Assign owner… (owner-assign.test.ts, issue 17, item 4) when it cannot go through: whoever
 * cannot be mapped to a tenant user, a tenant that refuses or fails, and the permission key
 * assignOwner (checked on the click and again on submission). Each gives a clear message and
 * changes nothing.
 */

let h: Harness;
const { startOne, start, bulkRequests, openAssign, assign, expectNothingAssigned } = assignPerTest({
  started: (started) => {
    h = started;
  },
  current: () => h,
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
