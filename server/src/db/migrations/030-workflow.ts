import type { Kysely } from 'kysely';
import { dialectOf } from '../database';
import { idColumn } from './columns';

/**
 * The approval engine (issue #11): flow definitions with immutable versions, instances, steps (one
 * approver's task on one node), the log, cc / read receipts, and expense claims with their lines.
 * Indexes follow the lists: 待我审批 reads open steps by assignee (`wf_steps_todo`), 我已审批 decided
 * steps by assignee, 我发起的 instances by submitter.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const dialect = dialectOf(db);
  await idColumn(db.schema.createTable('wf_flows'), dialect)
    .addColumn('name', 'varchar(50)', (c) => c.notNull())
    .addColumn('category', 'varchar(30)', (c) => c.notNull().defaultTo(''))
    .addColumn('form_mode', 'varchar(50)', (c) => c.notNull())
    .addColumn('status', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('version_id', 'integer')
    .addColumn('beizhu', 'varchar(300)', (c) => c.notNull().defaultTo(''))
    .addColumn('created_by', 'integer')
    .addColumn('created_at', 'varchar(30)', (c) => c.notNull())
    .addColumn('updated_at', 'varchar(30)', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('wf_flows_form').on('wf_flows').columns(['form_mode', 'status']).execute();

  await idColumn(db.schema.createTable('wf_flow_versions'), dialect)
    .addColumn('flow_id', 'integer', (c) => c.notNull().references('wf_flows.id').onDelete('cascade'))
    .addColumn('version', 'integer', (c) => c.notNull())
    .addColumn('json', 'text', (c) => c.notNull())
    .addColumn('created_by', 'integer')
    .addColumn('created_at', 'varchar(30)', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('wf_flow_versions_flow').on('wf_flow_versions').columns(['flow_id', 'version']).unique().execute();

  await idColumn(db.schema.createTable('wf_instances'), dialect)
    .addColumn('flow_id', 'integer', (c) => c.notNull().references('wf_flows.id'))
    .addColumn('version_id', 'integer', (c) => c.notNull().references('wf_flow_versions.id'))
    .addColumn('title', 'varchar(150)', (c) => c.notNull())
    .addColumn('form_mode', 'varchar(50)', (c) => c.notNull())
    .addColumn('record_id', 'integer', (c) => c.notNull())
    .addColumn('submitter_id', 'integer', (c) => c.notNull().references('users.id'))
    .addColumn('branch_id', 'integer')
    /** 0 待审 (returned to the submitter), 1 审核中, 2 通过, 3 未通过, 4 已撤回. */
    .addColumn('status', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('round', 'integer', (c) => c.notNull().defaultTo(1))
    /** The engine's per-instance state (JSON): join arrivals, returning node, submitter's choices. */
    .addColumn('state', 'text', (c) => c.notNull().defaultTo('{}'))
    .addColumn('form_data', 'text', (c) => c.notNull().defaultTo('{}'))
    .addColumn('last_urged_at', 'varchar(30)', (c) => c.notNull().defaultTo(''))
    .addColumn('created_at', 'varchar(30)', (c) => c.notNull())
    .addColumn('updated_at', 'varchar(30)', (c) => c.notNull())
    .addColumn('finished_at', 'varchar(30)', (c) => c.notNull().defaultTo(''))
    .execute();
  await db.schema.createIndex('wf_instances_submitter').on('wf_instances').columns(['submitter_id', 'id']).execute();
  await db.schema.createIndex('wf_instances_record').on('wf_instances').columns(['form_mode', 'record_id']).execute();
  await db.schema.createIndex('wf_instances_flow').on('wf_instances').columns(['flow_id', 'id']).execute();

  await idColumn(db.schema.createTable('wf_steps'), dialect)
    .addColumn('instance_id', 'integer', (c) => c.notNull().references('wf_instances.id').onDelete('cascade'))
    .addColumn('node_id', 'varchar(50)', (c) => c.notNull())
    .addColumn('step_name', 'varchar(50)', (c) => c.notNull())
    .addColumn('node_kind', 'varchar(20)', (c) => c.notNull())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id'))
    /** 0 pending receipt, 1 received, 2 in progress, 3 completed, 4 not passed. */
    .addColumn('status', 'integer', (c) => c.notNull().defaultTo(0))
    /** 'approved', 'returned', 'refused', 'forwarded', 'closed' (handled by another / cancelled), 'auto'. */
    .addColumn('outcome', 'varchar(20)', (c) => c.notNull().defaultTo(''))
    .addColumn('mode', 'varchar(10)', (c) => c.notNull().defaultTo('or'))
    .addColumn('seq', 'integer', (c) => c.notNull().defaultTo(0))
    /** 1 while the step can be decided; 0 queued behind an earlier person of an 依次 node. */
    .addColumn('active', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('round', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('comment', 'varchar(300)', (c) => c.notNull().defaultTo(''))
    .addColumn('forwarded_from', 'integer')
    .addColumn('received_at', 'varchar(30)', (c) => c.notNull().defaultTo(''))
    .addColumn('due_at', 'varchar(30)', (c) => c.notNull().defaultTo(''))
    .addColumn('reminded_at', 'varchar(30)', (c) => c.notNull().defaultTo(''))
    .addColumn('decided_at', 'varchar(30)', (c) => c.notNull().defaultTo(''))
    .addColumn('created_at', 'varchar(30)', (c) => c.notNull())
    .execute();
  // 待我审批: open, active steps of one user, newest first — an index range, whatever the table's size.
  await db.schema.createIndex('wf_steps_todo').on('wf_steps').columns(['user_id', 'status', 'active', 'id']).execute();
  // 我已审批: the steps one user decided (the outcome says so), newest first; the count is index-only.
  await db.schema.createIndex('wf_steps_decided').on('wf_steps').columns(['user_id', 'outcome', 'id']).execute();
  await db.schema.createIndex('wf_steps_instance').on('wf_steps').columns(['instance_id', 'node_id']).execute();
  await db.schema.createIndex('wf_steps_due').on('wf_steps').columns(['status', 'due_at']).execute();

  await idColumn(db.schema.createTable('wf_logs'), dialect)
    .addColumn('instance_id', 'integer', (c) => c.notNull().references('wf_instances.id').onDelete('cascade'))
    .addColumn('step_id', 'integer')
    .addColumn('node_id', 'varchar(50)', (c) => c.notNull().defaultTo(''))
    .addColumn('node_name', 'varchar(50)', (c) => c.notNull().defaultTo(''))
    .addColumn('user_id', 'integer')
    /** submit, approve, return, refuse, forward, comment, cc, revoke, urge, auto, timeout, remind, formedit, resubmit. */
    .addColumn('action', 'varchar(20)', (c) => c.notNull())
    /** 1 normal log, 2 form-edit log (spec "type 2 for form-edit logs"). */
    .addColumn('type', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('ext', 'varchar(600)', (c) => c.notNull().defaultTo(''))
    .addColumn('files', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('created_at', 'varchar(30)', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('wf_logs_instance').on('wf_logs').columns(['instance_id', 'id']).execute();
  await db.schema.createIndex('wf_logs_user').on('wf_logs').columns(['user_id', 'id']).execute();

  await idColumn(db.schema.createTable('wf_cc'), dialect)
    .addColumn('instance_id', 'integer', (c) => c.notNull().references('wf_instances.id').onDelete('cascade'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id'))
    .addColumn('from_user_id', 'integer')
    .addColumn('node_id', 'varchar(50)', (c) => c.notNull().defaultTo(''))
    .addColumn('read_at', 'varchar(30)', (c) => c.notNull().defaultTo(''))
    .addColumn('created_at', 'varchar(30)', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('wf_cc_user').on('wf_cc').columns(['user_id', 'id']).execute();
  await db.schema.createIndex('wf_cc_instance_user').on('wf_cc').columns(['instance_id', 'user_id']).unique().execute();

  await idColumn(db.schema.createTable('expense_claims'), dialect)
    /** 1 个人, 2 部门, 3 项目. */
    .addColumn('type', 'integer', (c) => c.notNull())
    .addColumn('title', 'varchar(100)', (c) => c.notNull())
    .addColumn('total_cents', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('riqi', 'varchar(10)', (c) => c.notNull().defaultTo(''))
    .addColumn('branch_id', 'integer')
    .addColumn('project', 'varchar(100)', (c) => c.notNull().defaultTo(''))
    .addColumn('pictures', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('beizhu', 'varchar(300)', (c) => c.notNull().defaultTo(''))
    /** 0 待审, 1 审核中, 2 通过, 3 未通过 — follows the instance. */
    .addColumn('status', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('instance_id', 'integer')
    .addColumn('created_by', 'integer', (c) => c.notNull().references('users.id'))
    .addColumn('created_at', 'varchar(30)', (c) => c.notNull())
    .addColumn('updated_at', 'varchar(30)', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('expense_claims_creator').on('expense_claims').columns(['created_by', 'id']).execute();
  await idColumn(db.schema.createTable('expense_lines'), dialect)
    .addColumn('claim_id', 'integer', (c) => c.notNull().references('expense_claims.id').onDelete('cascade'))
    .addColumn('amount_cents', 'integer', (c) => c.notNull())
    .addColumn('riqi', 'varchar(10)', (c) => c.notNull().defaultTo(''))
    .addColumn('category', 'varchar(50)', (c) => c.notNull().defaultTo(''))
    .addColumn('note', 'varchar(200)', (c) => c.notNull().defaultTo(''))
    .addColumn('pictures', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.createIndex('expense_lines_claim').on('expense_lines').columns(['claim_id', 'sort']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const t of ['expense_lines', 'expense_claims', 'wf_cc', 'wf_logs', 'wf_steps', 'wf_instances', 'wf_flow_versions', 'wf_flows']) await db.schema.dropTable(t).execute();
}
