import type { Ports } from '../ports/index.js';
import type { Store } from '../ports/store.js';

/**
 * The store as one workspace's ports see it: Home tabs opened are kept by (workspace, person) (in
 * an Enterprise Grid organisation one person may open Warden's Home in several workspaces), and
 * what runs later — a lifecycle job, a step-up hold, a four-eyes request — is written with the
 * workspace it belongs to, so it runs there, on any replica (migration 0111).
 */
export function workspaceStores(
  store: Store,
  team: string,
): Pick<Ports, 'lifecycle' | 'stepUps' | 'approvals'> {
  return {
    lifecycle: {
      ...store,
      scheduleJob: (job, now) => store.scheduleJob({ ...job, teamId: job.teamId ?? team }, now),
      markHomeOpened: (userId, now) => store.markHomeOpened(userId, now, team),
      homeOpenedBy: (userIds) => store.homeOpenedBy(userIds, team),
      homeViewers: (limit) => store.homeViewers(limit, team),
    },
    stepUps: { ...store, createStepUp: (r) => store.createStepUp({ ...r, teamId: r.teamId ?? team }) },
    approvals: { ...store, createApproval: (a) => store.createApproval({ ...a, teamId: a.teamId ?? team }) },
  };
}
