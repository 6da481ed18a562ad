import type { Kysely, Migration } from 'kysely';

/**
 * A four-eyes request made by a Workflow Builder step keeps the step's function_execution_id:
 * the approver's decision (or the request's expiry) completes or fails that step, on whichever
 * replica it happens and after a restart. Null for a request made from a card or a command.
 */
export const approvalSteps: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema.alterTable('approvals').addColumn('function_execution_id', 'text').execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.alterTable('approvals').dropColumn('function_execution_id').execute();
  },
};
