import { describe, expect, it } from 'vitest';
import { ALICE, type Harness, type HarnessOptions, waitFor } from '../helpers/harness.js';
import { BOT, DAVE, GUEST, permissionsPerTest } from '../helpers/permissions.js';

/**
 * Permissions, end to end: a button or form is checked against the alert it is on (resource
 * checks), and who may act is checked per action, user group, guest, bot and channel; the text
 * sent to the tenant says who acted. Four-eyes risk acceptance: permissions-four-eyes.test.ts.
 */

let h: Harness;
const perTest = permissionsPerTest();
const { apiCalls, audit, ephemeralFor, expectNothingChanged } = perTest;
async function start(yaml?: string, opts: HarnessOptions = {}) {
  h = await perTest.start(yaml, opts);
}

describe('resource checks', () => {
  it('refuses a button whose value names another finding than the alert it is on', async () => {
    await start();
    const ts = await h.postAlert('FND_SNOOZED');
    const before = apiCalls().length;
    await h.click('finding.reopen', 'FND_SUPPRESSED', ts); // forged: FND_SUPPRESSED has no alert here
    expect((await ephemeralFor('U0ALICE')).text).toMatch(/does not belong to a current Warden alert/);
    await expectNothingChanged();
    expect(apiCalls()).toHaveLength(before);
    expect((await audit())[0]).toMatchObject({
      outcome: 'denied',
      finding_id: 'FND_SUPPRESSED',
      error: expect.stringMatching(/resource check/),
    });
    expect(h.tenant.findings.get('FND_SUPPRESSED', Date.now())?.state).toBe('FINDING_STATE_SUPPRESSED');
  });

  it('refuses a button on a message Warden did not post', async () => {
    await start();
    await h.click('finding.reopen', 'FND_SNOOZED', '1700000000.000999');
    expect((await ephemeralFor('U0ALICE')).text).toMatch(/does not belong/);
    await expectNothingChanged();
  });

  it('a forged form button gets the refusal in the modal, and the tenant is not asked', async () => {
    await start();
    const ts = await h.postAlert('FND_SA_UNOWNED');
    const before = apiCalls().length;
    await h.click('finding.snooze', 'FND_DECOY_USED', ts);
    const update = await waitFor(() => h.slack.callsOf('views.update')[0]);
    expect(JSON.stringify(update.args.view)).toMatch(/does not belong to a current Warden alert/);
    expect(apiCalls()).toHaveLength(before);
  });
});

describe('who may act', () => {
  it('refuses a guest, naming the permission', async () => {
    await start();
    const ts = await h.postAlert('FND_SNOOZED');
    await h.click('finding.reopen', 'FND_SNOOZED', ts, GUEST);
    expect((await ephemeralFor('U0GUEST')).text).toMatch(
      /Guests may not reopen findings unless named.*`reopen`/,
    );
    await expectNothingChanged();
    expect((await audit())[0]).toMatchObject({ user_id: 'U0GUEST', outcome: 'denied', action: 'reopen' });
  });

  it('refuses a bot', async () => {
    await start();
    await h.command('reopen FND_SNOOZED', BOT);
    expect((await ephemeralFor('U0BOTTY')).text).toMatch(/Bots may not reopen findings/);
    await expectNothingChanged();
  });

  it('lets a guest act when named', async () => {
    await start('permissions:\n  reopen: { users: [U0GUEST] }\n');
    const ts = await h.postAlert('FND_SNOOZED');
    await h.click('finding.reopen', 'FND_SNOOZED', ts, GUEST);
    await waitFor(() => h.stateChanges().length === 1);
  });

  it('checks user groups and names the missing one', async () => {
    await start('permissions:\n  suppress: { usergroups: [S0SECENG] }\n');
    await h.command('suppress FND_SIMILAR_USER test account', DAVE);
    expect((await ephemeralFor('U0DAVE')).text).toBe(
      ':no_entry_sign: You do not have the `suppress` permission, needed to suppress findings. Ask to be added to <!subteam^S0SECENG>.',
    );
    await expectNothingChanged();
    await h.command('suppress FND_SIMILAR_USER test account', ALICE);
    await waitFor(() => h.stateChanges().length === 1);
    expect(h.slack.callsOf('usergroups.users.list')).toHaveLength(1); // cached
  });

  it('refuses a form submission when the permission is missing, after the form was open', async () => {
    await start('permissions:\n  snooze: { usergroups: [S0SECENG] }\n');
    const ts = await h.postAlert('FND_SA_UNOWNED');
    await h.click('finding.snooze', 'FND_SA_UNOWNED', ts, DAVE);
    const update = await waitFor(() => h.slack.callsOf('views.update')[0]);
    expect(JSON.stringify(update.args.view)).toMatch(/`snooze` permission/);
  });

  it('limits actions per channel', async () => {
    await start('permissions:\n  channels:\n    C0SECOPS: [campaign]\n');
    await h.command('snooze FND_SA_UNOWNED 7d vendor');
    expect((await ephemeralFor('U0ALICE')).text).toMatch(/nobody may snooze findings in this channel/);
    await expectNothingChanged();
  });

  it('guards viewing campaigns too', async () => {
    await start('permissions:\n  campaign: { usergroups: [S0SECLEADS] }\n');
    await h.command('campaign CAMP_FULL', ALICE);
    expect((await ephemeralFor('U0ALICE')).text).toMatch(/`campaign` permission/);
    expect(h.tenant.requests.filter((r) => r.path.includes('access_review'))).toHaveLength(0);
  });

  it('records who acted in the text sent to the tenant, with a configurable template', async () => {
    await start("attribution:\n  template: '{text} [slack {userId} {email}]'\n");
    await h.command('suppress FND_SIMILAR_USER test account');
    await waitFor(() => h.stateChanges().length === 1);
    expect(h.stateChanges()[0]).toEqual({
      suppress: { reason: 'test account [slack U0ALICE alice@acme.example]' },
    });
  });
});
