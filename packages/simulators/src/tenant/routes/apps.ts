import { pageOf } from '../paging.js';
import type { Route } from './types.js';

/**
 * What the tenant says of apps, accounts and grants (the vendor's Apps.Get, AppUserService.Search,
 * AppEntitlementSearchService.SearchGrants, AppResourceService.Get): the names cards and forms show.
 */
export const appRoutes: Route[] = [
  {
    method: 'GET',
    path: '/api/v1/apps/:id',
    handle: (s, p) => s.apps.getApp(p.id ?? ''),
  },
  {
    method: 'GET',
    path: '/api/v1/apps/:appId/resource_types/:typeId/resources/:id',
    handle: (s, p) => s.apps.getResource(p.appId ?? '', p.typeId ?? '', p.id ?? ''),
  },
  {
    method: 'POST',
    path: '/api/v1/search/app_users',
    handle(s, _p, body) {
      const found = s.apps.searchAppUsers(body);
      return Array.isArray(found) ? pageOf(found, body, { expanded: [] }) : found;
    },
  },
  {
    method: 'POST',
    path: '/api/v1/search/grants',
    handle(s, _p, body) {
      const found = s.apps.searchGrants(body);
      return Array.isArray(found) ? pageOf(found, body, { expanded: [] }) : found;
    },
  },
];
