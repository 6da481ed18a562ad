import type { MessageKey } from '../i18n/catalog/index.js';
import { type MessageValues, t } from '../i18n/speak.js';

/** A span of text that must be shown as code (ids, expressions), never as formatting. */
export type Part = string | { code: string };
export type ScopeLine = Part[];

const MAX_IDS = 10;
const MARK = '\u0000';

/**
 * One whole message of the scope's language with lists of parts where its placeholders stand: the
 * sentence is translated whole (so German and Japanese order the words), then cut where the ids go,
 * which keeps ids as code however the words around them move.
 */
export function line(
  key: MessageKey,
  parts: Record<string, Part[]> = {},
  values: MessageValues = {},
): ScopeLine {
  const names = Object.keys(parts);
  const marks = Object.fromEntries(names.map((n, i) => [n, `${MARK}${i}${MARK}`]));
  const out: Part[] = [];
  t(key, { ...values, ...marks })
    .split(MARK)
    .forEach((piece, i) => {
      if (i % 2 === 1) out.push(...(parts[names[Number(piece)] ?? ''] ?? []));
      else if (piece !== '') out.push(piece);
    });
  return out;
}

export function ids(list: readonly (string | null | undefined)[] | null | undefined): Part[] {
  const values = (list ?? []).filter((v): v is string => typeof v === 'string' && v !== '');
  if (values.length === 0) return [t('scope.none')];
  const shown: Part[] = [];
  values.slice(0, MAX_IDS).forEach((v, i) => {
    if (i > 0) shown.push(', ');
    shown.push({ code: v });
  });
  if (values.length <= MAX_IDS) return shown;
  return line('scope.more', { list: shown }, { count: String(values.length - MAX_IDS) });
}

/** The tenant's enum words Warden knows, in the scope's language; others are shown as they came. */
const WORDS: Record<string, MessageKey> = {
  unknown: 'scope.word.unknown',
  enabled: 'scope.word.enabled',
  disabled: 'scope.word.disabled',
  deleted: 'scope.word.deleted',
  external: 'scope.word.external',
  trusted: 'scope.word.trusted',
  user: 'scope.word.user',
  'service account': 'scope.word.service_account',
  'system account': 'scope.word.system_account',
};
export function enumWord(word: string): string {
  const key = WORDS[word];
  return key ? t(key) : word;
}

/** `APP_USER_STATUS_ENABLED` with prefix `APP_USER_STATUS_` -> `enabled`; unknown values as they are. */
export function enumText(value: string | null | undefined, prefix: string): string {
  if (!value) return t('scope.unspecified');
  return value.startsWith(prefix)
    ? enumWord(value.slice(prefix.length).toLowerCase().replaceAll('_', ' '))
    : value;
}

export function enumList(values: readonly string[] | null | undefined, prefix: string): string {
  const words = (values ?? []).map((v) => enumText(v, prefix));
  return words.length > 0 ? words.join(t('scope.or')) : t('scope.any');
}

/** A protobuf JSON duration (`7776000s`) in days. Other forms are shown as they came. */
export function durationDays(value: string | null | undefined): string {
  if (!value) return t('scope.unspecifiedTime');
  const m = /^(\d+(?:\.\d+)?)s$/.exec(value);
  if (!m) return value;
  const days = Number(m[1]) / 86_400;
  const rounded = Number.isInteger(days) ? String(days) : days.toFixed(1);
  // The plural picks on the number; the digits are shown as written (no grouping), as before.
  return t('scope.days', { count: rounded === '1' ? 1 : 2, days: rounded });
}

export function dateText(value: string | null | undefined): string {
  if (!value) return t('scope.openDate');
  const ms = Date.parse(value);
  return Number.isFinite(ms) ? new Date(ms).toISOString().slice(0, 10) : value;
}
