import { finding, type JsonFinding } from './finding-fixture.js';
import type { JsonCampaign } from './seed-campaigns.js';
import { SEED_IDS } from './seed-ids.js';

/**
 * DELIBERATELY UNFAITHFUL fixtures. They are not what this tenant's schema describes; they are
 * kept to prove a client survives them: a newer tenant (enum values and members nobody knows), a
 * hostile one (text that would ping or link in Slack). Never two members of one oneof: proto3
 * cannot write that, whatever the server's version (the contract test checks it in every mode).
 * `createSandboxTenant({ deliberate: false })` leaves them out, and the contract test checks them
 * as wire JSON only, never as faithful answers.
 */
export const DELIBERATE_FIXTURES: Readonly<Record<string, string>> = {
  FND_FUTURE: 'a newer tenant: a state, severity, source kind, type, target and evidence no client knows',
  FND_HOSTILE: 'hostile text from the tenant: mrkdwn that would ping a channel and link elsewhere',
  CAMP_NEWER: 'a newer tenant: a principal type filter nobody knows',
};

export function deliberateFindings(): JsonFinding[] {
  return [
    // Values no client knows: a newer tenant than the spec.
    finding('FND_FUTURE', {
      state: 'FINDING_STATE_ESCALATED',
      severity: 'FINDING_SEVERITY_URGENT',
      sourceKind: 'FINDING_SOURCE_KIND_PARTNER_FEED',
      description: 'A finding of a type newer than the spec.',
      quantumKeyDowngrade: { algorithm: 'RSA-1024', keyId: 'KEY_9' },
      quantumKeyDowngradeEvidence: { observedAt: '2026-11-20T10:00:00Z' },
      workloadTarget: { clusterId: 'K8S_1' },
      recurrenceCount: 3,
    }),
    // Hostile text from the tenant: Slack must not ping or link it.
    finding('FND_HOSTILE', {
      severity: 'FINDING_SEVERITY_HIGH',
      description: `<!channel> urgent <https://evil.example|your bank> & *bold* ${'x'.repeat(10_000)}`,
      remediationDescription: '<@U0ADMIN> please <!here>',
      serviceAccountUnowned: {},
      appUserTarget: { appId: SEED_IDS.apps.github, appUserId: 'AU_<script>' },
    }),
  ];
}

export function deliberateCampaigns(): Record<string, JsonCampaign> {
  return {
    // A principal type filter newer than the spec (enums are open): one member per oneof, as ever.
    CAMP_NEWER: {
      scopeV2: {
        allUsers: {},
        specificResources: {},
        principalTypeFilter: 'PRINCIPAL_TYPE_FILTER_SERVICE_IDENTITIES',
      },
      list: [],
      expanded: [],
    },
  };
}
