import type { App } from '@slack/bolt';
import { z } from 'zod';
import type { Logger } from '../logger.js';
import type { RequestIntents } from '../ports/request-intents.js';

/**
 * Issue 36, item 19: what a person asked is kept with the request's replay record before the ack
 * (http/request-intent.ts). Here: settled once Bolt has handled the request (whatever became of
 * it), and carried out by another process when the one that acknowledged it died first.
 */

const ContextKeys = z.looseObject({ intentKey: z.string().optional() });

/** Bolt's context says the request is one a dead process acknowledged (recoverRequests below). */
export const isRecovered = (context: object): boolean => 'recovered' in context && context.recovered === true;

/** Outermost middleware: once the request is handled (listeners and their queued work), its intent goes. */
export function registerIntentSettling(app: App, intents: RequestIntents, logger: Logger): void {
  app.use(async ({ context, next }) => {
    try {
      await next();
    } finally {
      const key = ContextKeys.safeParse(context).data?.intentKey;
      if (key)
        await intents
          .settleIntent(key)
          .catch((error: unknown) => logger.warn({ err: error }, 'a handled request could not be marked so'));
    }
  });
}

/** The person who sent a kept body (a command's `user_id`, an interaction's `user.id`). */
const PersonOf = z.union([
  z.looseObject({ user: z.looseObject({ id: z.string() }) }).transform((b) => b.user.id),
  z.looseObject({ user_id: z.string() }).transform((b) => b.user_id),
]);

const Body = z.record(z.string(), z.unknown());

/** A response_url lives 30 minutes: past that, nobody can be told any more. */
const TOO_OLD_MS = 30 * 60_000;

export interface RecoverOptions {
  app: App;
  intents: RequestIntents;
  /** This process's lease: whose intents are orphans (store/instance-lease.ts). */
  lease: { id: string; now(): number; othersTrusted(): boolean };
  clock: () => number;
  logger: Logger;
}

/**
 * Requests a dead process acknowledged but never handled, carried out here: handed to Bolt again
 * as Slack sent them (the ack goes nowhere: Slack has had it), so the runner authorizes and acts
 * as it would have, and tells the person as it would have. One whose use case got as far as its
 * audit entry is left to that entry's reconcile (reconcile-attempts.ts), never done twice.
 */
export async function recoverRequests(o: RecoverOptions): Promise<number> {
  if (!o.lease.othersTrusted()) return 0;
  const orphans = await o.intents.orphanedIntents({ self: o.lease.id, now: o.lease.now(), limit: 20 });
  let carried = 0;
  for (const orphan of orphans) {
    if (!(await o.intents.adoptIntent(orphan.key, orphan.instanceId, o.lease.id))) continue;
    const log = o.logger.child({ ref: orphan.ref, deadInstance: orphan.instanceId });
    let parsed: unknown;
    try {
      parsed = JSON.parse(orphan.body);
    } catch {
      parsed = undefined;
    }
    const body = Body.safeParse(parsed);
    const person = PersonOf.safeParse(parsed);
    if (!body.success || !person.success || o.clock() - orphan.takenAt > TOO_OLD_MS) {
      log.warn('a request a stopped process acknowledged is too old or unreadable to carry out; dropped');
      await o.intents.settleIntent(orphan.key);
      continue;
    }
    if (await o.intents.auditedRequest(orphan.ref, person.data, orphan.takenAt)) {
      // Its change was under way: the attempt's own reconcile settles it and tells the person.
      await o.intents.settleIntent(orphan.key);
      continue;
    }
    log.warn('carrying out a request a stopped process acknowledged but never handled');
    try {
      await o.app.processEvent({
        body: body.data,
        ack: async () => undefined,
        customProperties: { requestId: orphan.ref, intentKey: orphan.key, recovered: true },
      });
      carried++;
    } catch (error) {
      log.error({ err: error }, 'a recovered request failed');
      await o.intents.settleIntent(orphan.key);
    }
  }
  return carried;
}
