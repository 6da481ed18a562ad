import type { Kysely } from 'kysely';
import type { RequestIntents } from '../../ports/request-intents.js';
import type { Database } from '../schema.js';
import { parseJson } from './common.js';

export function requestIntentQueries(db: Kysely<Database>): RequestIntents {
  return {
    async settleIntent(key) {
      await db.updateTable('seen_requests').set({ intent: null }).where('key', '=', key).execute();
    },
    async orphanedIntents(q) {
      const rows = await db
        .selectFrom('seen_requests')
        .select(['key', 'intent', 'instance_id', 'ref', 'taken_at'])
        .where('intent', 'is not', null)
        .where('instance_id', 'is not', null)
        .where('instance_id', '!=', q.self)
        .where((eb) =>
          eb.not(
            eb.exists(
              eb
                .selectFrom('instances')
                .select('instances.id')
                .whereRef('instances.id', '=', 'seen_requests.instance_id')
                .where('instances.lease_until', '>=', q.now),
            ),
          ),
        )
        .orderBy('taken_at')
        .limit(q.limit)
        .execute();
      return rows.map((r) => ({
        key: r.key,
        body: r.intent ?? '',
        instanceId: r.instance_id ?? '',
        ref: r.ref ?? '',
        takenAt: Number(r.taken_at ?? 0),
      }));
    },
    async adoptIntent(key, from, self) {
      const taken = await db
        .updateTable('seen_requests')
        .set({ instance_id: self })
        .where('key', '=', key)
        .where('instance_id', '=', from)
        .where('intent', 'is not', null)
        .executeTakeFirst();
      return Number(taken.numUpdatedRows) === 1;
    },
    async auditedRequest(ref, userId, since) {
      // A person's entries since the request: few, read and matched by the ref in their params.
      const rows = await db
        .selectFrom('audit_log')
        .select('params')
        .where('user_id', '=', userId)
        .where('at', '>=', since)
        .limit(200)
        .execute();
      return rows.some((r) => {
        const params = parseJson(r.params);
        return typeof params === 'object' && params !== null && 'ref' in params && params.ref === ref;
      });
    },
  };
}
