/**
 * The uses of a decoy credential as the tenant records them: the finding's audit events carry the
 * parsed OCSF event (`FindingAuditEvent.ocsf`, "for callers that want the per-event detail"); a
 * use is an authentication or API event with where it came from. Only four things are read of
 * it — when (`time`, epoch ms, else the event's `createdAt`), the source IP (`src_endpoint.ip`),
 * the user agent (`http_request.user_agent`) and the endpoint (`http_request.url.path`, else
 * `api.operation`) — by name, so nothing else of the event (headers, the material presented, the
 * `unmapped` bag) can reach a person. [I]: the vendor publishes no example of a decoy's OCSF
 * event; these are OCSF's own field names. Pure.
 */

export interface DecoyAttempt {
  at: number;
  ip: string | undefined;
  userAgent: string | undefined;
  endpoint: string | undefined;
}

export interface AuditEventView {
  createdAt?: string | null | undefined;
  ocsf?: unknown;
}

/** The most shown: the thread is for deciding, not a log. */
export const MAX_ATTEMPTS_SHOWN = 10;

const IPV4 = /^(\d{1,3})(\.\d{1,3}){3}$/;
const IPV6 = /^[0-9a-f:.]{2,45}$/i;

const obj = (v: unknown): Record<string, unknown> | undefined =>
  typeof v === 'object' && v !== null && !Array.isArray(v) ? (v as Record<string, unknown>) : undefined;
const text = (v: unknown, max: number): string | undefined => {
  if (typeof v !== 'string') return undefined;
  // Control characters out, whitespace runs folded: one line a row.
  const clean = v
    // biome-ignore lint/suspicious/noControlCharactersInRegex: taking control characters out is the point.
    .replace(/[\u0000-\u001f\u007f]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  return clean ? clean.slice(0, max) : undefined;
};

/** An IP address, or undefined when the value is not one (it is then not shown at all). */
function ipOf(v: unknown): string | undefined {
  const s = typeof v === 'string' ? v.trim() : '';
  if (IPV4.test(s) && s.split('.').every((n) => Number(n) <= 255)) return s;
  return s.includes(':') && IPV6.test(s) ? s : undefined;
}

function attemptOf(e: AuditEventView): DecoyAttempt | undefined {
  const ocsf = obj(e.ocsf);
  if (!ocsf) return undefined;
  const src = obj(ocsf.src_endpoint);
  const http = obj(ocsf.http_request);
  const ip = ipOf(src?.ip);
  const userAgent = text(http?.user_agent, 200);
  if (!ip && !userAgent) return undefined;
  const endpoint = text(obj(http?.url)?.path, 200) ?? text(obj(ocsf.api)?.operation, 200);
  const time = typeof ocsf.time === 'number' && Number.isFinite(ocsf.time) ? ocsf.time : undefined;
  const at = time ?? (e.createdAt ? Date.parse(e.createdAt) : Number.NaN);
  return Number.isFinite(at) ? { at, ip, userAgent, endpoint } : undefined;
}

/** The uses among a finding's audit events, newest first, at most `limit`, and how many there are. */
export function decoyAttemptsOf(
  events: readonly AuditEventView[],
  limit = MAX_ATTEMPTS_SHOWN,
): { attempts: DecoyAttempt[]; total: number } {
  const all = events.flatMap((e) => attemptOf(e) ?? []).sort((a, b) => b.at - a.at);
  return { attempts: all.slice(0, limit), total: all.length };
}
