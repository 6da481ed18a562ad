import { randomBytes } from 'node:crypto';

/** A sortable, unique id: time first, then randomness. */
export function newId(prefix: string, now: number): string {
  return `${prefix}_${now.toString(36).padStart(9, '0')}${randomBytes(6).toString('hex')}`;
}

export function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/** Errors are stored for operators; a reason never needs more than this. */
export const clip = (text: string): string => text.slice(0, 1_000);
