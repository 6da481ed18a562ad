import { checkBlocks, seedCampaigns } from '@warden/simulators';
import { describe, expect, it } from 'vitest';
import { CAMPAIGN_PAGE_SIZE, pageCount, renderCampaign } from '../../../src/blockkit/campaign.js';
import { entitlementsCsv, groupEntitlements } from '../../../src/domain/entitlements.js';
import { describeScope } from '../../../src/domain/scope.js';
import { SetupEntitlementAndScopeResponseSchema } from '../../../src/model/campaign.js';

const campaigns = seedCampaigns();
function viewOf(raw: unknown) {
  const r = SetupEntitlementAndScopeResponseSchema.parse(raw);
  return { scope: describeScope(r.scopeV2), ents: groupEntitlements(r) };
}

describe('groupEntitlements', () => {
  it('names through expanded, counts deleted ones apart, marks custom policies', () => {
    const { ents } = viewOf(campaigns.CAMP_FULL);
    expect(ents.rows.map((r) => [r.appName, r.entitlementName, r.policyName, r.customPolicyId])).toEqual([
      ['App 1', 'Role 1 of app 1', 'Manager review, then app owner', ''],
      ['App 1', 'Role 2 of app 1', 'Manager review, then app owner', 'POL_STRICT'],
      ['App 2', 'Role 1 of app 2', 'Manager review, then app owner', ''],
    ]);
    expect(ents.deleted).toHaveLength(1);
    expect(ents.appCount).toBe(2);
  });

  it('sorts apps and entitlements naturally: App 2 before App 10, Role 109 before Role 1009', () => {
    const { ents } = viewOf(campaigns.CAMP_LARGE);
    expect(ents.apps.map((a) => a.appName)).toEqual(Array.from({ length: 12 }, (_, i) => `App ${i + 1}`));
    const app1 = ents.rows
      .filter((r) => r.appId === 'APP_001')
      .map((r) => Number(/Role (\d+)/.exec(r.entitlementName)?.[1]));
    expect(app1).toEqual([...app1].sort((a, b) => a - b));
    expect(ents.apps.reduce((n, a) => n + a.count, 0)).toBe(ents.rows.length);
  });

  it('falls back to ids without expanded', () => {
    const { ents } = viewOf(campaigns.CAMP_BARE);
    expect(ents.rows[0]).toMatchObject({
      appName: 'APP_001',
      entitlementName: 'ENT_001_00001',
      policyName: 'POL_DEFAULT',
    });
  });
});

