import { campaignOf, type ReviewTask, reviewTaskOf } from '../domain/access-review.js';
import type { WireTaskView } from '../model/access-review.js';
import type { ExpandedItem } from '../model/finding.js';
import type { PersonalCredential, ReviewerSession, ReviewTenant } from '../ports/access-reviews.js';
import { generateCsvReport, getAccessReview, listReports } from '../tenant/access-review-campaigns.js';
import type { TenantClient } from '../tenant/client.js';
import {
  asDeviceToken,
  createPersonalClient,
  deletePersonalClient,
  pollDeviceToken,
  startDeviceAuthorization,
  whoAmI,
} from '../tenant/personal-credentials.js';
import {
  actOnTask,
  allCertifyTasks,
  approveWithStepUp,
  getTask,
  verifiedStepUps,
} from '../tenant/review-tasks.js';
import { getUser } from '../tenant/users.js';

/**
 * The review ports over tenant/: Warden's own client reads campaigns and their tasks; each
 * reviewer's calls go through a client of their own personal credential (tenant/client.ts
 * `withAuth`: the same pool, retries and metrics), kept a while per client so their token is
 * reused between clicks. Warden's service client is never given a decision to send.
 */

const tasksOf = (views: readonly WireTaskView[], expanded: readonly ExpandedItem[]): ReviewTask[] =>
  views.flatMap((v) => reviewTaskOf(v, expanded) ?? []);

const SESSION_TTL_MS = 30 * 60_000;
const MAX_SESSIONS = 500;

export function createReviewTenant(
  service: TenantClient,
  deviceClientId: string,
  now: () => number,
): ReviewTenant {
  const sessions = new Map<string, { client: TenantClient; at: number }>();
  const personal = (c: PersonalCredential): TenantClient => {
    const key = `${c.clientId}\u0000${c.personalClientId}`;
    const held = sessions.get(key);
    if (held && now() - held.at < SESSION_TTL_MS) return held.client;
    if (sessions.size >= MAX_SESSIONS) {
      const oldest = sessions.keys().next().value;
      if (oldest !== undefined) sessions.delete(oldest);
    }
    const client = service.withAuth({
      kind: 'clientCredentials',
      clientId: c.clientId,
      clientSecret: c.clientSecret,
    });
    sessions.set(key, { client, at: now() });
    return client;
  };
  const readTask = async (client: TenantClient, id: string) => {
    const answer = await getTask(client, id);
    return answer.taskView ? reviewTaskOf(answer.taskView, answer.expanded ?? []) : undefined;
  };
  return {
    async campaign(id) {
      const c = await getAccessReview(service, id);
      return c ? campaignOf(c) : undefined;
    },
    async tasks(f) {
      const page = await allCertifyTasks(service, {
        ...(f.campaignIds ? { accessReviewIds: f.campaignIds } : {}),
        ...(f.assignees ? { assigneesInIds: f.assignees } : {}),
        open: f.all !== true,
      });
      return tasksOf(page.views, page.expanded);
    },
    async userActive(id) {
      const user = await getUser(service, id);
      return user === undefined ? undefined : user.status === 'ENABLED';
    },
    requestReport: (id) => generateCsvReport(service, id),
    async csvReport(id) {
      const reports = (await listReports(service, id)).filter(
        (r) => r.format === 'ACCESS_REVIEW_REPORT_FORMAT_CSV',
      );
      const newest = reports.sort((a, b) => Date.parse(b.createdAt ?? '') - Date.parse(a.createdAt ?? ''))[0];
      if (!newest) return { none: true };
      if (newest.state !== 'REPORT_STATE_OK' || !newest.downloadUrl) return { pending: true };
      return { csv: await service.download('downloadAccessReviewReport', newest.downloadUrl) };
    },
    startDeviceFlow: () => startDeviceAuthorization(service, deviceClientId),
    pollDeviceFlow: (code) => pollDeviceToken(service, deviceClientId, code),
    whoIs: (token) => whoAmI(asDeviceToken(service, token)),
    async createClient(token, name) {
      const made = await createPersonalClient(asDeviceToken(service, token), name);
      return {
        personalClientId: made.id,
        clientId: made.clientId,
        clientSecret: made.secret,
        userId: made.userId,
      };
    },
    deleteClientWith: (token, id) => deletePersonalClient(asDeviceToken(service, token), id),
    as(credential): ReviewerSession {
      const client = () => personal(credential);
      return {
        async openTasks(identityUserId, scope) {
          const page = await allCertifyTasks(client(), {
            assigneesInIds: [identityUserId],
            ...(scope ? { accessReviewIds: [scope.campaignId], applicationIds: [scope.appId] } : {}),
          });
          return tasksOf(page.views, page.expanded);
        },
        task: (id) => readTask(client(), id),
        async decide(taskId, d) {
          const answer = await actOnTask(
            client(),
            taskId,
            d.kind === 'comment'
              ? { kind: 'comment', comment: d.comment }
              : d.kind === 'reassign'
                ? { kind: 'reassign', policyStepId: d.stepId, newStepUserIds: d.to, comment: d.comment }
                : { kind: d.kind, policyStepId: d.stepId, comment: d.comment },
          );
          return answer.taskView ? reviewTaskOf(answer.taskView, answer.expanded ?? []) : undefined;
        },
        async approveWithStepUp(taskId, stepId, transactionId) {
          // The schema requires the field: empty (proto3's unset) asks the tenant where to verify.
          const answer = await approveWithStepUp(client(), taskId, {
            policyStepId: stepId,
            stepUpTransactionId: transactionId ?? '',
          });
          if (answer.redirectUrl) return { verifyAt: answer.redirectUrl };
          return { task: answer.taskView ? reviewTaskOf(answer.taskView, answer.expanded ?? []) : undefined };
        },
        async verifiedStepUp(taskId, userId) {
          const found = await verifiedStepUps(client(), taskId, userId);
          return found[0]?.id;
        },
        async deleteClient(id) {
          await deletePersonalClient(client(), id);
          sessions.delete(`${credential.clientId}\u0000${credential.personalClientId}`);
        },
      };
    },
  };
}
