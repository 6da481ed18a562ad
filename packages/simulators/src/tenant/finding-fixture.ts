/** A finding as JSON, and the fields every seed finding starts from (overridden per seed). */

export type JsonFinding = Record<string, unknown> & { id: string; state: string };

const T0 = '2026-11-20T10:00:00Z';

export function finding(id: string, fields: Record<string, unknown>): JsonFinding {
  return {
    id,
    appId: 'APP_GITHUB',
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
