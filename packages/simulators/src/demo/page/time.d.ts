/** Types of time.js (plain browser JavaScript), for its tests. */
export function clock(ms: number, tz: string, seconds?: boolean): string;
export function fullDateTime(ms: number, tz: string): string;
export function formatDateToken(
  seconds: string | number,
  format: string,
  tz: string,
  now?: number,
): string | undefined;
export function tsKey(ts: string): number;
