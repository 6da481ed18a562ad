import { createHash, randomBytes } from 'node:crypto';
import { type Answer, grpcError } from './answer.js';
import { protoTimestamp } from './audit.js';
import type { Principal } from './principal.js';
import {
  type JsonAccessReview,
  type JsonTask,
  SEED_APPS,
  SEED_ENTITLEMENTS,
  seedAccessReviews,
} from './seed-reviews.js';

/**
 * The tenant's access review campaigns (`AccessReviewService.Get`), the catalogue of apps and
 * entitlements their tasks name (what `expanded` carries), and their reports: `POST
 * /api/v1/access_review/{id}/report {"format": …}` starts one (asynchronous: the record is
 * PENDING until the file is made), `GET …/report` lists them, each with a time-limited
 * `downloadUrl` (a signed link on the tenant, no token needed, as the vendor's description says).
 */

export interface StoredReport {
  id: string;
  accessReviewId: string;
  format: string;
  createdAt: number;
  readyAt: number;
  /** The download link's secret (the URL is the credential, for a while). */
  token: string;
  expiresAt: number;
  content: string | undefined;
}

const CSV_FORMAT = 'ACCESS_REVIEW_REPORT_FORMAT_CSV';
const FORMATS = new Set([
  'ACCESS_REVIEW_REPORT_FORMAT_UNSPECIFIED',
  'ACCESS_REVIEW_REPORT_FORMAT_XLSX',
  'ACCESS_REVIEW_REPORT_FORMAT_JSON',
  CSV_FORMAT,
]);

