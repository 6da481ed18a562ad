import { randomBytes } from 'node:crypto';

/** A short id for one interaction: shown to the person on failure, on every log line of it. */
export function newRef(): string {
  return randomBytes(5).toString('hex');
}
