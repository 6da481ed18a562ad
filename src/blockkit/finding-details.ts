import { findingTypeOf } from '../domain/finding-type.js';
import { type Finding, FindingSchema } from '../model/finding.js';
import type { TargetNames } from '../ports/names.js';
import type { NoSlackPerson, OwnerPerson } from '../ports/owners.js';
import { genericObject, targetName } from './finding-target.js';
import { code, mention, safeMrkdwn, slackDate } from './mrkdwn.js';

// A target's words live in finding-target.ts; importers of this module keep finding them here.
export { describeTarget, targetName } from './finding-target.js';

/**
 * Readable lines for a finding's type, target, owner and evidence (spec: the oneofs of a
 * Finding). Every member of the spec has its own words; a member this code does not know (a
 * newer tenant) is rendered generically rather than dropped.
 */

const KNOWN_FIELDS = new Set(Object.keys(FindingSchema.shape));

const s = (v: unknown): string => (typeof v === 'string' ? v : typeof v === 'number' ? String(v) : '');
const c = (v: unknown): string => (s(v) ? code(s(v), 80) : '_unknown_');
const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/** An enum value's shape on the wire (proto3 JSON writes enums by name): `SOME_VALUE`. */
const SHOUTY = /^[A-Z][A-Z0-9]*(?:_[A-Z0-9]+)*$/;

/**
 * `APP_USER_TYPE_SERVICE_ACCOUNT` -> `service account` (the prefix given); a value of another
 * prefix (a newer tenant) in words too (`ESCALATED` -> `escalated`); anything else as it came.
 */
export function enumWords(value: string | null | undefined, prefix: string): string {
  if (!value) return 'unspecified';
  if (!value.startsWith(prefix))
    return SHOUTY.test(value)
      ? safeMrkdwn(value.toLowerCase().replaceAll('_', ' '), 80)
      : safeMrkdwn(value, 80);
  // The rest is the tenant's too (`FINDING_SEVERITY_<!channel>`): escaped like any of its text.
  const rest = value.slice(prefix.length).toLowerCase().replaceAll('_', ' ');
  return rest === 'unspecified' ? 'unspecified' : safeMrkdwn(rest, 80);
}

/** The tenant's enums Warden knows the type of: their prefix is the type's name, not words. */
const ENUM_PREFIXES = [
  'FINDING_STATE_',
  'FINDING_SEVERITY_',
  'FINDING_SOURCE_KIND_',
  'APP_USER_TYPE_',
  'DECOY_CREDENTIAL_KIND_',
  'DEACTIVATED_OWNER_SOURCE_',
  'TASK_STATE_',
];

/**
 * A tenant's own sentence with the enum values it quotes in words: "cannot reopen a finding in
 * state FINDING_STATE_SUPPRESSED" -> "… in state suppressed". Only values of a type Warden knows
 * (by its prefix): an id or a code the tenant quotes stays as it is. Plain text in and out.
 */
export function enumsInWords(text: string): string {
  return text.replace(/\b[A-Z][A-Z0-9]*(?:_[A-Z0-9]+){2,}\b/g, (value) => {
    const prefix = ENUM_PREFIXES.find((p) => value.startsWith(p) && value.length > p.length);
    return prefix ? value.slice(prefix.length).toLowerCase().replaceAll('_', ' ') : value;
  });
}

type Owner = NonNullable<Finding['assignedOwner']>;

/** `app`: the finding's app and its name, for "owners of app GitHub" (finding-target.ts). */
function describeOwnerRef(o: Owner, app?: { id: string; name: string }): string | undefined {
  if (o.appOwnerAppId && o.appOwnerAppId === app?.id) return `owners of app *${safeMrkdwn(app.name, 100)}*`;
  if (o.identityUserId) return `identity ${c(o.identityUserId)}`;
  if (o.userSetId) return `user set ${c(o.userSetId)}`;
  if (o.managerOfUserId) return `manager of ${c(o.managerOfUserId)}`;
  if (o.appOwnerAppId) return `owners of app ${c(o.appOwnerAppId)}`;
  return undefined;
}

/** The owner as a person, mapped to Slack as far as Warden could (usecases/shared/alert-life.ts). */
export interface ShownOwner {
  which: 'assigned' | 'computed';
  person: OwnerPerson;
}

