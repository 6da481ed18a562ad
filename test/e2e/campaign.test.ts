import type { EphemeralMessage } from '@warden/simulators';
import { SEED_IDS } from '@warden/simulators';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type Harness, settle, startHarness, waitFor } from '../helpers/harness.js';

let h: Harness;
beforeEach(async () => {
  h = await startHarness({ lane: 'inprocess' });
});
afterEach(() => h.close());

interface ButtonInfo {
  action_id: string;
  value: string;
}
function buttons(msg: { blocks: unknown[] }): ButtonInfo[] {
  const out: ButtonInfo[] = [];
  for (const b of msg.blocks as { type: string; elements?: ButtonInfo[] }[])
    if (b.type === 'actions') out.push(...(b.elements ?? []));
  return out;
}
const pageLine = (msg: EphemeralMessage) =>
  JSON.stringify(msg.blocks)
    .match(/Page (\d+) of (\d+)/)
    ?.slice(1)
    .map(Number);
const campaignGets = () => h.tenant.requests.filter((r) => r.path.includes('/access_review/'));

describe('/warden campaign', () => {
  it('shows the scope and walks all 2,500 entitlements to the last page, privately', async () => {
    await h.command('campaign CAMP_LARGE');
    const view = await waitFor(() => h.slack.ephemerals[0], 5_000, 'campaign view');
    expect(view.via).toBe('response_url');
    expect(JSON.stringify(view.blocks)).toContain('*Users:* All users');
    const [first, total] = pageLine(view) ?? [];
    expect(first).toBe(1);
    expect(total).toBeGreaterThan(50);
    const entitlements = new Set<string>();
    const collect = () => {
      for (const m of JSON.stringify(view.blocks).matchAll(/`(ENT_\d+_\d+)`/g))
        if (m[1]) entitlements.add(m[1]);
    };
    collect();
    for (let page = 2; page <= (total ?? 0); page++) {
      const next = buttons(view).find((b) => b.action_id === 'campaign.page.next');
      expect(next, `next on page ${page - 1}`).toBeDefined();
      const before = view.replaced ?? 0;
      await h.click(next?.action_id ?? '', next?.value ?? '', '1763800000.000100', undefined, view.id);
      await waitFor(() => (view.replaced ?? 0) > before, 5_000, `page ${page}`);
      expect(pageLine(view)).toEqual([page, total]);
      collect();
    }
    expect(buttons(view).some((b) => b.action_id === 'campaign.page.next')).toBe(false);
    expect(buttons(view).some((b) => b.action_id === 'campaign.page.prev')).toBe(true);
    expect(entitlements.size).toBe(2_500 - 26); // 26 of the seed's 2,500 are deleted
    expect(h.slack.ephemerals).toHaveLength(1);
    expect(h.slack.messages).toHaveLength(0);
    expect(campaignGets()).toHaveLength(1); // fetched once, paged from memory
  });

  it('goes back with Previous', async () => {
    await h.command('campaign CAMP_LARGE');
    const view = await waitFor(() => h.slack.ephemerals[0]);
    const next = buttons(view).find((b) => b.action_id === 'campaign.page.next');
    await h.click('campaign.page.next', next?.value ?? '', '1.1', undefined, view.id);
    await waitFor(() => view.replaced === 1);
    const prev = buttons(view).find((b) => b.action_id === 'campaign.page.prev');
    await h.click('campaign.page.prev', prev?.value ?? '', '1.1', undefined, view.id);
    await waitFor(() => view.replaced === 2);
    expect(pageLine(view)?.[0]).toBe(1);
  });

  it('Download CSV sends the whole list in a direct message', async () => {
    await h.command('campaign CAMP_LARGE');
    const view = await waitFor(() => h.slack.ephemerals[0]);
    const csv = buttons(view).find((b) => b.action_id === 'campaign.csv');
    await h.click('campaign.csv', csv?.value ?? '', '1.1', undefined, view.id);
    const file = await waitFor(() => h.slack.files[0], 5_000, 'uploaded file');
    expect(file.channel).toBe('D0ALICE');
    expect(file.filename).toBe('CAMP_LARGE-entitlements.csv');
    // The file itself, as Slack keeps it: not the multipart body the uploader wrapped it in.
    expect(file.content.split('\r\n')[0]).toBe(
      'appId,appName,entitlementId,entitlementName,policyId,policyName,customPolicyId,createdAt,deletedAt',
    );
    expect(file.content.split('\r\n').slice(-2)).toEqual([expect.stringMatching(/^APP_\d+,/), '']);
    expect(file.content).not.toContain('Content-Disposition');
    expect(file.mimetype).toBe('text/csv');
    const lines = file.content.split('\r\n').filter((l) => /^APP_\d+,/.test(l));
    expect(lines).toHaveLength(2_500);
    expect((await waitFor(() => h.slack.ephemerals[1])).text).toMatch(/Sent the CSV/);
  });

  it('Share in channel posts the page for everyone', async () => {
    await h.command('campaign CAMP_FULL');
    const view = await waitFor(() => h.slack.ephemerals[0]);
    expect(buttons(view).map((b) => b.action_id)).toEqual(['campaign.share']);
    await h.click('campaign.share', buttons(view)[0]?.value ?? '', '1.1', undefined, view.id);
    const posted = await waitFor(() => h.slack.messages[0]);
    expect(posted.channel).toBe('C0SECOPS');
    expect(JSON.stringify(posted.blocks)).toContain('Shared by <@U0ALICE>');
    expect(buttons(posted)).toEqual([]);
  });

  it('shows a campaign without expanded objects by ids, and an empty one as not set', async () => {
    await h.command('campaign CAMP_BARE');
    const bare = await waitFor(() => h.slack.ephemerals[0]);
    expect(JSON.stringify(bare.blocks)).toContain('`ENT_001_00001`');
    await h.command('campaign CAMP_EMPTY');
    const empty = await waitFor(() => h.slack.ephemerals[1]);
    expect(JSON.stringify(empty.blocks)).toContain('*Users:* not set');
    expect(JSON.stringify(empty.blocks)).toContain('No entitlements are selected');
  });

  it('says each member of a oneof alone, as a real tenant sends it, with no warning', async () => {
    await h.command('campaign CAMP_RESOURCES');
    const resources = JSON.stringify((await waitFor(() => h.slack.ephemerals[0])).blocks);
    expect(resources).toContain('*Apps and resources:* Specific resources of the selected apps');
    expect(resources).toContain(
      `*Users:* 2 selected users: \`${SEED_IDS.users.alice}\`, \`${SEED_IDS.users.bob}\``,
    );
    await h.command('campaign CAMP_TYPES');
    const types = JSON.stringify((await waitFor(() => h.slack.ephemerals[1])).blocks);
    expect(types).toContain('*Apps and resources:* Selected resource types');
    expect(types).toContain('*Users:* All users');
    expect(types).toContain('*Principals reviewed:* Resources');
    for (const shown of [resources, types]) expect(shown).not.toContain(':warning:');
  });

  it('says so for an unknown campaign, a tenant failure, and a malformed id', async () => {
    await h.command('campaign CAMP_NOPE');
    expect((await waitFor(() => h.slack.ephemerals[0])).text).toMatch(/no such item/);
    h.tenant.faults.add({ path: /access_review/, status: 503, times: 10 });
    await h.command('campaign CAMP_FULL');
    expect((await waitFor(() => h.slack.ephemerals[1])).text).toMatch(/unavailable or not answering/);
    const ack = await h.command('campaign ../../etc');
    expect(JSON.parse(ack.body).text).toMatch(/not a valid id/);
  });

  it('refuses a tampered page button', async () => {
    await h.click('campaign.page.next', '{"c":"../x","p":1}', '1.1');
    expect((await waitFor(() => h.slack.ephemerals[0])).text).toMatch(/not valid/);
    await settle(100);
    expect(campaignGets()).toHaveLength(0);
  });
});
