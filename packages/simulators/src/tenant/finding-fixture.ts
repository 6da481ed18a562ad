import { SEED_IDS } from './seed-ids.js';

/** A finding as JSON, and the fields every seed finding starts from (overridden per seed). */

export type JsonFinding = Record<string, unknown> & { id: string; state: string };

const T0 = '2026-11-20T10:00:00Z';

/** The app a target names (an account's, a resource's, a connector's), if any. */
function targetAppId(fields: Record<string, unknown>): string | undefined {
  for (const key of ['appUserTarget', 'appResourceTarget', 'connectorTarget']) {
    const target = fields[key] as { appId?: unknown } | undefined;
    if (typeof target?.appId === 'string') return target.appId;
  }
  return undefined;
}

export function finding(id: string, fields: Record<string, unknown>): JsonFinding {
  return {
    id,
    // The finding's app is its target's: a card never names two apps that disagree.
    appId: targetAppId(fields) ?? SEED_IDS.apps.github,
    state: 'FINDING_STATE_OPEN',
    severity: 'FINDING_SEVERITY_MEDIUM',
    sourceKind: 'FINDING_SOURCE_KIND_DETECTOR',
    sourceDetectorId: 'DET_BUILTIN',
    description: '',
    remediationDescription: '',
    fingerprint: `fp-${id.toLowerCase()}`,
    dedupKeyParts: null,
    recurrenceCount: 1,
    createdAt: T0,
    updatedAt: T0,
    firstObservedAt: T0,
    lastObservedAt: T0,
    lastAppearedAt: T0,
    resolvedAt: null,
    snoozeReason: '',
    snoozeUntil: null,
    suppressReason: '',
    riskAcceptanceExpiresAt: null,
    riskAcceptanceJustification: '',
    stateUpdatedById: '',
    taskId: '',
    assigneeIdentityUserId: '',
    assignedOwner: null,
    computedOwner: null,
    annotations: {},
    customTags: {},
    objectPermissions: { read: true, edit: true, delete: false, extra: {} },
    ...fields,
  };
}
