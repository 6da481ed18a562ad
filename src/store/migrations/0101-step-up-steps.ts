import { type Kysely, type Migration, sql } from 'kysely';

/**
 * A step-up verification asked for by a Workflow Builder step keeps the step's
 * function_execution_id: the verified sign-in completes the step, a refused one or the link's
 * expiry fails it, on whichever replica it happens and after a restart. The expiry sweep finds
 * such rows by it. Null for a verification asked for by a click.
 */
export const stepUpSteps: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema.alterTable('step_ups').addColumn('function_execution_id', 'text').execute();
    await sql`create index if not exists step_ups_steps on step_ups (function_execution_id, expires_at)`.execute(
      db,
    );
  },
  async down(db: Kysely<unknown>) {
    await sql`drop index if exists step_ups_steps`.execute(db);
    await db.schema.alterTable('step_ups').dropColumn('function_execution_id').execute();
  },
};