/** A CSV cell: quoted when it holds a comma, quote or line break; a leading = + - @ neutralised. */
const cell = (v: string) => {
  const safe = /^[=+\-@]/.test(v) ? `'${v}` : v;
  return /[",\n\r]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
};

export class AccessReviews {
  readonly campaigns = new Map<string, JsonAccessReview>();
  readonly apps = new Map(Object.entries(SEED_APPS));
  readonly entitlements = new Map(Object.entries(SEED_ENTITLEMENTS));
  readonly reports: StoredReport[] = [];
  /** How long a report takes to be made (it is asynchronous). */
  reportDelayMs = 0;

  constructor(
    readonly baseUrl: string,
    now: number,
  ) {
    for (const c of seedAccessReviews(now)) this.campaigns.set(c.id, c);
  }

  put(c: JsonAccessReview): void {
    this.campaigns.set(c.id, c);
  }

  /** The campaign closes (its owner closed it in the console, or its auto-close ran). */
  close(id: string, now: number): boolean {
    const c = this.campaigns.get(id);
    if (!c) return false;
    c.state = 'ACCESS_REVIEW_STATE_CLOSED';
    c.closedAt = protoTimestamp(now);
    c.updatedAt = protoTimestamp(now);
    return true;
  }

  /** GET /api/v1/access_review/{id} */
  get(id: string): Answer {
    const c = this.campaigns.get(id);
    if (!c) return grpcError(404, 5, `access review ${id} not found`);
    return { status: 200, body: { accessReview: { accessReview: structuredClone(c) }, expanded: [] } };
  }

  /** POST /api/v1/access_review/{id}/report: only the campaign's owner or an administrator (the service). */
  generate(
    who: Principal,
    id: string,
    body: Record<string, unknown>,
    now: number,
    tasks: () => JsonTask[],
  ): Answer {
    const c = this.campaigns.get(id);
    if (!c) return grpcError(404, 5, `access review ${id} not found`);
    if (who.kind !== 'service' && c.createdById !== who.userId)
      return grpcError(403, 7, 'only the campaign owner may generate its report');
    const format = typeof body.format === 'string' ? body.format : 'ACCESS_REVIEW_REPORT_FORMAT_UNSPECIFIED';
    if (!FORMATS.has(format)) return grpcError(400, 3, `invalid value for format: ${format}`);
    const report: StoredReport = {
      id: `ARR_${randomBytes(5).toString('hex')}`,
      accessReviewId: id,
      // The default is JSON (the vendor's description).
      format:
        format === 'ACCESS_REVIEW_REPORT_FORMAT_UNSPECIFIED' ? 'ACCESS_REVIEW_REPORT_FORMAT_JSON' : format,
      createdAt: now,
      readyAt: now + this.reportDelayMs,
      token: randomBytes(18).toString('base64url'),
      expiresAt: now + this.reportDelayMs + 3_600_000,
      content: undefined,
    };
    report.content = this.#render(
      report.format,
      c,
      tasks().filter((t) => certifyOf(t).accessReviewId === id),
    );
    this.reports.push(report);
    return { status: 200, body: {} };
  }

  /** GET /api/v1/access_review/{id}/report */
  list(who: Principal, id: string, now: number): Answer {
    const c = this.campaigns.get(id);
    if (!c) return grpcError(404, 5, `access review ${id} not found`);
    if (who.kind !== 'service' && c.createdById !== who.userId)
      return grpcError(403, 7, 'only the campaign owner may read its reports');
    const list = this.reports
      .filter((r) => r.accessReviewId === id)
      .map((r) => {
        const ready = now >= r.readyAt;
        return {
          id: r.id,
          accessReviewId: r.accessReviewId,
          format: r.format,
          createdAt: protoTimestamp(r.createdAt),
          state: ready ? 'REPORT_STATE_OK' : 'REPORT_STATE_PENDING',
          ...(ready
            ? {
                downloadUrl: `${this.baseUrl}/_reports/${r.id}?token=${r.token}`,
                hashes: {
                  sha256: createHash('sha256')
                    .update(r.content ?? '')
                    .digest('hex'),
                },
              }
            : {}),
        };
      });
    return { status: 200, body: { list, nextPageToken: '' } };
  }

  /** The signed download link (no bearer token: the link is the credential until it expires). */
  download(id: string, token: string, now: number): Answer {
    const r = this.reports.find((x) => x.id === id);
    if (!r || r.token !== token || now >= r.expiresAt || now < r.readyAt)
      return { status: 403, body: 'the link is not valid or has expired', contentType: 'text/plain' };
    const type = r.format === CSV_FORMAT ? 'text/csv' : 'application/json';
    return { status: 200, body: r.content ?? '', contentType: type };
  }

  #render(format: string, c: JsonAccessReview, tasks: JsonTask[]): string {
    const rows = tasks.map((t) => {
      const certify = certifyOf(t);
      const ent = this.entitlements.get(String(certify.appEntitlementId));
      const step = (t.policy as { current?: { approval?: Record<string, Record<string, unknown>> } })?.current
        ?.approval;
      const decidedBy = String(step?.approved?.userId ?? step?.denied?.userId ?? '');
      return {
        task: String(t.numericId ?? t.id),
        app: this.apps.get(String(certify.appId)) ?? String(certify.appId),
        entitlement: ent?.[1] ?? String(certify.appEntitlementId),
        user: String(certify.identityUserId ?? ''),
        outcome: String(certify.outcome ?? 'CERTIFY_OUTCOME_UNSPECIFIED'),
        decidedBy,
        decidedAt: String(certify.outcomeTime ?? ''),
      };
    });
    if (format !== CSV_FORMAT) return JSON.stringify({ accessReview: c.id, rows });
    const head = ['Task', 'App', 'Entitlement', 'User', 'Outcome', 'Decided by', 'Decided at'];
    return [head, ...rows.map((r) => Object.values(r))].map((line) => line.map(cell).join(',')).join('\n');
  }
}

/** A task's certify type (an empty object for a task of another type). */
export function certifyOf(t: JsonTask): Record<string, unknown> {
  const type = t.type as { certify?: Record<string, unknown> } | undefined;
  return type?.certify ?? {};
}
