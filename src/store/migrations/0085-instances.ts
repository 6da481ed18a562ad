import { type Kysely, type Migration, sql } from 'kysely';

/**
 * Each running Warden process holds a lease here, renewed on a heartbeat, and writes its id on
 * each audit attempt: an attempt whose owner's lease is gone (SIGKILL, a lost node) is settled
 * within seconds, while a live replica's is never touched. Attempts written before this carry no
 * id and are reconciled past their deadline, as before. The partial index keeps the reconciler's
 * frequent look for unsettled attempts from reading the whole audit log.
 */
export const instances: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('instances')
      .ifNotExists()
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('started_at', 'bigint', (c) => c.notNull())
      .addColumn('lease_until', 'bigint', (c) => c.notNull())
      .execute();
    await db.schema.alterTable('audit_log').addColumn('instance_id', 'text').execute();
    await sql`create index if not exists audit_attempts on audit_log (at) where outcome = 'attempt'`.execute(
      db,
    );
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropIndex('audit_attempts').ifExists().execute();
    await db.schema.alterTable('audit_log').dropColumn('instance_id').execute();
    await db.schema.dropTable('instances').ifExists().execute();
  },
};
