import { z } from 'zod';
import { parseDurationMs } from '../domain/duration.js';
import { normaliseFindingType, normaliseSeverity, SEVERITY_RANK } from '../domain/routing.js';
import { isSpokenLocale, LOCALES, localeOf } from '../i18n/locale.js';

/** Value schemas several sections of WARDEN_CONFIG share. */

export const severity = z
  .string()
  .transform(normaliseSeverity)
  .refine((s) => s in SEVERITY_RANK, { message: 'is not a severity (info, low, medium, high, critical)' });

export const findingType = z.string().transform((v, ctx) => {
  const type = normaliseFindingType(v);
  if (!type) {
    ctx.addIssue({
      code: 'custom',
      message: `"${v.slice(0, 60)}" is not a finding type (e.g. serviceAccountUnowned or FINDING_TYPE_SERVICE_ACCOUNT_UNOWNED)`,
    });
    return z.NEVER;
  }
  return type;
});

export const channelId = z
  .string()
  .regex(/^[CG][A-Z0-9]{2,}$/, { message: 'must be a channel id (C… or G…), not a name' });

/** A duration as operators write it (`30s`, `24h`), within [min, max] ms; read as milliseconds. */
export const duration = (fallback: string, min: number, max: number) =>
  z
    .string()
    .default(fallback)
    .transform((v, ctx) => {
      const ms = parseDurationMs(v);
      if (ms === undefined || ms < min || ms > max) {
        ctx.addIssue({
          code: 'custom',
          message: `must be a duration between ${min / 1000}s and ${max / 1000}s, e.g. 30s`,
        });
        return z.NEVER;
      }
      return ms;
    });

/** A language Warden speaks (`de`, `ja-JP`…), as the catalogue names it. */
export const locale = z
  .string()
  .refine(isSpokenLocale, { message: `is not a language Warden speaks (${LOCALES.join(', ')})` })
  .transform((v) => localeOf(v));
