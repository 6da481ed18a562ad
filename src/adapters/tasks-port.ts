import type { TasksPort } from '../ports/contain.js';
import {
  createOffboardingTask,
  createRevokeTask,
  findTaskByReference,
  getTask,
} from '../tenant/access-tasks.js';
import { findAppUser, getAppName, grantsOf } from '../tenant/apps.js';
import type { TenantClient } from '../tenant/client.js';

/** Containment's tenant port over tenant/: the task API and the reads that name what is taken away. */
export function createTasksPort(client: TenantClient): TasksPort {
  return {
    createRevoke: (r) => createRevokeTask(client, r),
    createOffboarding: (r) => createOffboardingTask(client, r),
    get: (taskId) => getTask(client, taskId),
    findByReference: (kind, reference, createdAfter) =>
      findTaskByReference(client, kind, reference, createdAfter),
    appName: async (appId) => (await getAppName(client, appId))?.name,
    account: (appId, appUserId) => findAppUser(client, appId, appUserId),
    grants: (appId, appUserId) => grantsOf(client, appId, appUserId, 100),
  };
}
