/**
 * The batch import of a list, entity-agnostic: preview (upload → headers, sample rows and a suggested
 * column mapping), dry run (every row checked, nothing written, rejected rows with their sheet row
 * number and reason), the rejected rows as .xlsx, and the import itself: the valid rows in ONE
 * transaction, all or nothing. The uploaded sheet waits in a temp file named by a token, bound to the
 * user who uploaded it.
 */
import fs from 'node:fs/promises';
import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../../../app-context';
import type { DbOrTx, DbTx } from '../../../db/database';
import { badRequest, HttpError } from '../../../http/errors';
import type { Actor } from '../../auth/session/actor';
import { checkMapping, mapRow, suggestMapping, type ColumnMapping, type ImportField } from './column-mapping';
import type { TempFiles } from './temp-files';
import { readUploadedSheet, type SheetRow } from './xlsx-read';
import { writeXlsx } from './xlsx-write';

export const MSG_IMPORT_EXPIRED = '导入文件已过期，请重新上传';
export const MSG_IMPORT_FAILED = '导入失败，没有导入任何数据，请稍后再试';
export const MSG_NOTHING_TO_IMPORT = '没有可导入的数据';
const SAMPLE_ROWS = 5;

/**
 * One row's answer: imported (`note` says how, e.g. 导入为新客户), or not, with its reason; `skip` marks a
 * row left out by the user's choice (跳过 duplicates) rather than refused.
 */
export type RowCheck<T> = { ok: true; value: T; note?: string } | { ok: false; reason: string; skip?: boolean };
/** What the user chose for rows that duplicate existing records (lists that offer the choice). */
export type DuplicateChoice = 'skip' | 'new';
export type ImportOptions = { duplicates: DuplicateChoice };
/** A sheet row through the column mapping: its row number in the sheet and field key → cell text. */
export type MappedRow = { row: number; values: Record<string, string> };

export type ImportSpec<T> = {
  /** Names the temp files and keeps one list's token from being used on another. */
  entity: string;
  fields: readonly ImportField[];
  /** Checks all mapped rows at once (so lookups run in bulk): one answer per row, in order. */
  check: (db: DbOrTx, actor: Actor, rows: MappedRow[], options: ImportOptions) => Promise<RowCheck<T>[]>;
  /** The dry run lists what happens to every row (`plan`), not only the rejected ones. */
  plan?: boolean;
  /** Writes the valid values inside the import's transaction. */
  insert: (tx: DbTx, actor: Actor, values: T[]) => Promise<void>;
};

export type RejectedRow = { row: number; reason: string; values: string[] };
export type ImportPreview = {
  token: string;
  fileName: string;
  headers: string[];
  sampleRows: string[][];
  total: number;
  fields: { key: string; title: string; required: boolean }[];
  suggestedMapping: ColumnMapping;
};
/** A row's outcome in the dry run: imported, skipped (the duplicate choice) or rejected, and why. */
export type PlannedRow = { row: number; outcome: 'import' | 'skip' | 'reject'; note: string };
export type DryRunReport = { total: number; valid: number; rejected: RejectedRow[]; skipped: RejectedRow[]; plan?: PlannedRow[] };
export type ImportResult = { total: number; imported: number; rejected: number; skipped: number };

type Session = {
  entity: string;
  userId: number;
  fileName: string;
  headers: string[];
  rows: SheetRow[];
  /** The last dry run, for the rejected-rows download. */
  report?: DryRunReport;
};

/** The uploaded sheet's token and the column mapping the user confirmed (see ImportInput). */
export type ImportRequest = { token: string; mapping: ColumnMapping; duplicates?: DuplicateChoice };

export type BatchImport = {
  preview(request: FastifyRequest, actor: Actor): Promise<ImportPreview>;
  dryRun(actor: Actor, input: ImportRequest): Promise<DryRunReport>;
  /** The last dry run's rejected rows written to a temp .xlsx (the caller sends and deletes it). */
  rejectedWorkbook(actor: Actor, token: string): Promise<string>;
  run(actor: Actor, input: ImportRequest): Promise<ImportResult>;
};