const NOT_MAPPED: Record<NoSlackPerson, string> = {
  'no-tenant-user': "not in the tenant's directory",
  'no-email': 'no email in the tenant, so not found in Slack',
  // Slack answers a hidden email as it answers an unknown one (users_not_found): Warden cannot
  // tell them apart, so the card names both.
  'not-in-slack': 'not found in Slack by email: not a member, deactivated, or the email is hidden',
  'emails-hidden': 'emails are hidden in Slack, so shown by id',
  'other-organisation': 'the Slack person with their email is of another organisation, so not mapped',
  unavailable: '',
};

/** "<@U1> (assigned)", else the tenant's name for them and why Slack could not say who. */
function describePerson(o: ShownOwner): string {
  const { person } = o;
  if (person.slackUserId) return `${mention(person.slackUserId)} (${o.which})`;
  const id = code(person.identityUserId, 80);
  const name = person.name ? `${safeMrkdwn(person.name, 80)} ${id}` : `identity ${id}`;
  const why = person.why ? NOT_MAPPED[person.why] : '';
  return `${name} (${o.which}${why ? `; ${why}` : ''})`;
}

export function describeOwner(f: Finding, shown?: ShownOwner, app?: { id: string; name: string }): string {
  if (shown) return describePerson(shown);
  const assigned = f.assignedOwner ? describeOwnerRef(f.assignedOwner, app) : undefined;
  if (assigned) return assigned;
  const computed = f.computedOwner ? describeOwnerRef(f.computedOwner, app) : undefined;
  return computed ? `${computed} (computed)` : '_no owner_';
}

function exposureLines(e: NonNullable<Finding['credentialPubliclyExposedEvidence']>): string[] {
  const lines = [];
  if (e.sourceUrl)
    lines.push(
      `Found at ${code(e.sourceUrl, 300)}${e.sourceKind ? ` (${safeMrkdwn(e.sourceKind, 60)})` : ''}`,
    );
  if (e.fingerprintPrefix) lines.push(`Fingerprint starts ${code(e.fingerprintPrefix, 40)}`);
  // When a scanner first reported the exposure: not when the finding was first seen (the card's
  // own line says that), so it is labelled apart.
  const first = e.firstObservedAt ? `first report ${slackDate(e.firstObservedAt)}` : '';
  const scanners = e.reportingScanners ?? [];
  if (scanners.length > 0)
    lines.push(
      `Reported by ${scanners
        .slice(0, 5)
        .map((x) => code(x, 60))
        .join(', ')}${first ? ` (${first})` : ''}`,
    );
  else if (first) lines.push(`Exposure ${first}`);
  lines.push(
    e.credentialRevoked
      ? `Credential revoked${e.revokedAt ? ` ${slackDate(e.revokedAt)}` : ''}`
      : '*Credential not revoked*',
  );
  return lines;
}

/** Lines on what the finding is about: its type's own fields, then its evidence. */
export function describeDetails(f: Finding, now: Date): string[] {
  return [...typeLines(f), ...evidenceLines(f, now), ...unknownLines(f)];
}

/** The finding type's own fields. */
function typeLines(f: Finding): string[] {
  const lines: string[] = [];
  if (f.similarUsernameMatch)
    lines.push(`Proposed identity: ${c(f.similarUsernameMatch.proposedIdentityUserId)}`);
  if (f.serviceAccountMisclassification) {
    const m = f.serviceAccountMisclassification;
    lines.push(
      `Classified as *${enumWords(m.currentAccountType, 'APP_USER_TYPE_')}*, behaves as *${enumWords(m.detectedAccountType, 'APP_USER_TYPE_')}*`,
    );
  }
  if (f.decoyCredentialUsed) {
    const d = f.decoyCredentialUsed;
    lines.push(`Decoy ${c(d.decoyId)} (${enumWords(d.kind, 'DECOY_CREDENTIAL_KIND_')}) was used`);
  }
  if (f.deactivatedOwner)
    lines.push(`Owner source: ${enumWords(f.deactivatedOwner.source, 'DEACTIVATED_OWNER_SOURCE_')}`);
  if (f.credentialPubliclyExposed) {
    const e = f.credentialPubliclyExposed;
    const id = e.userClientId || e.connectorClientId || e.functionClientId || e.connectorManagedCredentialId;
    lines.push(
      `Credential ${safeMrkdwn(s(e.credentialDisplayName) || 'unnamed', 100)}${id ? ` (${c(id)})` : ''}`,
    );
  }
  if (f.decoyPubliclyExposed) {
    const d = f.decoyPubliclyExposed;
    lines.push(`Decoy ${safeMrkdwn(s(d.decoyDisplayName) || 'unnamed', 100)} (${c(d.decoyId)})`);
  }
  if (f.credentialExpiring) {
    const e = f.credentialExpiring;
    lines.push(
      `Credential ${safeMrkdwn(s(e.credentialDisplayName) || 'unnamed', 100)}${e.userClientId ? ` (${c(e.userClientId)})` : ''}`,
    );
  }
  if (f.shadowMcp) lines.push(`MCP server ${c(f.shadowMcp.mcpIdentifier)}`);
  if (f.customSubType) lines.push(`Kind: ${safeMrkdwn(f.customSubType, 100)}`);
  return lines;
}

