import { findingAppId } from '../domain/target.js';
import { t } from '../i18n/speak.js';
import { type Finding, FindingSchema } from '../model/finding.js';
import type { TargetNames } from '../ports/names.js';
import { code, safeMrkdwn } from './mrkdwn.js';

/**
 * A finding's target and app in words: the names the tenant gives (read by the caller, passed
 * in: no I/O here), each with its id beside it for copy; an id alone where no name was read.
 * The app is said once, the target's own (domain/target.ts), never the target's and another.
 */

const KNOWN_FIELDS = new Set(Object.keys(FindingSchema.shape));
const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);
const id = (v: string | null | undefined): string => (v ? code(v, 80) : t('target.unknown'));
/** "deploy-bot (`2Suc…`)" with a name, else "`2Suc…`". */
const named = (name: string | undefined, v: string | null | undefined): string =>
  name ? `*${safeMrkdwn(name, 100)}* (${id(v)})` : id(v);

/** An object of a member this code does not know, as `key: value` pairs. */
export function genericObject(v: unknown): string {
  if (!isObject(v)) return safeMrkdwn(JSON.stringify(v) ?? '', 200);
  const entries = Object.entries(v).slice(0, 8);
  if (entries.length === 0) return '';
  return entries
    .map(
      ([k, x]) => `${safeMrkdwn(k, 40)}: ${safeMrkdwn(typeof x === 'string' ? x : JSON.stringify(x), 120)}`,
    )
    .join(', ');
}

/** The target in words (its app is the card's App field: appLine). */
export function describeTarget(f: Finding, names: TargetNames = {}): string {
  if (f.appUserTarget) return t('target.appUser', { name: named(names.target, f.appUserTarget.appUserId) });
  if (f.identityUserTarget)
    return t('target.identity', { name: named(names.target, f.identityUserTarget.identityUserId) });
  if (f.decoyTarget) return t('target.decoy', { id: id(f.decoyTarget.decoyId) });
  if (f.appResourceTarget) {
    const r = f.appResourceTarget;
    return names.target
      ? t('target.resource', { name: named(names.target, r.appResourceId) })
      : t('target.resourceTyped', { id: id(r.appResourceId), type: id(r.appResourceTypeId) });
  }
  if (f.connectorTarget) return t('target.connector', { id: id(f.connectorTarget.connectorId) });
  if (f.tenantTarget) return t('target.wholeTenant');
  // A member this code does not know (a newer tenant): its name and fields, as they came.
  const unknown = Object.keys(f).find((k) => k.endsWith('Target') && !KNOWN_FIELDS.has(k) && isObject(f[k]));
  return unknown ? `${safeMrkdwn(unknown, 60)} ${genericObject(f[unknown])}` : t('target.notGiven');
}

/** The app the finding is in, by name with its id, or its id; undefined when it names none. */
export function appLine(f: Finding, names: TargetNames = {}): string | undefined {
  const appId = findingAppId(f);
  return appId ? named(names.app, appId) : undefined;
}

/** A short name for the target, for titles (plain, unescaped): its name, else the most specific id. */
export function targetName(f: Finding, names: TargetNames = {}): string | undefined {
  const name =
    names.target ||
    f.appUserTarget?.appUserId ||
    f.identityUserTarget?.identityUserId ||
    f.decoyTarget?.decoyId ||
    f.appResourceTarget?.appResourceId ||
    f.connectorTarget?.connectorId ||
    (f.tenantTarget ? t('target.tenant') : undefined);
  return name || undefined;
}
