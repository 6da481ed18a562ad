import { Counter, type Registry } from 'prom-client';

/** Containment (issue 39): every request, decision, refusal and task outcome, by action. */
export function containMetrics(registry: Registry) {
  return {
    contain: new Counter({
      name: 'warden_contain_total',
      help: 'Containments by action (revoke, offboard) and outcome (requested, held, approved, denied, expired, created, refused, failed, unknown, done, task_denied, task_error, task_cancelled, task_closed, lost, stopped).',
      labelNames: ['action', 'outcome'] as const,
      registers: [registry],
    }),
  };
}
