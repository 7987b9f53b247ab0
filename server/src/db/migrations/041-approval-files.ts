import { sql, type Kysely } from 'kysely';

/**
 * The files an approval refers to (its form snapshot, and the attachments of decisions and
 * comments): whoever may open the approval may open these files (file-access.ts). Rows are written
 * when the instance is submitted, its form edited or a log entry carries files, and only for files
 * the person adding them could see themselves, so an approval cannot be used to reach someone
 * else's file. Existing approvals are linked to the files of their snapshot and logs that the
 * submitter or the log's author uploaded.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('wf_files')
    .addColumn('instance_id', 'integer', (c) => c.notNull())
    .addColumn('file_id', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('wf_files_pk', ['instance_id', 'file_id'])
    .execute();
  await db.schema.createIndex('wf_files_file').on('wf_files').columns(['file_id', 'instance_id']).execute();
  await backfillApprovalFiles(db);
}

const STORED_NAME = /\/files\/([0-9a-f]{32}\.[a-z0-9]{1,5})/g;

/** Links existing approvals to the files of their snapshot and logs that the submitter or the log's author uploaded. */
export async function backfillApprovalFiles(db: Kysely<unknown>): Promise<void> {
  type Ref = { instanceId: number; userId: number | null; text: string };
  const refs: Ref[] = [];
  const instances = await sql<{ id: number; submitter_id: number; form_data: string }>`select id, submitter_id, form_data from wf_instances where form_data like ${'%/files/%'}`.execute(db);
  for (const r of instances.rows) refs.push({ instanceId: r.id, userId: r.submitter_id, text: r.form_data });
  const logs = await sql<{ instance_id: number; user_id: number | null; files: string }>`select instance_id, user_id, files from wf_logs where files like ${'%/files/%'}`.execute(db);
  for (const r of logs.rows) refs.push({ instanceId: r.instance_id, userId: r.user_id, text: r.files });
  const seen = new Set<string>();
  for (const ref of refs) {
    const names = [...new Set([...ref.text.matchAll(STORED_NAME)].map((m) => m[1]))];
    if (names.length === 0 || ref.userId === null) continue;
    const files = await sql<{ id: number }>`select id from files where user_id = ${ref.userId} and stored_name in (${sql.join(names)})`.execute(db);
    for (const f of files.rows) {
      const key = `${ref.instanceId}:${f.id}`;
      if (seen.has(key)) continue;
      seen.add(key);
      await sql`insert into wf_files (instance_id, file_id) values (${ref.instanceId}, ${f.id})`.execute(db);
    }
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('wf_files').execute();
}
