import { z } from 'zod';

/**
 * The building blocks of the tenant's wire types (spec/tenant-api.md, proto3 JSON):
 * - enums are open: a value we do not know is kept as the string it came as;
 * - nullable fields and arrays may come as `null` (the spec does not say which fields are
 *   required, so everything but an id is optional);
 * - proto3 JSON writes 64-bit integers as strings, so numbers accept numeric strings too;
 * - a double may be written "NaN", "Infinity" or "-Infinity" (proto3 JSON): `double` reads them.
 * This folder is the ground floor: it imports nothing of Warden's.
 */

/** An enum the client must accept unknown values of: typed with its known values, any string accepted. */
export type OpenEnum<T extends string> = T | (string & {});

export function openEnum<const T extends readonly string[]>(_known: T) {
  return z.custom<OpenEnum<T[number]>>((v) => typeof v === 'string', { message: 'expected a string' });
}

export const ts = z.string().nullish();
export const str = z.string().nullish();
export const bool = z.boolean().nullish();
export const strArr = z.array(z.string()).nullish();
export const num = z
  .union([
    z.number(),
    z
      .string()
      .regex(/^-?\d+(\.\d+)?(e[+-]?\d+)?$/i)
      .transform(Number),
  ])
  .nullish();
export const anyObject = z.record(z.string(), z.unknown()).nullish();
export const marker = z.looseObject({}).nullish();

/** A double (proto3 JSON): a number, a numeric string, or "NaN" / "Infinity" / "-Infinity". */
export const double = z
  .union([
    z.number(),
    z.enum(['NaN', 'Infinity', '-Infinity']).transform(Number),
    z
      .string()
      .regex(/^-?\d+(\.\d+)?(e[+-]?\d+)?$/i)
      .transform(Number),
  ])
  .nullish();
