import { type Answer, grpcError } from '../answer.js';
import type { Principal } from '../principal.js';
import { appRoutes } from './apps.js';
import { auditRoutes } from './audits.js';
import { bulkRoutes } from './bulk.js';
import { campaignRoutes } from './campaigns.js';
import { findingRoutes } from './findings.js';
import { reviewRoutes } from './reviews.js';
import { taskRoutes } from './tasks.js';
import type { Route, TenantState } from './types.js';
import { userRoutes } from './users.js';

/** Every API route of the simulated tenant; a family a file. */
// Bulk routes first: `/findings/bulk/state` would otherwise match `/findings/:id/state`.
export const ROUTES: Route[] = [
  ...bulkRoutes,
  ...findingRoutes,
  ...campaignRoutes,
  ...userRoutes,
  ...auditRoutes,
  ...reviewRoutes,
  ...taskRoutes,
  ...appRoutes,
];

/**
 * The route for a request, with its parameters. The raw path is split first and each segment
 * decoded alone: an encoded `/` stays inside its segment, as a real router keeps it.
 */
export function matchRoute(
  method: string,
  path: string,
): { route: Route; params: Record<string, string> } | undefined {
  const segments = path.split('/').map(decodeURIComponent);
  let wrongMethod = false;
  for (const route of ROUTES) {
    const pattern = route.path.split('/');
    if (pattern.length !== segments.length) continue;
    const params: Record<string, string> = {};
    const fits = pattern.every((part, i) => {
      const seg = segments[i] ?? '';
      if (part.startsWith(':')) {
        params[part.slice(1)] = seg;
        return seg !== '';
      }
      return part === seg;
    });
    if (!fits) continue;
    if (route.method === method) return { route, params };
    wrongMethod = true;
  }
  return wrongMethod ? { route: METHOD_NOT_ALLOWED, params: {} } : undefined;
}

const METHOD_NOT_ALLOWED: Route = {
  method: 'GET',
  path: '',
  handle: () => grpcError(405, 12, 'method not allowed'),
};

export async function answerApi(
  state: TenantState,
  method: string,
  path: string,
  body: Record<string, unknown>,
  who: Principal,
): Promise<Answer> {
  const match = matchRoute(method, path);
  if (!match) return grpcError(404, 5, `no route for ${method} ${path}`);
  return match.route.handle(state, match.params, body, who);
}
