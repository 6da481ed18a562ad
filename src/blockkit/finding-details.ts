import { findingTypeOf, typeTitle } from '../domain/finding-type.js';
import type { MessageKey } from '../i18n/catalog/index.js';
import { t } from '../i18n/speak.js';
import { type Finding, FindingSchema } from '../model/finding.js';
import type { TargetNames } from '../ports/names.js';
import type { NoSlackPerson, OwnerPerson } from '../ports/owners.js';
import { enumWords } from './enum-words.js';
import { genericObject, targetName } from './finding-target.js';
import { code, mention, safeMrkdwn, slackDate } from './mrkdwn.js';

export { enumsInWords, enumWords } from './enum-words.js';
// A target's words live in finding-target.ts; importers of this module keep finding them here.
export { describeTarget, targetName } from './finding-target.js';

/**
 * Readable lines for a finding's type, target, owner and evidence (spec: the oneofs of a
 * Finding). Every member of the spec has its own words; a member this code does not know (a
 * newer tenant) is rendered generically rather than dropped.
 */

const KNOWN_FIELDS = new Set(Object.keys(FindingSchema.shape));

const s = (v: unknown): string => (typeof v === 'string' ? v : typeof v === 'number' ? String(v) : '');
const c = (v: unknown): string => (s(v) ? code(s(v), 80) : t('target.unknown'));
const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

type Owner = NonNullable<Finding['assignedOwner']>;

/** `app`: the finding's app and its name, for "owners of app GitHub" (finding-target.ts). */
function describeOwnerRef(o: Owner, app?: { id: string; name: string }): string | undefined {
  if (o.appOwnerAppId && o.appOwnerAppId === app?.id)
    return t('owner.appOwners', { app: `*${safeMrkdwn(app.name, 100)}*` });
  if (o.identityUserId) return t('owner.identity', { id: c(o.identityUserId) });
  if (o.userSetId) return t('owner.userSet', { id: c(o.userSetId) });
  if (o.managerOfUserId) return t('owner.managerOf', { id: c(o.managerOfUserId) });
  if (o.appOwnerAppId) return t('owner.appOwners', { app: c(o.appOwnerAppId) });
  return undefined;
}

/** The owner as a person, mapped to Slack as far as Warden could (usecases/shared/alert-life.ts). */
export interface ShownOwner {
  which: 'assigned' | 'computed';
  person: OwnerPerson;
}

const NOT_MAPPED: Record<NoSlackPerson, MessageKey | undefined> = {
  'no-tenant-user': 'owner.noTenantUser',
  'no-email': 'owner.noEmail',
  // Slack answers a hidden email as it answers an unknown one (users_not_found): Warden cannot
  // tell them apart, so the card names both.
  'not-in-slack': 'owner.notInSlack',
  'emails-hidden': 'owner.emailsHidden',
  'other-organisation': 'owner.otherOrganisation',
  unavailable: undefined,
};

/** "<@U1> (assigned)", else the tenant's name for them and why Slack could not say who. */
function describePerson(o: ShownOwner): string {
  const { person } = o;
  const assigned = o.which === 'assigned';
  if (person.slackUserId)
    return t(assigned ? 'owner.assignedMention' : 'owner.computedMention', {
      who: mention(person.slackUserId),
    });
  const id = code(person.identityUserId, 80);
  const who = person.name
    ? t('owner.named', { name: safeMrkdwn(person.name, 80), id })
    : t('owner.identity', { id });
  const whyKey = person.why ? NOT_MAPPED[person.why] : undefined;
  if (!whyKey) return t(assigned ? 'owner.assignedMention' : 'owner.computedMention', { who });
  return t(assigned ? 'owner.assignedWhy' : 'owner.computedWhy', { who, why: t(whyKey) });
}

export function describeOwner(f: Finding, shown?: ShownOwner, app?: { id: string; name: string }): string {
  if (shown) return describePerson(shown);
  const assigned = f.assignedOwner ? describeOwnerRef(f.assignedOwner, app) : undefined;
  if (assigned) return assigned;
  const computed = f.computedOwner ? describeOwnerRef(f.computedOwner, app) : undefined;
  return computed ? t('owner.computed', { owner: computed }) : t('owner.none');
}

