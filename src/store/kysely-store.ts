import { type Kysely, Migrator, sql } from 'kysely';
import type { Store, StoreAvailability } from '../ports/store.js';
import { DEFAULT_RETRY, type RetryPolicy, retrying } from './availability.js';
import { migrationProvider, ping } from './migrations/index.js';
import { accessReviewQueries } from './queries/access-reviews.js';
import { approvalQueries } from './queries/approvals.js';
import { askQueries } from './queries/asks.js';
import { auditQueries } from './queries/audit.js';
import { cardClaimQueries } from './queries/card-claims.js';
import { connectQueries } from './queries/connect.js';
import { containQueries } from './queries/contain.js';
import { inflightQueries } from './queries/inflight.js';
import { installationQueries, sharedChannelQueries } from './queries/installations.js';
import { instanceQueries } from './queries/instances.js';
import { lifecycleQueries } from './queries/lifecycle.js';
import { messageQueries } from './queries/messages.js';
import { noteQueries } from './queries/notes.js';
import { outboxQueries } from './queries/outbox.js';
import { ownerNoticeQueries } from './queries/owner-notices.js';
import { pacingQueries } from './queries/pacing.js';
import { replayQueries } from './queries/replays.js';
import { requestIntentQueries } from './queries/request-intents.js';
import { retentionQueries } from './queries/retention.js';
import { rollupQueries } from './queries/rollups.js';
import { seenQueries } from './queries/seen.js';
import { slaQueries } from './queries/sla.js';
import { stepUpQueries } from './queries/step-ups.js';
import { workspaceQueries } from './queries/workspaces.js';
import type { Database } from './schema.js';

async function migrate(db: Kysely<Database>, kind: Store['kind']): Promise<void> {
  // kysely looks for its migration tables in every schema unless told which: in a database
  // shared with other schemas (another app, or tests in parallel) it would find another's and
  // not create its own. PostgreSQL: the schema Warden's search_path puts its tables in.
  const schema =
    kind === 'postgres'
      ? (await sql<{ schema: string }>`select current_schema() as schema`.execute(db)).rows[0]?.schema
      : undefined;
  const migrator = new Migrator({
    db,
    provider: migrationProvider,
    ...(schema ? { migrationTableSchema: schema } : {}),
  });
  for (let attempt = 1; ; attempt++) {
    const { error, results } =
      kind === 'sqlite'
        ? await locked(db, () => migrator.migrateToLatest())
        : await migrator.migrateToLatest();
    if (!error) return;
    const message = error instanceof Error ? error.message : String(error);
    // A process that could not take the write lock within the busy timeout (another one held it
    // the whole time) tries again; by then the work is done. (PostgreSQL: kysely's migration lock
    // serialises replicas, and the introspection reads Warden's own schema only:
    // own-schema-introspector.ts.)
    const lostRace = kind === 'sqlite' && /SQLITE_BUSY|database is locked/.test(message);
    if (lostRace && attempt < 10) {
      await new Promise((r) => setTimeout(r, 50 * attempt));
      continue;
    }
    const failed = results?.find((r) => r.status === 'Error')?.migrationName;
    throw new Error(`store migration ${failed ?? ''} failed: ${message}`);
  }
}

/**
 * SQLite: kysely takes no migration lock and runs no migration in a transaction there, so two
 * processes starting on a fresh file both applied the same migration and one died on it
 * ("duplicate column name"). All pending migrations run in one IMMEDIATE transaction: the write
 * lock is taken first, a second process waits for it (busy timeout), then finds nothing pending;
 * a failed migration leaves the file as it was. (SQLite's DDL is transactional; the single
 * connection kysely keeps runs the migrator's statements inside this transaction.)
 */
async function locked<R extends { error?: unknown }>(
  db: Kysely<Database>,
  run: () => Promise<R>,
): Promise<R> {
  await writeLock(db);
  let outcome: R | undefined;
  try {
    outcome = await run();
  } finally {
    await sql.raw(outcome && !outcome.error ? 'commit' : 'rollback').execute(db);
  }
  return outcome;
}

/**
 * BEGIN IMMEDIATE, waited for without blocking: better-sqlite3 waits out a busy file inside the
 * call (busy_timeout), holding the event loop, so a second store of the same process would stop
 * the first from ever finishing. The lock is asked for at once, and again after a pause.
 */
async function writeLock(db: Kysely<Database>): Promise<void> {
  const row = (await sql<{ timeout: number }>`pragma busy_timeout`.execute(db)).rows[0];
  await sql.raw('pragma busy_timeout = 0').execute(db);
  try {
    for (let waited = 0; ; waited += 100) {
      try {
        await sql`begin immediate`.execute(db);
        return;
      } catch (error) {
        const busy = /SQLITE_BUSY|database is locked/.test(error instanceof Error ? error.message : '');
        if (!busy || waited >= 60_000) throw error;
        await new Promise((r) => setTimeout(r, 100));
      }
    }
  } finally {
    await sql.raw(`pragma busy_timeout = ${Math.max(0, Math.floor(row?.timeout ?? 5_000))}`).execute(db);
  }
}

/** `f`, tried again as `retrying` says when the store's connection fails. */
function again<A extends unknown[], R>(policy: RetryPolicy, f: (...args: A) => Promise<R>) {
  return (...args: A): Promise<R> => retrying(policy, () => f(...args));
}

