import { pageOf } from '../paging.js';
import type { Route } from './types.js';

/** FindingAuditService.Search (api-facts.md "More operations"): what happened to findings, by whom. */
export const auditRoutes: Route[] = [
  {
    method: 'POST',
    path: '/api/v1/search/finding_audits',
    handle(s, _p, body) {
      // Snoozes and acceptances that ended since anyone last looked are audited first.
      s.findings.all(s.now());
      const found = s.findings.audit.search(body);
      return Array.isArray(found) ? pageOf(found, body) : found;
    },
  },
];
