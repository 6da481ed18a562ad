import { grpcError, jsonNamed } from '../answer.js';
import { pageOf } from '../paging.js';
import { approveOrDeny, approveWithStepUp, reassign } from '../task-actions.js';
import { accessTaskGet, accessTaskSearch } from './tasks.js';
import type { Route } from './types.js';

/**
 * Access reviews in Slack (README "Access reviews in Slack"): campaigns and their reports, certify
 * tasks and their actions and audit trail, personal clients, who a token is, step-up
 * transactions. A certify task's comment shares its route with a finding's task (findings.ts).
 */
export const reviewRoutes: Route[] = [
  {
    method: 'GET',
    path: '/api/v1/tasks/:id',
    handle: (s, p, _b, who) => accessTaskGet(s, p.id ?? '') ?? s.tasks.answerGet(p.id ?? '', who),
  },
  {
    method: 'POST',
    path: '/api/v1/search/tasks',
    handle: (s, _p, body, who) => accessTaskSearch(s, body) ?? s.tasks.answerSearch(body, who),
  },
  {
    method: 'POST',
    path: '/api/v1/tasks/:id/action/approve',
    handle: (s, p, body, who) => approveOrDeny(s, 'approve', p.id ?? '', body, who),
  },
  {
    method: 'POST',
    path: '/api/v1/tasks/:id/action/deny',
    handle: (s, p, body, who) => approveOrDeny(s, 'deny', p.id ?? '', body, who),
  },
  {
    method: 'POST',
    path: '/api/v1/tasks/:id/action/reassign',
    handle: (s, p, body, who) => reassign(s, p.id ?? '', body, who),
  },
  {
    method: 'POST',
    path: '/api/v1/tasks/:id/action/approve-with-step-up',
    handle: (s, p, body, who) => approveWithStepUp(s, p.id ?? '', body, who),
  },
  {
    method: 'POST',
    path: '/api/v1/task/audits',
    handle(s, _p, request, who) {
      const body = jsonNamed(request);
      const id = typeof body.taskId === 'string' ? body.taskId : '';
      const t = s.tasks.get(id);
      if (!t || !s.tasks.visible(t, who)) return grpcError(404, 5, `task ${id} not found`);
      const entries = s.tasks.audit
        .of(id, body.newestFirst === true)
        .filter((e) => body.commentsOnly !== true || 'comment' in e.view)
        .map((e) => e.view);
      return pageOf(entries, request);
    },
  },
  { method: 'GET', path: '/api/v1/access_review/:id', handle: (s, p) => s.reviews.get(p.id ?? '') },
  {
    method: 'POST',
    path: '/api/v1/access_review/:id/report',
    handle: (s, p, body, who) => s.reviews.generate(who, p.id ?? '', body, s.now(), () => s.tasks.all()),
  },
  {
    method: 'GET',
    path: '/api/v1/access_review/:id/report',
    handle: (s, p, _b, who) => s.reviews.list(who, p.id ?? '', s.now()),
  },
  {
    method: 'POST',
    path: '/api/v1/iam/personal_clients',
    handle: (s, _p, body, who) => s.personalClients.create(who, body, s.now()),
  },
  {
    method: 'GET',
    path: '/api/v1/iam/personal_clients',
    handle: (s, _p, _b, who) => s.personalClients.list(who),
  },
  {
    method: 'GET',
    path: '/api/v1/iam/personal_clients/:id',
    handle: (s, p, _b, who) => s.personalClients.get(who, p.id ?? ''),
  },
  {
    method: 'DELETE',
    path: '/api/v1/iam/personal_clients/:id',
    handle: (s, p, _b, who) => s.personalClients.delete(who, p.id ?? '', s.now()),
  },
  {
    method: 'GET',
    path: '/api/v1/auth/introspect',
    handle: (_s, _p, _b, who) => ({
      status: 200,
      body: {
        principleId: who.userId,
        userId: who.userId,
        tenantId: 'TEN_SANDBOX',
        roles: [],
        permissions: [],
      },
    }),
  },
  {
    method: 'POST',
    path: '/api/v1/search/step-up/transactions',
    handle: (s, _p, body, who) => s.stepUps.search(body, who),
  },
  {
    method: 'GET',
    path: '/api/v1/step-up/transactions/:id',
    handle: (s, p, _b, who) => s.stepUps.get(p.id ?? '', who),
  },
];
