import { z } from 'zod';
import { parseDurationMs } from './domain/duration.js';
import { Secret } from './secret.js';

/**
 * The shapes an environment variable's value may take (config.ts reads the environment with
 * them): each refuses a bad value by what it must be, never by echoing it.
 */

export const LOG_LEVELS = ['debug', 'info', 'warn', 'error'] as const;

export const secret = (prefix?: string) =>
  z
    .string()
    .refine((v) => prefix === undefined || v.startsWith(prefix), {
      message: prefix === undefined ? 'invalid' : `must start with "${prefix}"`,
    })
    .transform((v) => new Secret(v));

export const httpUrl = z.string().refine(
  (v) => {
    try {
      const url = new URL(v);
      return url.protocol === 'http:' || url.protocol === 'https:';
    } catch {
      return false;
    }
  },
  { message: 'must be an http(s) URL' },
);

/** Base URLs are stored without a trailing slash so paths can be appended as `/api/…`. */
export const baseUrl = httpUrl.transform((v) => v.replace(/\/+$/, ''));

export const duration = (what: string) =>
  z.string().transform((v, ctx) => {
    const ms = parseDurationMs(v);
    if (ms === undefined || ms <= 0) {
      ctx.addIssue({ code: 'custom', message: `must be a ${what} such as 500ms, 30s, 5m or 1h` });
      return z.NEVER;
    }
    return ms;
  });

export const integer = (min: number, max: number) =>
  z
    .string()
    .regex(/^\d+$/, { message: 'must be a whole number' })
    .transform(Number)
    .refine((n) => n >= min && n <= max, { message: `must be between ${min} and ${max}` });

export function deepFreeze<T extends object>(value: T): Readonly<T> {
  for (const inner of Object.values(value)) {
    if (inner && typeof inner === 'object' && !(inner instanceof Secret)) deepFreeze(inner);
  }
  return Object.freeze(value);
}

/** The variables among `keys` that are set; an empty one (`FOO=`) means "not set", as most deploy tools write it. */
export function presentVariables(
  env: Record<string, string | undefined>,
  keys: string[],
): Record<string, string> {
  return Object.fromEntries(
    keys.flatMap((key) => {
      const value = env[key]?.trim();
      return value ? [[key, value]] : [];
    }),
  );
}
