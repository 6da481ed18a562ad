import { describe, expect, it } from 'vitest';
import { attestFindings, containFindings, faithfulFindings } from '../src/index.js';
import { seedApps, seedAppUsers, seedResources } from '../src/tenant/seed-apps.js';

/**
 * The seeds agree with themselves as a real tenant's data does: a finding's app is the app its
 * target is in, the account or resource it targets is one of that app's, and an app's-owners
 * owner names the same app. A card built from them then never shows two apps that disagree.
 */

const findings = [...faithfulFindings(), ...attestFindings(), ...containFindings()];
type Ref = { appId?: string; appUserId?: string; appResourceId?: string; connectorId?: string };

describe('the seed findings agree with the seed apps', () => {
  const apps = new Set(seedApps().map((a) => a.id));
  const accounts = new Map(seedAppUsers().map((u) => [u.id, u.appId]));
  const resources = new Map(seedResources().map((r) => [r.id, r.appId]));

  it.each(findings.map((f) => [f.id, f] as const))('%s names one app, its target’s', (_, f) => {
    const target = (f.appUserTarget ?? f.appResourceTarget ?? f.connectorTarget) as Ref | undefined;
    const appId = f.appId as string;
    expect(apps.has(appId), `app ${appId}`).toBe(true);
    if (target?.appId) expect(appId).toBe(target.appId);
    if (target?.appUserId) expect(accounts.get(target.appUserId)).toBe(appId);
    if (target?.appResourceId) expect(resources.get(target.appResourceId)).toBe(appId);
    for (const owner of [f.assignedOwner, f.computedOwner] as ({ appOwnerAppId?: string } | null)[])
      if (owner?.appOwnerAppId) expect(owner.appOwnerAppId).toBe(appId);
  });
});