/** The evidence member, whichever is set. */
function evidenceLines(f: Finding, now: Date): string[] {
  const lines: string[] = [];
  const sim = f.similarUsernameMatchEvidence;
  if (sim) {
    // A double: "NaN" and "Infinity" are legal on the wire and say nothing a person can use.
    const value = sim.similarityScore;
    const score =
      typeof value === 'number' && Number.isFinite(value) ? ` (${Math.round(value * 100)}% similar)` : '';
    lines.push(`App username ${c(sim.appUsername)} vs identity ${c(sim.identityUsername)}${score}`);
  }
  if (f.serviceAccountMisclassificationEvidence?.detectionReason) {
    lines.push(`Why: ${safeMrkdwn(f.serviceAccountMisclassificationEvidence.detectionReason, 500)}`);
  }
  const owners = f.deactivatedOwnerEvidence?.deactivatedOwners ?? [];
  if (owners.length > 0) {
    const shown = owners
      .slice(0, 5)
      .map((o) => `${c(o.userId)} (${enumWords(o.reason, 'DEACTIVATED_OWNER_REASON_')})`);
    lines.push(
      `Deactivated owners: ${shown.join(', ')}${owners.length > 5 ? ` and ${owners.length - 5} more` : ''}`,
    );
  }
  if (f.unusedSecretEvidence) {
    const last = f.unusedSecretEvidence.lastUsedAt;
    lines.push(last ? `Last used ${slackDate(last)}` : 'Never used');
  }
  if (f.credentialPubliclyExposedEvidence) lines.push(...exposureLines(f.credentialPubliclyExposedEvidence));
  if (f.decoyPubliclyExposedEvidence) lines.push(...exposureLines(f.decoyPubliclyExposedEvidence));
  const exp = f.credentialExpiringEvidence;
  if (exp?.expiresAt) {
    const past = exp.expired || Date.parse(exp.expiresAt) <= now.getTime();
    lines.push(`${past ? '*Expired*' : 'Expires'} ${slackDate(exp.expiresAt)}`);
  }
  const sync = f.connectorSyncFailingEvidence;
  if (sync) {
    const count =
      typeof sync.consecutiveFailureCount === 'number'
        ? `${sync.consecutiveFailureCount} failures in a row`
        : 'Failing';
    lines.push(
      `${count}${sync.streakStartedAt ? ` since ${slackDate(sync.streakStartedAt)}` : ''}${sync.lastFailedAt ? `, last ${slackDate(sync.lastFailedAt)}` : ''}`,
    );
  }
  const mcp = f.shadowMcpEvidence;
  if (mcp) lines.push(`Seen on ${s(mcp.deviceCount) || '?'} devices by ${s(mcp.userCount) || '?'} people`);
  if (isObject(f.custom) && !findingTypeOf({ ...f, custom: null })) {
    const text = genericObject(f.custom);
    if (text) lines.push(`Details: ${text}`);
  }
  return lines;
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
  if (type) return type.title;
  const unknown = Object.keys(f).find(
    (k) => !KNOWN_FIELDS.has(k) && !k.endsWith('Target') && !k.endsWith('Evidence') && isObject(f[k]),
  );
  if (!unknown) return 'Finding';
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