describe('renderCampaign', () => {
  it('matches the snapshot of the full campaign', () => {
    const { scope, ents } = viewOf(campaigns.CAMP_FULL);
    expect(renderCampaign(scope, ents, { campaignId: 'CAMP_FULL', page: 0 })).toMatchSnapshot();
  });

  it('matches the snapshot of the empty campaign', () => {
    const { scope, ents } = viewOf(campaigns.CAMP_EMPTY);
    const out = renderCampaign(scope, ents, { campaignId: 'CAMP_EMPTY', page: 0 });
    expect(out).toMatchSnapshot();
    expect(JSON.stringify(out)).not.toContain('Download CSV');
  });

  it('pages 2,500 entitlements within Slack’s limits on every page, with Previous/Next and CSV', () => {
    const { scope, ents } = viewOf(campaigns.CAMP_LARGE);
    const pages = pageCount(ents.rows.length);
    expect(ents.rows.length).toBe(2_500 - ents.deleted.length);
    expect(pages).toBe(Math.ceil(ents.rows.length / CAMPAIGN_PAGE_SIZE));
    const seen = new Set<string>();
    for (let p = 0; p < pages; p++) {
      const out = renderCampaign(scope, ents, { campaignId: 'CAMP_LARGE', page: p });
      expect(checkBlocks(out.blocks), `page ${p}`).toBeUndefined();
      const text = JSON.stringify(out.blocks);
      expect(text).toContain(`Page ${p + 1} of ${pages}`);
      expect(text.includes('campaign.page.prev')).toBe(p > 0);
      expect(text.includes('campaign.page.next')).toBe(p < pages - 1);
      expect(text).toContain('campaign.csv');
      for (const m of text.matchAll(/`(ENT_\d+_\d+)`/g)) if (m[1]) seen.add(m[1]);
    }
    expect(seen.size).toBe(ents.rows.length);
  });

  it('names every app with its count on the first page only', () => {
    const { scope, ents } = viewOf(campaigns.CAMP_LARGE);
    const first = JSON.stringify(renderCampaign(scope, ents, { campaignId: 'CAMP_LARGE', page: 0 }).blocks);
    for (const app of ents.apps) expect(first).toContain(`${app.appName} (${app.count})`);
    const second = JSON.stringify(renderCampaign(scope, ents, { campaignId: 'CAMP_LARGE', page: 1 }).blocks);
    expect(second).not.toContain(`App 12 (${ents.apps.at(-1)?.count})`);
  });

  it('with more apps than fit, names as many as fit and says how many more', () => {
    const list = Array.from({ length: 2_000 }, (_, i) => ({
      accessReviewEntitlement: { appId: `APP_${i}`, appEntitlementId: `ENT_${i}` },
    }));
    const { scope, ents } = viewOf({ list });
    const out = renderCampaign(scope, ents, { campaignId: 'CAMP_MANY', page: 0 });
    expect(checkBlocks(out.blocks)).toBeUndefined();
    expect(JSON.stringify(out.blocks)).toMatch(/and \d+ more apps \(all in the CSV\)/);
  });

  it('clamps a page number out of range', () => {
    const { scope, ents } = viewOf(campaigns.CAMP_FULL);
    expect(JSON.stringify(renderCampaign(scope, ents, { campaignId: 'C', page: 99 }).blocks)).toContain(
      'Page 1 of 1',
    );
  });

  it('a shared copy has no paging or share buttons and says who shared it', () => {
    const { scope, ents } = viewOf(campaigns.CAMP_LARGE);
    const out = renderCampaign(scope, ents, { campaignId: 'CAMP_LARGE', page: 3, shared: { by: 'U0ALICE' } });
    expect(out.blocks.some((b) => b.type === 'actions')).toBe(false);
    expect(JSON.stringify(out.blocks)).toContain('Shared by <@U0ALICE>');
  });

  it('escapes hostile names and stays in limits with huge ones', () => {
    const hostile = {
      scopeV2: {
        celExpression: { expression: '`<!channel>`'.repeat(500) },
        selectedUsers: { userIds: Array.from({ length: 5_000 }, (_, i) => `<@U${i}>`) },
      },
      expanded: [{ '@type': 'App', displayName: `<!channel> ${'x'.repeat(5_000)}` }],
      list: Array.from({ length: 100 }, (_, i) => ({
        appPath: '$.expanded[0]',
        entitlementPath: '$.expanded[0]',
        accessReviewEntitlement: {
          appId: `A${i % 3}`,
          appEntitlementId: `<https://evil|x>${i}`,
          customPolicyId: '<!here>',
        },
      })),
    };
    const { scope, ents } = viewOf(hostile);
    const out = renderCampaign(scope, ents, { campaignId: 'CAMP_X', page: 0 });
    expect(checkBlocks(out.blocks)).toBeUndefined();
    const text = JSON.stringify(out);
    expect(text).not.toContain('<!channel>');
    expect(text).not.toContain('<!here>');
    expect(text).not.toContain('<https://evil');
    expect(text).not.toContain('<@U1>');
  });
});

describe('entitlementsCsv', () => {
  it('writes every row, deleted included, quoting and defusing formulas', () => {
    const csv = entitlementsCsv({
      rows: [
        {
          appId: 'A1',
          appName: 'Pay, roll',
          entitlementId: 'E1',
          entitlementName: '=HYPERLINK("http://evil")',
          policyId: 'P',
          policyName: 'line\nbreak',
          customPolicyId: '',
          createdAt: '',
          deletedAt: '',
        },
      ],
      deleted: [
        {
          appId: 'A2',
          appName: '@cmd',
          entitlementId: 'E2',
          entitlementName: 'n',
          policyId: 'P',
          policyName: 'p',
          customPolicyId: '',
          createdAt: '',
          deletedAt: '2026-01-01',
        },
      ],
      appCount: 1,
      apps: [],
    });
    expect(csv.split('\r\n')).toEqual([
      'appId,appName,entitlementId,entitlementName,policyId,policyName,customPolicyId,createdAt,deletedAt',
      'A1,"Pay, roll",E1,"\'=HYPERLINK(""http://evil"")",P,"line\nbreak",,,',
      "A2,'@cmd,E2,n,P,p,,,2026-01-01",
      '',
    ]);
  });
});
