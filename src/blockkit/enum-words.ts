import { CATALOG, type MessageKey } from '../i18n/catalog/index.js';
import { t } from '../i18n/speak.js';
import { safeMrkdwn } from './mrkdwn.js';

/**
 * The tenant's enum values in words: a value Warden knows through the catalogue
 * (i18n/catalog/card/labels.ts) in the scope's language, any other humanised as it came.
 */

const isMessageKey = (key: string): key is MessageKey => Object.hasOwn(CATALOG.en, key);

/** An enum value's shape on the wire (proto3 JSON writes enums by name): `SOME_VALUE`. */
const SHOUTY = /^[A-Z][A-Z0-9]*(?:_[A-Z0-9]+)*$/;

/**
 * `APP_USER_TYPE_SERVICE_ACCOUNT` -> `service account` (the prefix given); a value of another
 * prefix (a newer tenant) in words too (`ESCALATED` -> `escalated`); anything else as it came.
 */
export function enumWords(value: string | null | undefined, prefix: string): string {
  if (!value) return t('enum.unspecified');
  // A value Warden has words for (i18n/catalog/card/labels.ts), in the scope's language.
  const key = `enum.${value}`;
  if (value.startsWith(prefix) && isMessageKey(key)) return t(key);
  if (!value.startsWith(prefix))
    return SHOUTY.test(value)
      ? safeMrkdwn(value.toLowerCase().replaceAll('_', ' '), 80)
      : safeMrkdwn(value, 80);
  // The rest is the tenant's too (`FINDING_SEVERITY_<!channel>`): escaped like any of its text.
  const rest = value.slice(prefix.length).toLowerCase().replaceAll('_', ' ');
  return rest === 'unspecified' ? t('enum.unspecified') : safeMrkdwn(rest, 80);
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
