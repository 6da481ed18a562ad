import { SEED_IDS } from '@warden/simulators';
import { describe, expect, it } from 'vitest';
import { OwnerActionId } from '../../src/blockkit/ids.js';
import { type Harness, type HarnessOptions, harnessPerTest, waitFor } from '../helpers/harness.js';
import {
  buttonsOf,
  EMAIL,
  EVE_IN_TENANT,
  everythingShown,
  lookupsOf,
  ownerField,
  userReads,
} from '../helpers/owners.js';

/**
 * Issue 17, items 1 and 2: a finding's owner (a tenant identity user) mapped to a Slack person by
 * email and shown on the card as a mention, labelled assigned or computed; else the tenant's name
 * and id and why not. The mapping is cached, misses too, one lookup in flight per person.
 */

let h: Harness;
const startOne = harnessPerTest({ lane: 'inprocess' });
const start = async (opts: HarnessOptions = {}) => {
  h = await startOne(opts);
};

describe('the owner on the card', () => {
  it('is a mention labelled assigned or computed when mapped, else the tenant’s name, id and why', async () => {
    // Seven cards in one channel are paced at about one a second: time runs 20x here.
    await start({ speed: 20 });
    const shown: Record<string, string> = {};
    for (const id of [
      'FND_CONNECTOR_ANOMALY_OFF',
      'FND_DEACTIVATED_OWNER',
      'FND_CUSTOM',
      'FND_CRED_EXPIRING',
      'FND_SYNC_FAILING',
      'FND_RISK_ACCEPTED',
      'FND_SA_UNOWNED',
    ]) {
      shown[id] = ownerField(h, await h.postAlert(id));
    }
    expect(shown).toEqual({
      FND_CONNECTOR_ANOMALY_OFF: '<@U0BOB> (computed)',
      FND_DEACTIVATED_OWNER: '<@U0ALICE> (assigned)',
      // no Slack account
      FND_CUSTOM: expect.stringMatching(
        new RegExp(String.raw`^Sam Stranger \`${SEED_IDS.users.stranger}\` \(assigned; not found in Slack`),
      ),
      // a service identity without email
      FND_CRED_EXPIRING: `Build Service \`${SEED_IDS.users.noEmail}\` (assigned; no email in the tenant, so not found in Slack)`,
      // Slack hides her email: lookupByEmail cannot tell her apart from nobody, and the card says so
      FND_SYNC_FAILING: expect.stringMatching(
        new RegExp(String.raw`^Hanna Hidden \`${SEED_IDS.users.hanna}\` \(computed; .*email is hidden`),
      ),
      // deactivated in Slack
      FND_RISK_ACCEPTED: expect.stringMatching(
        new RegExp(String.raw`^Frank Former \`${SEED_IDS.users.frank}\` \(computed; not found in Slack`),
      ),
      // an app's owners are not one person: not mapped
      FND_SA_UNOWNED: 'owners of app *GitHub* (computed)',
    });
    expect(h.slack.callsOf('users.lookupByEmail').map((c) => c.args.email)).not.toContain(undefined);
  });

  it('offers Notify owner only where the owner is a Slack person', async () => {
    await start();
    const bob = await h.postAlert('FND_CONNECTOR_ANOMALY_OFF');
    const stranger = await h.postAlert('FND_CUSTOM');
    const app = await h.postAlert('FND_SA_UNOWNED');
    expect(buttonsOf(h, bob)).toEqual(
      expect.arrayContaining([OwnerActionId.notify, OwnerActionId.assign, OwnerActionId.history]),
    );
    for (const ts of [stranger, app]) {
      expect(buttonsOf(h, ts)).not.toContain(OwnerActionId.notify);
      expect(buttonsOf(h, ts)).toEqual(expect.arrayContaining([OwnerActionId.assign, OwnerActionId.history]));
    }
  });

  it('shows the assigned owner before the computed one', async () => {
    await start();
    const f = h.tenant.findings.get('FND_SHADOW_MCP');
    if (!f) throw new Error('no FND_SHADOW_MCP');
    h.tenant.findings.put({ ...f, assignedOwner: { identityUserId: SEED_IDS.users.carol } });
    expect(ownerField(h, await h.postAlert('FND_SHADOW_MCP'))).toBe('<@U0CAROL> (assigned)');
  });

  it('says emails are hidden when Warden may not read them (missing_scope), by name and id', async () => {
    await start();
    h.slack.fail({ method: 'users.lookupByEmail', error: 'missing_scope', times: 5 });
    expect(ownerField(h, await h.postAlert('FND_CONNECTOR_ANOMALY_OFF'))).toBe(
      `Bob Brown \`${SEED_IDS.users.bob}\` (computed; emails are hidden in Slack, so shown by id)`,
    );
  });

  it('never shows or logs an email address', async () => {
    await start();
    for (const id of ['FND_CONNECTOR_ANOMALY_OFF', 'FND_CUSTOM', 'FND_SYNC_FAILING', 'FND_DECOY_EXPOSED'])
      await h.postAlert(id);
    // the addresses were used: looked up, not shown
    expect(lookupsOf(h, 'bob@acme.example')).toHaveLength(1);
    expect(everythingShown(h)).not.toMatch(EMAIL);
    const leaked = h.logs.filter((line) => EMAIL.test(line));
    expect(leaked).toEqual([]);
  });
});

