const UNIT_MS = { ms: 1, s: 1_000, m: 60_000, h: 3_600_000, d: 86_400_000 } as const;
const DURATION = /^(\d+(?:\.\d+)?)\s*(ms|s|m|h|d)$/;

/**
 * Parses an operator-written duration such as `500ms`, `60s`, `5m`, `2h` or `1d` into
 * milliseconds. A bare number is read as seconds. Returns undefined when it is not one.
 */
export function parseDurationMs(text: string): number | undefined {
  const trimmed = text.trim().toLowerCase();
  if (/^\d+$/.test(trimmed)) return Number(trimmed) * 1_000;
  const match = DURATION.exec(trimmed);
  if (!match) return undefined;
  const [, amount, unit] = match;
  if (amount === undefined || unit === undefined) return undefined;
  const ms = Number(amount) * UNIT_MS[unit as keyof typeof UNIT_MS];
  return Number.isFinite(ms) ? Math.round(ms) : undefined;
}