export function createBatchImport<T>(ctx: AppContext, temp: TempFiles, spec: ImportSpec<T>): BatchImport {
  const sessionFile = (token: string) => temp.fileOf(`import-${spec.entity}`, token, '.json');

  async function load(actor: Actor, token: string): Promise<{ token: string; session: Session }> {
    if (!temp.isToken(token)) throw badRequest(MSG_IMPORT_EXPIRED);
    let session: Session;
    try {
      session = JSON.parse(await fs.readFile(sessionFile(token), 'utf8')) as Session;
    } catch {
      throw badRequest(MSG_IMPORT_EXPIRED);
    }
    // Another user's token is answered like an unknown one: tokens are not to be probed.
    if (session.userId !== actor.userId || session.entity !== spec.entity) throw badRequest(MSG_IMPORT_EXPIRED);
    return { token, session };
  }

  async function checkRows(db: DbOrTx, actor: Actor, session: Session, mapping: ColumnMapping, options: ImportOptions) {
    const checks = await spec.check(db, actor, session.rows.map((r) => ({ row: r.row, values: mapRow(r.cells, mapping) })), options);
    const valid: T[] = [];
    const rejected: RejectedRow[] = [];
    const skipped: RejectedRow[] = [];
    const plan: PlannedRow[] = [];
    checks.forEach((check, i) => {
      const source = session.rows[i];
      if (check.ok) {
        valid.push(check.value);
        plan.push({ row: source.row, outcome: 'import', note: check.note ?? '' });
      } else {
        (check.skip ? skipped : rejected).push({ row: source.row, reason: check.reason, values: source.cells });
        plan.push({ row: source.row, outcome: check.skip ? 'skip' : 'reject', note: check.reason });
      }
    });
    return { valid, rejected, skipped, plan };
  }
  const optionsOf = (input: ImportRequest): ImportOptions => ({ duplicates: input.duplicates ?? 'skip' });

  return {
    async preview(request, actor) {
      const sheet = await readUploadedSheet(request);
      const token = temp.newToken();
      const session: Session = { entity: spec.entity, userId: actor.userId, fileName: sheet.fileName, headers: sheet.headers, rows: sheet.rows };
      await fs.writeFile(sessionFile(token), JSON.stringify(session));
      return {
        token,
        fileName: sheet.fileName,
        headers: sheet.headers,
        sampleRows: sheet.rows.slice(0, SAMPLE_ROWS).map((r) => r.cells),
        total: sheet.rows.length,
        fields: spec.fields.map((f) => ({ key: f.key, title: f.title, required: f.required === true })),
        suggestedMapping: suggestMapping(sheet.headers, spec.fields),
      };
    },

    async dryRun(actor, input) {
      const { token, session } = await load(actor, input.token);
      const mapping = checkMapping(input.mapping, session.headers, spec.fields);
      const { valid, rejected, skipped, plan } = await checkRows(ctx.db, actor, session, mapping, optionsOf(input));
      const report: DryRunReport = { total: session.rows.length, valid: valid.length, rejected, skipped, ...(spec.plan ? { plan } : {}) };
      await fs.writeFile(sessionFile(token), JSON.stringify({ ...session, report }));
      return report;
    },

    async rejectedWorkbook(actor, given) {
      const { token, session } = await load(actor, given);
      if (!session.report) throw badRequest('请先检查导入数据');
      // Skipped rows (the duplicate choice) are listed too, with their reason.
      const rejected = [...session.report.rejected, ...(session.report.skipped ?? [])].sort((a, b) => a.row - b.row);
      const file = temp.fileOf(`rejected-${spec.entity}`, token, '.xlsx');
      await writeXlsx(file, '未通过的行', ['行号', ...session.headers, '错误原因'], async (addRow) => {
        for (const r of rejected) addRow([r.row, ...r.values, r.reason]);
      });
      return file;
    },

    async run(actor, input) {
      const { token, session } = await load(actor, input.token);
      const mapping = checkMapping(input.mapping, session.headers, spec.fields);
      let result: ImportResult;
      try {
        result = await ctx.db.transaction().execute(async (tx) => {
          // Checked again inside the transaction: the data may have changed since the dry run.
          const { valid, rejected, skipped } = await checkRows(tx, actor, session, mapping, optionsOf(input));
          if (valid.length === 0) throw badRequest(MSG_NOTHING_TO_IMPORT);
          await spec.insert(tx, actor, valid);
          return { total: session.rows.length, imported: valid.length, rejected: rejected.length, skipped: skipped.length };
        });
      } catch (err) {
        if (err instanceof HttpError) throw err;
        ctx.log.error({ err, entity: spec.entity }, 'batch import failed');
        throw new HttpError(500, MSG_IMPORT_FAILED);
      }
      temp.remove(sessionFile(token));
      temp.remove(temp.fileOf(`rejected-${spec.entity}`, token, '.xlsx'));
      return result;
    },
  };
}
