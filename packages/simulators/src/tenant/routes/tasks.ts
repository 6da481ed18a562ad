import { pageOf } from '../paging.js';
import { type Route, SERVICE_PRINCIPAL } from './types.js';

/**
 * The task API a containment uses (api-facts.md "Tasks"; the vendor's TaskService and
 * TaskSearchService): create a revoke or an offboarding task, read one, search them.
 */
export const taskRoutes: Route[] = [
  {
    method: 'POST',
    path: '/api/v1/task/revoke',
    handle: (s, _p, body) => s.tasks.createRevoke(body, SERVICE_PRINCIPAL),
  },
  {
    method: 'POST',
    path: '/api/v1/task/offboarding',
    handle: (s, _p, body) => s.tasks.createOffboarding(body, SERVICE_PRINCIPAL),
  },
  {
    method: 'GET',
    path: '/api/v1/tasks/:id',
    handle: (s, p) => s.tasks.getTask(p.id ?? ''),
  },
  {
    method: 'POST',
    path: '/api/v1/search/tasks',
    handle(s, _p, body) {
      const found = s.tasks.search(body);
      return Array.isArray(found) ? pageOf(found, body, { expanded: [] }) : found;
    },
  },
];