function exposureLines(e: NonNullable<Finding['credentialPubliclyExposedEvidence']>): string[] {
  const lines = [];
  if (e.sourceUrl) {
    const where = code(e.sourceUrl, 300);
    lines.push(
      e.sourceKind
        ? t('details.foundAtKind', { where, kind: safeMrkdwn(e.sourceKind, 60) })
        : t('details.foundAt', { where }),
    );
  }
  if (e.fingerprintPrefix) lines.push(t('details.fingerprint', { prefix: code(e.fingerprintPrefix, 40) }));
  // When a scanner first reported the exposure: not when the finding was first seen (the card's
  // own line says that), so it is labelled apart.
  const first = e.firstObservedAt ? slackDate(e.firstObservedAt) : '';
  const scanners = e.reportingScanners ?? [];
  if (scanners.length > 0) {
    const names = scanners
      .slice(0, 5)
      .map((x) => code(x, 60))
      .join(', ');
    lines.push(
      first
        ? t('details.reportedByFirst', { scanners: names, when: first })
        : t('details.reportedBy', { scanners: names }),
    );
  } else if (first) lines.push(t('details.exposureFirst', { when: first }));
  lines.push(
    e.credentialRevoked
      ? e.revokedAt
        ? t('details.revokedAt', { when: slackDate(e.revokedAt) })
        : t('details.revoked')
      : t('details.notRevoked'),
  );
  return lines;
}

/** Lines on what the finding is about: its type's own fields, then its evidence. */
export function describeDetails(f: Finding, now: Date): string[] {
  return [...typeLines(f), ...evidenceLines(f, now), ...unknownLines(f)];
}

const displayName = (v: unknown): string => safeMrkdwn(s(v) || t('details.unnamed'), 100);
const credentialLine = (name: unknown, id: string | null | undefined): string =>
  id
    ? t('details.credentialId', { name: displayName(name), id: c(id) })
    : t('details.credential', { name: displayName(name) });

/** The finding type's own fields. */
function typeLines(f: Finding): string[] {
  const lines: string[] = [];
  if (f.similarUsernameMatch)
    lines.push(t('details.proposedIdentity', { id: c(f.similarUsernameMatch.proposedIdentityUserId) }));
  if (f.serviceAccountMisclassification) {
    const m = f.serviceAccountMisclassification;
    lines.push(
      t('details.misclassified', {
        current: enumWords(m.currentAccountType, 'APP_USER_TYPE_'),
        detected: enumWords(m.detectedAccountType, 'APP_USER_TYPE_'),
      }),
    );
  }
  if (f.decoyCredentialUsed) {
    const d = f.decoyCredentialUsed;
    lines.push(
      t('details.decoyUsed', { id: c(d.decoyId), kind: enumWords(d.kind, 'DECOY_CREDENTIAL_KIND_') }),
    );
  }
  if (f.deactivatedOwner)
    lines.push(
      t('details.ownerSource', { source: enumWords(f.deactivatedOwner.source, 'DEACTIVATED_OWNER_SOURCE_') }),
    );
  if (f.credentialPubliclyExposed) {
    const e = f.credentialPubliclyExposed;
    const id = e.userClientId || e.connectorClientId || e.functionClientId || e.connectorManagedCredentialId;
    lines.push(credentialLine(e.credentialDisplayName, id));
  }
  if (f.decoyPubliclyExposed) {
    const d = f.decoyPubliclyExposed;
    lines.push(t('details.decoy', { name: displayName(d.decoyDisplayName), id: c(d.decoyId) }));
  }
  if (f.credentialExpiring) {
    const e = f.credentialExpiring;
    lines.push(credentialLine(e.credentialDisplayName, e.userClientId));
  }
  if (f.shadowMcp) lines.push(t('details.mcpServer', { id: c(f.shadowMcp.mcpIdentifier) }));
  if (f.customSubType) lines.push(t('details.kind', { kind: safeMrkdwn(f.customSubType, 100) }));
  return lines;
}

