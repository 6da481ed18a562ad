import { AccessReviewAnswerSchema, EmptyAnswerSchema, ReportListSchema } from '../model/access-review.js';
import type { TenantClient } from './client.js';
import { encodePathSegment } from './path-segment.js';

/**
 * An access review campaign itself (`GET /api/v1/access_review/{id}`: its name, state, due date
 * and owner) and its report: `POST …/report {"format": CSV}` starts one (asynchronous),
 * `GET …/report` lists them with a time-limited `downloadUrl` (the vendor's description).
 */

export async function getAccessReview(client: TenantClient, id: string) {
  const answer = await client.request({
    operation: 'getAccessReview',
    method: 'GET',
    path: `/api/v1/access_review/${encodePathSegment(id, 'campaign id')}`,
    schema: AccessReviewAnswerSchema,
    idempotent: true,
  });
  return answer.accessReview?.accessReview ?? undefined;
}

export async function generateCsvReport(client: TenantClient, id: string): Promise<void> {
  await client.request({
    operation: 'generateAccessReviewReport',
    method: 'POST',
    path: `/api/v1/access_review/${encodePathSegment(id, 'campaign id')}/report`,
    body: { format: 'ACCESS_REVIEW_REPORT_FORMAT_CSV' },
    schema: EmptyAnswerSchema,
    idempotent: false,
  });
}

export async function listReports(client: TenantClient, id: string) {
  const answer = await client.request({
    operation: 'listAccessReviewReports',
    method: 'GET',
    path: `/api/v1/access_review/${encodePathSegment(id, 'campaign id')}/report`,
    query: { page_size: 100 },
    schema: ReportListSchema,
    idempotent: true,
  });
  return answer.list ?? [];
}
