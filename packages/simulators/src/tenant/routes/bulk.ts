import { type Route, SERVICE_PRINCIPAL } from './types.js';

/** Changes to many findings at once, applied asynchronously (api-facts.md "More operations"). */
export const bulkRoutes: Route[] = [
  {
    method: 'POST',
    path: '/api/v1/findings/bulk/state',
    handle: (s, _p, body) => s.bulk.start(body, SERVICE_PRINCIPAL),
  },
];