/** Makes `identityUserId` the assigned owner of FND_SHADOW_MCP (computed: nobody). */
function assignInTenant(identityUserId: string) {
  const f = h.tenant.findings.get('FND_SHADOW_MCP');
  if (!f) throw new Error('no FND_SHADOW_MCP');
  h.tenant.findings.put({ ...f, assignedOwner: { identityUserId } });
}

describe('issue 24: owners never shown by email, nor mapped to another organisation', () => {
  it('an owner an SSO directory made (the username is the email, no display name) is shown by id and why', async () => {
    await start();
    assignInTenant(SEED_IDS.users.sso);
    const ts = await h.postAlert('FND_SHADOW_MCP');
    expect(ownerField(h, ts)).toBe(
      `identity \`${SEED_IDS.users.sso}\` (assigned; not found in Slack by email: not a member, deactivated, or the email is hidden)`,
    );
    expect(lookupsOf(h, 'pat.sso@acme.test')).toHaveLength(1);
    expect(everythingShown(h)).not.toMatch(EMAIL);
  });

  it('an owner whose email only a person of another organisation holds in Slack is not mapped to them', async () => {
    await start();
    h.tenant.users.put(EVE_IN_TENANT);
    assignInTenant('IU_EVE');
    const ts = await h.postAlert('FND_SHADOW_MCP');
    // Slack answers the lookup with Eve of T0PARTNER (a shared channel): not the tenant's Eve
    expect(lookupsOf(h, 'eve@partner.example')).toHaveLength(1);
    expect(ownerField(h, ts)).toBe(
      'Eve External `IU_EVE` (assigned; the Slack person with their email is of another organisation, so not mapped)',
    );
    expect(buttonsOf(h, ts)).not.toContain(OwnerActionId.notify);
    expect(everythingShown(h)).not.toContain('U0EXTERNAL');
  });
});

describe('the mapping is cached', () => {
  it('several cards of one owner: one tenant read and one Slack lookup, even at once', async () => {
    await start();
    // a slow tenant: the three cards ask while the first lookup is still in flight
    h.tenant.faults.add({ method: 'GET', path: `/api/v1/users/${SEED_IDS.users.bob}`, latencyMs: 300 });
    await Promise.all(
      ['C0SECOPS', 'C0ALERTS', 'C0OTHER'].map((channel) => h.postAlert('FND_CONNECTOR_ANOMALY_OFF', channel)),
    );
    await h.postAlert('FND_CONNECTOR_ANOMALY_OFF', 'C0FOURTH');
    expect(userReads(h, SEED_IDS.users.bob)).toHaveLength(1);
    expect(lookupsOf(h, 'bob@acme.example')).toHaveLength(1);
    const cards = h.slack.messages.filter((m) => !m.thread_ts);
    expect(cards).toHaveLength(4);
    for (const m of cards) expect(ownerField(h, m.ts)).toBe('<@U0BOB> (computed)');
  });

  it('a miss is cached too: no email, no Slack account', async () => {
    await start();
    for (const channel of ['C0SECOPS', 'C0ALERTS', 'C0OTHER']) {
      await h.postAlert('FND_CRED_EXPIRING', channel);
      await h.postAlert('FND_CUSTOM', channel);
    }
    expect(userReads(h, SEED_IDS.users.noEmail)).toHaveLength(1);
    expect(userReads(h, SEED_IDS.users.stranger)).toHaveLength(1);
    expect(lookupsOf(h, 'stranger@elsewhere.example')).toHaveLength(1);
  });

  it('a 429 on users.lookupByEmail: no mention for a moment, then the owner again', async () => {
    let offset = 0;
    await start({ clock: () => Date.now() + offset });
    h.slack.fail({ method: 'users.lookupByEmail', rateLimitSeconds: 30 });
    const first = await h.postAlert('FND_CONNECTOR_ANOMALY_OFF');
    expect(ownerField(h, first)).toBe(`Bob Brown \`${SEED_IDS.users.bob}\` (computed)`);
    expect(buttonsOf(h, first)).not.toContain(OwnerActionId.notify);
    // the failure is kept briefly: the next card does not ask Slack again at once
    const second = await h.postAlert('FND_CONNECTOR_ANOMALY_OFF', 'C0ALERTS');
    expect(ownerField(h, second)).toBe(`Bob Brown \`${SEED_IDS.users.bob}\` (computed)`);
    expect(lookupsOf(h, 'bob@acme.example')).toHaveLength(1);
    // Notify owner on it says why nobody was notified, and to try again
    await h.click(OwnerActionId.notify, 'FND_CONNECTOR_ANOMALY_OFF', first);
    const told = await h.nextEphemeral('U0ALICE');
    expect(told.text).toMatch(
      new RegExp(
        String.raw`Nobody was notified\. The owner, Bob Brown \(\`${SEED_IDS.users.bob}\`\), could not be looked up just now`,
      ),
    );
    expect(told.text).toMatch(/try again in a minute/);
    expect(h.slack.callsOf('conversations.open')).toHaveLength(0);
    offset += 31_000;
    const later = await h.postAlert('FND_CONNECTOR_ANOMALY_OFF', 'C0OTHER');
    expect(ownerField(h, later)).toBe('<@U0BOB> (computed)');
    expect(lookupsOf(h, 'bob@acme.example')).toHaveLength(2);
    await waitFor(() => h.logs.some((l) => /Slack lookup by email failed/.test(l)), 2_000, 'the warning');
  });
});
