import { grpcError } from '../answer.js';
import { commentOnTask } from '../task-actions.js';
import { type Route, SERVICE_PRINCIPAL } from './types.js';

/** GET a finding, search findings, change one's state (tenant-api.md, api-facts.md). */
export const findingRoutes: Route[] = [
  {
    method: 'POST',
    path: '/api/v1/findings/search',
    handle: (s, _p, body) => s.findings.searchPage(body, s.now()),
  },
  {
    method: 'GET',
    path: '/api/v1/findings/:id',
    handle(s, p) {
      const f = s.findings.get(p.id ?? '', s.now());
      return f
        ? { status: 200, body: { finding: f, expanded: [] } }
        : grpcError(404, 5, `finding ${p.id} not found`);
    },
  },
  {
    method: 'POST',
    path: '/api/v1/findings/:id/task',
    handle: (s, p) => s.findings.createTask(p.id ?? '', s.now(), SERVICE_PRINCIPAL),
  },
  {
    method: 'POST',
    path: '/api/v1/tasks/:taskId/action/comment',
    // A certify task's comment is the acting person's (task-actions.ts); a finding's task's is Warden's.
    handle: (s, p, body, who) =>
      s.tasks.has(p.taskId ?? '')
        ? commentOnTask(s, p.taskId ?? '', body, who)
        : s.findings.commentOnTask(p.taskId ?? '', body.comment, s.now(), SERVICE_PRINCIPAL),
  },
  {
    method: 'POST',
    path: '/api/v1/findings/:id/state',
    handle(s, p, body) {
      const answer = s.findings.changeState(p.id ?? '', body, SERVICE_PRINCIPAL, s.now());
      // UpdateFindingStateResponse.finding may be null (api-facts.md): the change was made all the same.
      return answer.status === 200 && s.answers.stateChangeWithoutFinding
        ? { status: 200, body: { finding: null } }
        : answer;
    },
  },
];
