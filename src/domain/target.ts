import type { Finding } from '../model/finding.js';

/**
 * What a finding is about, as ids the tenant can name: its target (an account, a resource, an
 * identity, a connector) and the app it is in. Pure. The target's app is the finding's app: a
 * card names one app, the one its target is in, and the finding's own `appId` only when the
 * target names none (a decoy, the tenant).
 */

export type TargetRef =
  | { kind: 'appUser'; appId: string; id: string }
  | { kind: 'resource'; appId: string; typeId: string; id: string }
  | { kind: 'identity'; id: string }
  | { kind: 'connector'; appId: string; id: string };

/** The target as something the tenant can name, when it is one. */
export function targetRefOf(f: Finding): TargetRef | undefined {
  const u = f.appUserTarget;
  if (u?.appUserId && u.appId) return { kind: 'appUser', appId: u.appId, id: u.appUserId };
  const i = f.identityUserTarget;
  if (i?.identityUserId) return { kind: 'identity', id: i.identityUserId };
  const r = f.appResourceTarget;
  if (r?.appResourceId && r.appId && r.appResourceTypeId)
    return { kind: 'resource', appId: r.appId, typeId: r.appResourceTypeId, id: r.appResourceId };
  const c = f.connectorTarget;
  if (c?.connectorId && c.appId) return { kind: 'connector', appId: c.appId, id: c.connectorId };
  return undefined;
}

/** The app the finding is in: its target's, else its own `appId`; undefined when neither names one. */
export function findingAppId(f: Finding): string | undefined {
  return (
    f.appUserTarget?.appId || f.appResourceTarget?.appId || f.connectorTarget?.appId || f.appId || undefined
  );
}
