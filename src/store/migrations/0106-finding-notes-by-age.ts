import type { Kysely, Migration } from 'kysely';

/**
 * The retention sweep finds old notes by their age (kept as long as the audit log, `auditDays`),
 * without scanning the whole table: the same kind of index as 0006's for the other tables.
 */
export const findingNotesByAge: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createIndex('finding_notes_by_age')
      .ifNotExists()
      .on('finding_notes')
      .column('created_at')
      .execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropIndex('finding_notes_by_age').ifExists().execute();
  },
};
