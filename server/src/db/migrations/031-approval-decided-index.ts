import { sql, type Kysely } from 'kysely';

/**
 * 我已审批 on PostgreSQL: `wf_steps_decided (user_id, outcome, id)` finds a user's decided steps, but
 * with three outcomes the rows do not come out in id order, so PostgreSQL read and sorted every one
 * of them (52,550 rows, ~100 ms at 1,000,000 steps) for a page of ten. A partial index on
 * (user_id, id) holding decided steps only answers the page by a backward index range and the count
 * index-only, on both databases. The predicate is written exactly as `workflow-lists.ts` queries it
 * (`DECIDED_OUTCOMES`, as literals), which SQLite needs to use a partial index.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createIndex('wf_steps_decided_by')
    .on('wf_steps')
    .columns(['user_id', 'id'])
    .where(sql<boolean>`outcome in ('approved', 'refused', 'returned')`)
    .execute();
  await db.schema.dropIndex('wf_steps_decided').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.createIndex('wf_steps_decided').on('wf_steps').columns(['user_id', 'outcome', 'id']).execute();
  await db.schema.dropIndex('wf_steps_decided_by').execute();
}
