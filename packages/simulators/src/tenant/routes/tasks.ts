import type { Answer } from '../answer.js';
import { pageOf } from '../paging.js';
import { type Route, SERVICE_PRINCIPAL, type TenantState } from './types.js';

/**
 * The task API a containment uses (api-facts.md "Tasks"; the vendor's TaskService and
 * TaskSearchService): create a revoke or an offboarding task. Reading one and searching them share
 * their routes with certify tasks (reviews.ts): `accessTaskGet` and `accessTaskSearch` below.
 */
export const taskRoutes: Route[] = [
  {
    method: 'POST',
    path: '/api/v1/task/revoke',
    handle: (s, _p, body) => s.accessTasks.createRevoke(body, SERVICE_PRINCIPAL),
  },
  {
    method: 'POST',
    path: '/api/v1/task/offboarding',
    handle: (s, _p, body) => s.accessTasks.createOffboarding(body, SERVICE_PRINCIPAL),
  },
];

/** GET /api/v1/tasks/{id} of a revoke or offboarding task; undefined for any other id. */
export function accessTaskGet(s: TenantState, id: string): Answer | undefined {
  return s.accessTasks.get(id) ? s.accessTasks.getTask(id) : undefined;
}

/**
 * POST /api/v1/search/tasks asking for revoke or offboarding tasks (by `taskTypes`); undefined
 * for any other search (certify tasks: reviews.ts).
 */
export function accessTaskSearch(s: TenantState, body: Record<string, unknown>): Answer | undefined {
  const types = Array.isArray(body.taskTypes) ? body.taskTypes : [];
  const kinds = types.flatMap((t) => (typeof t === 'object' && t !== null ? Object.keys(t) : []));
  if (!kinds.some((k) => k === 'revoke' || k === 'offboarding')) return undefined;
  const found = s.accessTasks.search(body);
  return Array.isArray(found) ? pageOf(found, body, { expanded: [] }) : found;
}
