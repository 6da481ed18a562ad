import { checkBlocks, SEED_IDS } from '@warden/simulators';
import { describe, expect, it } from 'vitest';
import { renderFindingAlert } from '../../../src/blockkit/finding.js';
import { type Finding, FindingSchema } from '../../../src/model/finding.js';
import type { TargetNames } from '../../../src/ports/names.js';
import { allSeedFindings, seedFinding } from '../../helpers/seed-finding.js';

const now = new Date('2026-11-22T12:00:00Z');
const seed = seedFinding;
const render = (f: Finding, names?: TargetNames) => renderFindingAlert(f, { now, names });
const allText = (f: Finding) => JSON.stringify(render(f));
const allTextNamed = (id: string, names: TargetNames) => JSON.stringify(render(seed(id), names));
const buttons = (f: Finding) =>
  [...allText(f).matchAll(/"action_id":"(finding\.[a-zA-Z_]+)"/g)].map((m) => m[1]);
/** Every card offers these, whatever its state: the owner and the history are not states. */
const ALWAYS = ['finding.assign_owner', 'finding.history'];

describe('renderFindingAlert', () => {
  it('renders every seed finding within Slack’s limits, with a text fallback', () => {
    for (const f of allSeedFindings()) {
      const out = render(f);
      expect(checkBlocks(out.blocks), f.id).toBeUndefined();
      expect(out.text.length, f.id).toBeGreaterThan(10);
      expect(out.text.length, f.id).toBeLessThanOrEqual(3_000);
    }
  });

  it('matches the snapshot of an open alert', () => {
    expect(render(seed('FND_SA_UNOWNED'), { app: 'GitHub', target: 'deploy-bot' })).toMatchSnapshot();
  });

  it('matches the snapshot of a snoozed alert', () => {
    expect(render(seed('FND_SNOOZED'), { app: 'AWS', target: 'etl' })).toMatchSnapshot();
  });

  it('names the target and its app as the tenant does, each id beside its name for copy', () => {
    const out = render(seed('FND_SA_UNOWNED'), { app: 'GitHub', target: 'deploy-bot' });
    const text = JSON.stringify(out.blocks);
    expect(out.text).toContain('Unowned service account · deploy-bot');
    expect(text).toContain(`*Target*\\napp user *deploy-bot* (\`${SEED_IDS.appUsers.deployBot}\`)`);
    expect(text).toContain(`*App*\\n*GitHub* (\`${SEED_IDS.apps.github}\`)`);
    // A name the tenant did not give: the id, and nothing else is missing.
    const bare = render(seed('FND_SA_UNOWNED'));
    expect(bare.text).toContain(`Unowned service account · ${SEED_IDS.appUsers.deployBot}`);
    expect(JSON.stringify(bare.blocks)).toContain(`*App*\\n\`${SEED_IDS.apps.github}\``);
  });

  it('names one app, the target’s, even when the finding’s own appId is another', () => {
    const f = { ...seed('FND_UNUSED_SECRET'), appId: SEED_IDS.apps.github };
    const text = JSON.stringify(render(f, { app: 'Azure', target: 'reporting-app' }).blocks);
    expect(text).toContain(`*App*\\n*Azure* (\`${SEED_IDS.apps.azure}\`)`);
    expect(text).toContain('resource *reporting-app*');
    expect(text).not.toContain(SEED_IDS.apps.github);
    expect(text).not.toMatch(/in app/);
  });

  it('names the resource, the identity and the connector’s app the tenant names', () => {
    expect(allTextNamed('FND_NHI_UNOWNED', { app: 'AWS', target: 'ci-runner' })).toMatch(
      /resource \*ci-runner\* \(`[0-9A-Za-z]{27}`\).*\*App\*\\n\*AWS\*/,
    );
    expect(allTextNamed('FND_DEACTIVATED_OWNER', { target: 'Bob Brown' })).toContain(
      'Owner deactivated · Bob Brown',
    );
    expect(allTextNamed('FND_CONNECTOR_ANOMALY_OFF', { app: 'Okta' })).toMatch(
      /connector `[0-9A-Za-z]{27}`.*\*App\*\\n\*Okta\*/,
    );
  });

  it.each([
    ['FND_SIMILAR_USER', /j\.doe.*jane\.doe.*91% similar/s],
    ['FND_SA_MISCLASSIFIED', /Classified as \*user\*, behaves as \*service account\*/],
    ['FND_DECOY_USED', /Decoy `DCY_AWS_1` \(access token\) was used/],
    ['FND_CUSTOM', /shared_credential/],
    ['FND_CONNECTOR_ANOMALY_OFF', new RegExp(String.raw`connector \`${SEED_IDS.connectors.okta}\``)],
    [
      'FND_DEACTIVATED_OWNER',
      new RegExp(
        String.raw`Deactivated owners: \`${SEED_IDS.users.bob}\` \(user disabled\), \`${SEED_IDS.users.carol}\` \(unspecified\)`,
      ),
    ],
    ['FND_UNUSED_SECRET', /Last used <!date\^/],
    ['FND_CRED_EXPOSED', /Credential not revoked/],
    ['FND_DECOY_EXPOSED', /Credential revoked <!date/],
    ['FND_CRED_EXPIRING', /Expires <!date/],
    ['FND_SYNC_FAILING', /6 failures in a row since <!date/],
    ['FND_SHADOW_MCP', /Seen on 14 devices by 9 people/],
    [
      'FND_NHI_UNOWNED',
      new RegExp(
        String.raw`resource \`${SEED_IDS.resources.ciRole}\` \(type \`${SEED_IDS.resourceTypes.iamRole}\`\)`,
      ),
    ],
  ])('describes %s in its own words', (id, pattern) => {
    expect(allText(seed(id))).toMatch(pattern);
  });

  it('shows state lines with Slack date tokens', () => {
    expect(allText(seed('FND_SNOOZED'))).toMatch(
      /💤 Snoozed until <!date\^\d+\^\{date_short_pretty\} at \{time\}\|2027-01-15 09:00 UTC>: Owner back from leave/,
    );
    expect(allText(seed('FND_RISK_ACCEPTED'))).toMatch(
      /Risk accepted until <!date\^\d+.*: Break-glass secret/,
    );
    expect(allText(seed('FND_SUPPRESSED'))).toMatch(/Suppressed until reopened: Test accounts/);
    expect(allText(seed('FND_RESOLVED'))).toMatch(/✅ Resolved <!date/);
  });

  it.each(['FND_CRED_EXPOSED', 'FND_SNOOZED', 'FND_DECOY_EXPOSED'])(
    'says each thing once, labelled: one state, one "first seen" (%s)',
    (id) => {
      const blocks = JSON.stringify(render(seed(id)).blocks);
      expect(blocks.match(/\*State\b/g)).toHaveLength(1);
      expect(blocks.match(/first seen/gi)).toHaveLength(1);
      const state = seed(id).state === 'FINDING_STATE_SNOOZED' ? /Snoozed/g : /🚨 Open/g;
      expect(blocks.match(state)).toHaveLength(1);
    },
  );

  it('labels when scanners first reported an exposure apart from when the finding was first seen', () => {
    const text = allText(seed('FND_CRED_EXPOSED'));
    expect(text).toMatch(/Reported by `scanner-github-public`, `scanner-pastebin` \(first report <!date\^/);
    expect(text).toMatch(/first seen <!date\^/);
  });

  it('offers the buttons its state likely allows', () => {
    expect(buttons(seed('FND_SA_UNOWNED'))).toEqual([
      'finding.snooze',
      'finding.acceptRisk',
      'finding.suppress',
      'finding.resolve',
      'finding.task',
      ...ALWAYS,
    ]);
    expect(buttons(seed('FND_SNOOZED'))).toEqual(['finding.reopen', ...ALWAYS]);
    expect(buttons(seed('FND_SUPPRESSED'))).toEqual(['finding.reopen', ...ALWAYS]);
    // Create task is a hand-off where remediation is due: until the finding has its task, which
    // the card then names
    const tasked = seed('FND_IN_PROGRESS');
    expect(tasked.taskId).toBe('TSK_42');
    expect(buttons(tasked)).not.toContain('finding.task');
    expect(allText(tasked)).toContain('remediation task `TSK_42`');
    const configured = JSON.stringify(
      renderFindingAlert(seed('FND_SUPPRESSED'), { now, offerUnsuppress: true }),
    );
    expect([...configured.matchAll(/"action_id":"(finding\.[a-zA-Z_]+)"/g)].map((m) => m[1])).toEqual([
      'finding.reopen',
      'finding.unsuppress',
      ...ALWAYS,
    ]);
    expect(allText(seed('FND_SA_UNOWNED'))).toContain('Suppress (permanent)…');
    expect(
      renderFindingAlert(seed('FND_SA_UNOWNED'), { now, actions: false }).blocks.some(
        (b) => b.type === 'actions',
      ),
    ).toBe(false);
  });

  it('shows a finding type, target and enum values it does not know, never dropping them', () => {
    const text = allText(seed('FND_FUTURE'));
    expect(text).toContain('Quantum key downgrade');
    expect(text).toContain('algorithm: RSA-1024');
    expect(text).toContain('quantumKeyDowngradeEvidence');
    expect(text).toContain('workloadTarget');
    expect(text).toContain('urgent');
    expect(text).toContain('State: Escalated');
    expect(text).toContain('recurred 3 times');
  });

  it('escapes tenant text: nobody is pinged, nothing is linked', () => {
    const out = render(seed('FND_HOSTILE'));
    const text = JSON.stringify(out);
    expect(text).not.toContain('<!channel>');
    expect(text).not.toContain('<!here>');
    expect(text).not.toContain('<@U0ADMIN>');
    expect(text).not.toContain('<https://evil');
    expect(text).toContain('&lt;!channel&gt;');
    expect(text).toContain('&amp; *bold*');
    expect(out.text).not.toContain('<!channel>');
  });

  it.each([
    [{ score: 72, overrideScore: 0, overrideByUserId: '' }, '72'],
    [{ score: 72 }, '72'],
    [{ score: 72, overrideScore: 30, overrideByUserId: SEED_IDS.users.alice }, '30 (overridden)'],
    [{ score: 72, overrideScore: 0, overrideByUserId: SEED_IDS.users.alice }, '0 (overridden)'],
  ])('risk score %j reads %s: 0 with nobody overriding is no override', (riskScore, shown) => {
    const field = JSON.stringify(render(FindingSchema.parse({ id: 'FND_R', riskScore })).blocks);
    expect(field).toContain(`*Risk score*\\n${shown}"`);
  });

  it('shows risk factor weights (uint32) as their share of the total, never as a fraction times 100', () => {
    const f = FindingSchema.parse({
      id: 'FND_W',
      riskScore: {
        score: 50,
        riskFactors: [
          { name: 'a', description: 'No owner', severity: 'FINDING_SEVERITY_HIGH', weight: 40 },
          { name: 'b', description: 'Admin rights', severity: 'FINDING_SEVERITY_LOW', weight: 10 },
          { name: 'c', description: 'Unweighted', severity: 'FINDING_SEVERITY_LOW' },
        ],
      },
    });
    const text = allText(f);
    expect(text).toContain('No owner (high, weight 80%)');
    expect(text).toContain('Admin rights (low, weight 20%)');
    expect(text).toContain('Unweighted (low, weight 0%)');
    expect(text).not.toMatch(/\d{3,}%/);
  });

  it('stays within the limits for oversized findings', () => {
    const huge = FindingSchema.parse({
      id: `F${'1'.repeat(127)}`,
      state: `FINDING_STATE_${'X'.repeat(500)}`,
      severity: `FINDING_SEVERITY_${'Y'.repeat(500)}`,
      description: '<'.repeat(20_000),
      remediationDescription: '&'.repeat(20_000),
      appId: 'A'.repeat(5_000),
      riskScore: {
        score: 99,
        riskFactors: Array.from({ length: 500 }, (_, i) => ({
          name: `f${i}`,
          description: 'd'.repeat(1_000),
          weight: i / 500,
        })),
      },
      deactivatedOwnerEvidence: {
        deactivatedOwners: Array.from({ length: 1_000 }, (_, i) => ({
          userId: `U${i}${'z'.repeat(200)}`,
          reason: 'R',
        })),
      },
      credentialPubliclyExposedEvidence: {
        reportingScanners: Array.from({ length: 1_000 }, () => 's'.repeat(300)),
        sourceUrl: 'u'.repeat(10_000),
      },
      serviceAccountMisclassificationEvidence: { detectionReason: '>'.repeat(10_000) },
      appUserTarget: { appId: 'a'.repeat(3_000), appUserId: 'b'.repeat(3_000) },
      snoozeReason: 'r'.repeat(10_000),
      ...Object.fromEntries(
        Array.from({ length: 60 }, (_, i) => [`futureMember${i}`, { note: 'n'.repeat(500) }]),
      ),
    });
    const out = render(huge);
    expect(checkBlocks(out.blocks)).toBeUndefined();
    expect(out.text.length).toBeLessThanOrEqual(3_000);
    for (const b of out.blocks) {
      if (b.type === 'header') expect(b.text.text.length).toBeLessThanOrEqual(150);
    }
  });
});