/**
 * The Store over kysely: one set of queries for SQLite and PostgreSQL, one module per concern.
 * Statements that are safe to run again are retried on a fresh connection when theirs is cut:
 * reads; claims (one statement: a claim whose answer was lost leaves its rows to their lease);
 * and writes that set values keyed by id, so running one twice is running it once; an alert,
 * whose retry recognises its own row (queries/outbox.ts). Not retried: writes that add a row or
 * answer "was it me" (an audit entry, settling one).
 */
export function createKyselyStore(
  db: Kysely<Database>,
  kind: Store['kind'],
  health: StoreAvailability,
  retry: RetryPolicy = DEFAULT_RETRY,
): Store {
  const base = {
    ...outboxQueries(db, kind, retry),
    ...messageQueries(db),
    ...ownerNoticeQueries(db),
    ...seenQueries(db),
    ...auditQueries(db),
    ...approvalQueries(db),
    ...replayQueries(db, retry),
    ...inflightQueries(db),
    ...instanceQueries(db),
    ...installationQueries(db),
    ...sharedChannelQueries(db),
    ...connectQueries(db),
    ...retentionQueries(db),
    ...pacingQueries(db, kind),
    ...rollupQueries(db),
    ...lifecycleQueries(db, kind),
    ...askQueries(db),
    ...stepUpQueries(db),
    ...noteQueries(db),
    ...accessReviewQueries(db, kind),
    ...cardClaimQueries(db),
    ...requestIntentQueries(db),
    ...containQueries(db, kind),
    ...workspaceQueries(db),
    ...slaQueries(db),
  };
  const r = <A extends unknown[], R>(f: (...args: A) => Promise<R>) => again(retry, f);
  return {
    kind,
    health,
    migrate: () => migrate(db, kind),
    ping: () => ping(db),
    close: () => db.destroy(),
    ...base,
    // reads
    outboxStats: r(base.outboxStats),
    listOutbox: r(base.listOutbox),
    arrivals: r(base.arrivals),
    countArriving: r(base.countArriving),
    messagesFor: r(base.messagesFor),
    seen: r(base.seen),
    unsettledAttempts: r(base.unsettledAttempts),
    auditLog: r(base.auditLog),
    getApproval: r(base.getApproval),
    pendingApprovals: r(base.pendingApprovals),
    approvalsBy: r(base.approvalsBy),
    rollupGroup: r(base.rollupGroup),
    rollupMembers: r(base.rollupMembers),
    rollupsOf: r(base.rollupsOf),
    unlistedMembers: r(base.unlistedMembers),
    getJob: r(base.getJob),
    pendingJobs: r(base.pendingJobs),
    lastFinished: r(base.lastFinished),
    lifecycleStats: r(base.lifecycleStats),
    homeOpenedBy: r(base.homeOpenedBy),
    homeViewers: r(base.homeViewers),
    getAsk: r(base.getAsk),
    findStepUp: r(base.findStepUp),
    slaClock: r(base.slaClock),
    overdueSlaClocks: r(base.overdueSlaClocks),
    overdueBySeverity: r(base.overdueBySeverity),
    claimDueSlaClocks: r(base.claimDueSlaClocks),
    putSlaClock: r(base.putSlaClock),
    sweptSlaClock: r(base.sweptSlaClock),
    openAsksOf: r(base.openAsksOf),
    // an ask is one per finding: a repeat returns the first
    createAsk: r(base.createAsk),
    installation: r(base.installation),
    installations: r(base.installations),
    refreshFailures: r(base.refreshFailures),
    sharedAmong: r(base.sharedAmong),
    channelSharing: r(base.channelSharing),
    staleChannels: r(base.staleChannels),
    cardsIn: r(base.cardsIn),
    outboxIdAt: r(base.outboxIdAt),
    // claims: one statement each, and a retry recognises its own (queries/outbox.ts, inflight.ts)
    claimDue: r(base.claimDue),
    claimDueJobs: r(base.claimDueJobs),
    claimInflight: r(base.claimInflight),
    claimOwnerNotice: r(base.claimOwnerNotice),
    claimCard: r(base.claimCard),
    // writes that set the same values again
    releaseInflight: r(base.releaseInflight),
    renewInstance: r(base.renewInstance),
    releaseInstance: r(base.releaseInstance),
    releaseOwnerNotice: r(base.releaseOwnerNotice),
    releaseCard: r(base.releaseCard),
    settleIntent: r(base.settleIntent),
    orphanedIntents: r(base.orphanedIntents),
    auditedRequest: r(base.auditedRequest),
    markSent: r(base.markSent),
    reschedule: r(base.reschedule),
    markFailed: r(base.markFailed),
    markRolledUp: r(base.markRolledUp),
    upsertMessage: r(base.upsertMessage),
    recordSeen: r(base.recordSeen),
    finishJob: r(base.finishJob),
    retryJob: r(base.retryJob),
    markHomeOpened: r(base.markHomeOpened),
    setAskQuestion: r(base.setAskQuestion),
    clearAskEscalated: r(base.clearAskEscalated),
    setAskNote: r(base.setAskNote),
    saveInstallation: r(base.saveInstallation),
    // conditional on the value read: running it twice is running it once
    replaceSealed: r(base.replaceSealed),
    // a claim is one statement (a lost answer leaves it to its lease), as claimDue
    claimRefresh: r(base.claimRefresh),
    // access reviews: reads, and the one-statement claim
    reviewLink: r(base.reviewLink),
    reviewLinks: r(base.reviewLinks),
    claimReviewJobs: r(base.claimReviewJobs),
    reviewTracker: r(base.reviewTracker),
    stopWorkspace: r(base.stopWorkspace),
    recordChannelWorkspace: r(base.recordChannelWorkspace),
  };
}