/** The evidence member, whichever is set. */
function evidenceLines(f: Finding, now: Date): string[] {
  const lines: string[] = [];
  const sim = f.similarUsernameMatchEvidence;
  if (sim) {
    // A double: "NaN" and "Infinity" are legal on the wire and say nothing a person can use.
    const value = sim.similarityScore;
    const names = { app: c(sim.appUsername), identity: c(sim.identityUsername) };
    lines.push(
      typeof value === 'number' && Number.isFinite(value)
        ? t('details.similarScore', { ...names, score: String(Math.round(value * 100)) })
        : t('details.similar', names),
    );
  }
  if (f.serviceAccountMisclassificationEvidence?.detectionReason) {
    lines.push(
      t('details.why', { why: safeMrkdwn(f.serviceAccountMisclassificationEvidence.detectionReason, 500) }),
    );
  }
  const owners = f.deactivatedOwnerEvidence?.deactivatedOwners ?? [];
  if (owners.length > 0) {
    const shown = owners
      .slice(0, 5)
      .map((o) => `${c(o.userId)} (${enumWords(o.reason, 'DEACTIVATED_OWNER_REASON_')})`);
    lines.push(
      owners.length > 5
        ? t('details.deactivatedOwnersMore', { owners: shown.join(', '), more: owners.length - 5 })
        : t('details.deactivatedOwners', { owners: shown.join(', ') }),
    );
  }
  if (f.unusedSecretEvidence) {
    const last = f.unusedSecretEvidence.lastUsedAt;
    lines.push(last ? t('details.lastUsed', { when: slackDate(last) }) : t('details.neverUsed'));
  }
  if (f.credentialPubliclyExposedEvidence) lines.push(...exposureLines(f.credentialPubliclyExposedEvidence));
  if (f.decoyPubliclyExposedEvidence) lines.push(...exposureLines(f.decoyPubliclyExposedEvidence));
  const exp = f.credentialExpiringEvidence;
  if (exp?.expiresAt) {
    const past = exp.expired || Date.parse(exp.expiresAt) <= now.getTime();
    lines.push(t(past ? 'details.expired' : 'details.expires', { when: slackDate(exp.expiresAt) }));
  }
  if (f.connectorSyncFailingEvidence) lines.push(syncLine(f.connectorSyncFailingEvidence));
  const mcp = f.shadowMcpEvidence;
  if (mcp)
    lines.push(t('details.seenOn', { devices: s(mcp.deviceCount) || '?', people: s(mcp.userCount) || '?' }));
  if (isObject(f.custom) && !findingTypeOf({ ...f, custom: null })) {
    const text = genericObject(f.custom);
    if (text) lines.push(t('details.details', { text }));
  }
  return lines;
}

/** "3 failures in a row since <date>, last <date>": each part only when the tenant gave it. */
function syncLine(sync: NonNullable<Finding['connectorSyncFailingEvidence']>): string {
  const failures =
    typeof sync.consecutiveFailureCount === 'number'
      ? t('details.failures', { count: String(sync.consecutiveFailureCount) })
      : t('details.failing');
  const since = sync.streakStartedAt ? slackDate(sync.streakStartedAt) : undefined;
  const last = sync.lastFailedAt ? slackDate(sync.lastFailedAt) : undefined;
  if (since && last) return t('details.failingSinceLast', { failures, since, last });
  if (since) return t('details.failingSince', { failures, since });
  if (last) return t('details.failingLast', { failures, last });
  return failures;
}

/** Members this code does not know (a newer tenant): shown, never dropped. */
function unknownLines(f: Finding): string[] {
  const lines: string[] = [];
  for (const key of Object.keys(f)) {
    if (KNOWN_FIELDS.has(key) || key.endsWith('Target') || !isObject(f[key])) continue;
    const text = genericObject(f[key]);
    lines.push(`${safeMrkdwn(key, 60)}${text ? `: ${text}` : ''}`);
  }
  return lines;
}

/** The finding type's title, or a readable form of an unknown member's name. */
export function findingTitle(f: Finding): string {
  const type = findingTypeOf(f);
  if (type) return typeTitle(type);
  const unknown = Object.keys(f).find(
    (k) => !KNOWN_FIELDS.has(k) && !k.endsWith('Target') && !k.endsWith('Evidence') && isObject(f[k]),
  );
  if (!unknown) return t('details.finding');
  const words = unknown.replace(/([a-z])([A-Z])/g, '$1 $2').toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/**
 * What the finding is, for lists (Home): its type in words and its target's name, "Decoy
 * credential used · etl-bot" (plain text: escape it where it goes into mrkdwn).
 */
export function findingLabel(f: Finding, names?: TargetNames): string {
  const name = targetName(f, names);
  return name ? `${findingTitle(f)} · ${name}` : findingTitle(f);
}
