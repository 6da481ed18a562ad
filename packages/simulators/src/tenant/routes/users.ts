import { grpcError } from '../answer.js';
import { pageOf } from '../paging.js';
import { userView } from '../users.js';
import type { Route } from './types.js';

/** UserService.Get and UserSearch.Search (api-facts.md "More operations"): a finding owner's email, and back. */
export const userRoutes: Route[] = [
  {
    method: 'GET',
    path: '/api/v1/users/:id',
    handle(s, p) {
      const user = s.users.get(p.id ?? '');
      return user
        ? { status: 200, body: { userView: userView(user), expanded: [] } }
        : grpcError(404, 5, `user ${p.id} not found`);
    },
  },
  {
    method: 'POST',
    path: '/api/v1/search/users',
    handle(s, _p, body) {
      const found = s.users.search(body);
      return Array.isArray(found) ? pageOf(found.map(userView), body, { expanded: [] }) : found;
    },
  },
];
