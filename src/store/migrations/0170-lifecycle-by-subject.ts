import type { Kysely, Migration } from 'kysely';

/**
 * A finding's pending jobs are looked up each time Warden records the finding's state (whose Home
 * tabs list an end of it) and on each Home publish (which end still holds): by subject, not by
 * scanning every job.
 */
export const lifecycleBySubject: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createIndex('lifecycle_jobs_subject')
      .ifNotExists()
      .on('lifecycle_jobs')
      .columns(['subject', 'kind', 'status'])
      .execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropIndex('lifecycle_jobs_subject').ifExists().execute();
  },
};
