import { InvalidInputError } from '../errors.js';

/** Ids the tenant issues are short (27-character KSUIDs); anything this long is not an id. */
export const MAX_ID_LENGTH = 128;

/**
 * Turns a resource id into one safe path segment, or refuses it before any request is made.
 * Percent-encoding keeps `/`, `?`, `#` and `%` from changing the path (`%2e%2e` is sent as
 * `%252e%252e`, the literal text). `.` and `..` are refused outright: as a whole segment they are
 * dot-segments that URL normalisation (ours, a proxy's or the tenant's) would resolve.
 */
export function encodePathSegment(id: string, what: string): string {
  if (id.length === 0) throw new InvalidInputError(what, `The ${what} is empty.`);
  if (id.length > MAX_ID_LENGTH) {
    throw new InvalidInputError(
      what,
      `The ${what} is ${id.length} characters long; ids are at most ${MAX_ID_LENGTH}.`,
    );
  }
  // biome-ignore lint/suspicious/noControlCharactersInRegex: refusing control characters is the point.
  if (/[\u0000-\u001f\u007f\s]/.test(id)) {
    throw new InvalidInputError(what, `The ${what} contains spaces or control characters.`);
  }
  if (id === '.' || id === '..') throw new InvalidInputError(what, `"${id}" is not a valid ${what}.`);
  return encodeURIComponent(id);
}
