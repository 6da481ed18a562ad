import type { Route } from './types.js';

/** FindingAuditService.Search (api-facts.md "More operations"): what happened to findings, by whom. */
export const auditRoutes: Route[] = [
  {
    method: 'POST',
    path: '/api/v1/search/finding_audits',
    handle(s, _p, body) {
      // Snoozes and acceptances that ended since anyone last looked are audited first, when a
      // search begins: its later pages go on from where it stopped (a lapse is audited at the
      // time it ended, already behind them), so they need not walk every finding again.
      const paging = body.page_token ?? body.pageToken;
      if (typeof paging !== 'string' || paging === '') s.findings.all(s.now());
      return s.findings.audit.search(body);
    },
  },
];
