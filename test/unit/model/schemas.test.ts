import { readFileSync } from 'node:fs';
import { seedCampaigns, seedFindings } from '@warden/simulators';
import { describe, expect, it } from 'vitest';
import { renderFindingAlert } from '../../../src/blockkit/finding.js';
import { findingTypeOf } from '../../../src/domain/finding-type.js';
import { ScopeV2Schema, SetupEntitlementAndScopeResponseSchema } from '../../../src/model/campaign.js';
import { TokenResponseSchema } from '../../../src/model/envelopes.js';
import { FindingSchema } from '../../../src/model/finding.js';

const webhook = JSON.parse(
  readFileSync(new URL('../../fixtures/tenant/finding-dispatch-webhook.json', import.meta.url), 'utf8'),
) as { payload: { finding: unknown } };

describe('FindingSchema', () => {
  const seeds = seedFindings();

  it('parses every seed finding', () => {
    for (const seed of seeds) {
      const parsed = FindingSchema.safeParse(seed);
      expect(parsed.success, `${seed.id}: ${parsed.error?.message}`).toBe(true);
    }
  });

  it('the seeds set every field of the spec at least once', () => {
    const fields = Object.keys(FindingSchema.shape);
    const setSomewhere = (key: string) =>
      seeds.some(
        (s) =>
          s[key] !== undefined &&
          s[key] !== null &&
          s[key] !== '' &&
          !(Array.isArray(s[key]) && s[key].length === 0),
      );
    expect(fields.filter((k) => !setSomewhere(k))).toEqual([]);
  });

  it('the seeds cover every finding type', () => {
    const types = new Set(seeds.flatMap((s) => findingTypeOf(s)?.member ?? []));
    expect(types.size).toBe(14);
    expect(findingTypeOf(seeds.find((s) => s.id === 'FND_FUTURE') ?? {})).toBeUndefined();
  });

  it('parses the tenant webhook fixture, null arrays and null owners included', () => {
    const parsed = FindingSchema.parse(webhook.payload.finding);
    expect(parsed.computedOwner).toBeNull();
    expect(parsed.dedupKeyParts).toBeNull();
    expect(parsed.serviceAccountUnowned).toEqual({});
  });

  it('keeps unknown enum values and unknown fields as they came', () => {
    const future = seeds.find((s) => s.id === 'FND_FUTURE');
    const parsed = FindingSchema.parse(future);
    expect(parsed.state).toBe('FINDING_STATE_ESCALATED');
    expect(parsed.severity).toBe('FINDING_SEVERITY_URGENT');
    expect(parsed.quantumKeyDowngrade).toEqual({ algorithm: 'RSA-1024', keyId: 'KEY_9' });
    expect(parsed.recurrenceCount).toBe(3);
    // proto3 JSON writes int64 as a string: a number field newer than the spec may be one
    expect(FindingSchema.parse({ id: 'F1', recurrenceCount: '3' }).recurrenceCount).toBe(3);
  });

  it('accepts null for every nullable array and object', () => {
    const parsed = FindingSchema.parse({
      id: 'F1',
      dedupKeyParts: null,
      riskScore: { riskFactors: null, score: null },
      deactivatedOwnerEvidence: { deactivatedOwners: null },
      credentialPubliclyExposedEvidence: { reportingScanners: null },
      annotations: null,
      objectPermissions: null,
    });
    expect(parsed.riskScore?.riskFactors).toBeNull();
  });

  it.each(['NaN', 'Infinity', '-Infinity'])(
    'reads a double written as %s (legal proto3 JSON) and the card leaves it out',
    (value) => {
      const parsed = FindingSchema.safeParse({
        id: 'F1',
        similarUsernameMatch: { proposedIdentityUserId: 'IU_JANE' },
        similarUsernameMatchEvidence: {
          appUsername: 'j.doe',
          identityUsername: 'jane',
          similarityScore: value,
        },
      });
      expect(parsed.success, parsed.error?.message).toBe(true);
      if (!parsed.success) return;
      expect(parsed.data.similarUsernameMatchEvidence?.similarityScore).toBe(Number(value));
      const card = JSON.stringify(renderFindingAlert(parsed.data, { now: new Date() }));
      expect(card).toContain('App username `j.doe` vs identity `jane`');
      expect(card).not.toMatch(/NaN|Infinity/);
    },
  );

  it('refuses a finding without an id, and wrong types', () => {
    expect(FindingSchema.safeParse({ state: 'FINDING_STATE_OPEN' }).success).toBe(false);
    expect(FindingSchema.safeParse({ id: 'F1', recurrenceCount: 'many' }).success).toBe(false);
    expect(FindingSchema.safeParse({ id: 'F1', state: 42 }).success).toBe(false);
    expect(FindingSchema.safeParse({ id: 'F1', dedupKeyParts: 'a,b' }).success).toBe(false);
  });
});

describe('campaign schemas', () => {
  const campaigns = seedCampaigns();

  it('parses every seed campaign', () => {
    for (const [id, campaign] of Object.entries(campaigns)) {
      const parsed = SetupEntitlementAndScopeResponseSchema.safeParse(campaign);
      expect(parsed.success, `${id}: ${parsed.error?.message}`).toBe(true);
    }
  });

  it('the seeds set every ScopeV2 member at least once', () => {
    const scopes = Object.values(campaigns).map((c) => (c.scopeV2 ?? {}) as Record<string, unknown>);
    const unset = Object.keys(ScopeV2Schema.shape).filter((k) => !scopes.some((s) => s[k] != null));
    expect(unset).toEqual([]);
  });

  it('keeps an unknown principal type filter', () => {
    const parsed = SetupEntitlementAndScopeResponseSchema.parse(campaigns.CAMP_NEWER);
    expect(parsed.scopeV2?.principalTypeFilter).toBe('PRINCIPAL_TYPE_FILTER_SERVICE_IDENTITIES');
  });

  it('parses an empty answer and one of nulls', () => {
    expect(SetupEntitlementAndScopeResponseSchema.parse({})).toEqual({});
    expect(
      SetupEntitlementAndScopeResponseSchema.parse({ list: null, scopeV2: null, expanded: null }).list,
    ).toBeNull();
  });
});

describe('TokenResponseSchema', () => {
  it('takes expires_in as a number or a string', () => {
    expect(TokenResponseSchema.parse({ access_token: 'a', expires_in: '600' }).expires_in).toBe(600);
    expect(TokenResponseSchema.safeParse({ token_type: 'Bearer' }).success).toBe(false);
  });
});
