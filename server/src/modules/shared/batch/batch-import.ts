/**
 * The batch import of a list, entity-agnostic: preview (upload → headers, sample rows and a suggested
 * column mapping), dry run (every row checked, nothing written, rejected rows with their sheet row
 * number and reason), the rejected rows as .xlsx, and the import itself: the valid rows in ONE
 * transaction, all or nothing. The uploaded sheet waits in a temp file named by a token, bound to the
 * user who uploaded it. A list whose sheets carry secrets (the staff import's 初始密码) has the temp file
 * sealed with a key that only the client holds (see `secretFields`).
 */
import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import type { DryRunReport, ImportPreview, ImportResult, PlannedRow, RejectedRow } from '@portal/shared-contract';
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
export const MSG_TOO_MANY_ROWS_OF = (max: number) => `单次最多导入${max}行数据，请拆分文件后再导入`;
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

export type ImportSpec<T, P = undefined> = {
  /** Names the temp files and keeps one list's token from being used on another. */
  entity: string;
  fields: readonly ImportField[];
  /**
   * The fields this user may fill, when that depends on the user (字段权限: a field hidden to them is not
   * offered). A column the client maps to one of `fields` left out here is ignored, not refused.
   */
  fieldsFor?: (db: DbOrTx, actor: Actor) => Promise<readonly ImportField[]>;
  /** At most this many data rows per file (below the reader's own limit), when each row costs much to write. */
  maxRows?: number;
  /**
   * Fields whose cells are secrets (passwords). With any, the uploaded rows never reach the disk in
   * plain text: the temp file is encrypted (AES-GCM) with a random key that travels only in the token
   * handed to the client, and the columns of these fields are left blank in the rejected rows (the
   * dry run's report and the rejected-rows .xlsx).
   */
  secretFields?: readonly string[];
  /** Checks all mapped rows at once (so lookups run in bulk): one answer per row, in order. */
  check: (db: DbOrTx, actor: Actor, rows: MappedRow[], options: ImportOptions) => Promise<RowCheck<T>[]>;
  /** The dry run lists what happens to every row (`plan`), not only the rejected ones. */
  plan?: boolean;
  /**
   * Slow work on the valid values (password hashing) done before the import's transaction opens, so
   * that the transaction stays short; `insert` gets its answer. Values that became valid only in the
   * transaction's own check are missing from it.
   */
  prepare?: (db: DbOrTx, actor: Actor, values: T[]) => Promise<P>;
  /**
   * Taken first in the import's transaction, before the rows are checked again: serialises the import
   * with other writers whose checks the rows must pass (the customers' duplicate rule).
   */
  lock?: (tx: DbTx) => Promise<void>;
  /** Writes the valid values inside the import's transaction; what it returns is added to the import's answer. */
  insert: (tx: DbTx, actor: Actor, values: T[], prepared: P | undefined) => Promise<void | ImportExtras>;
};

/** What a list adds to the import's answer (the staff import: the generated passwords, shown once). */
export type ImportExtras = Record<string, unknown>;

/** The import's counts (the replies' shapes are the wire contract's). */
export type { ImportResult };

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
  run(actor: Actor, input: ImportRequest): Promise<ImportResult & ImportExtras>;
};

const SEAL_CIPHER = 'aes-128-gcm';
/** A sealed session's client token: the temp file's token (32 hex) and the 16-byte key (32 hex). */
const SEALED_TOKEN = /^[a-f0-9]{64}$/;

function seal(key: Buffer, text: string): Buffer {
  const iv = randomBytes(12);
  const cipher = createCipheriv(SEAL_CIPHER, key, iv);
  const body = Buffer.concat([cipher.update(text, 'utf8'), cipher.final()]);
  return Buffer.concat([iv, cipher.getAuthTag(), body]);
}

function unseal(key: Buffer, data: Buffer): string {
  const decipher = createDecipheriv(SEAL_CIPHER, key, data.subarray(0, 12));
  decipher.setAuthTag(data.subarray(12, 28));
  return Buffer.concat([decipher.update(data.subarray(28)), decipher.final()]).toString('utf8');
}

/** The client's token → the temp file's token and, for a sealed session, its key. */
type TokenParts = { file: string; key?: Buffer };

export function createBatchImport<T, P = undefined>(ctx: AppContext, temp: TempFiles, spec: ImportSpec<T, P>): BatchImport {
  const sealed = (spec.secretFields?.length ?? 0) > 0;
  const sessionFile = (token: TokenParts) => temp.fileOf(`import-${spec.entity}`, token.file, sealed ? '.sealed' : '.json');
  const rejectedFile = (token: TokenParts) => temp.fileOf(`rejected-${spec.entity}`, token.file, '.xlsx');

  function parseToken(given: string): TokenParts {
    if (!sealed) {
      if (!temp.isToken(given)) throw badRequest(MSG_IMPORT_EXPIRED);
      return { file: given };
    }
    if (!SEALED_TOKEN.test(given)) throw badRequest(MSG_IMPORT_EXPIRED);
    return { file: given.slice(0, 32), key: Buffer.from(given.slice(32), 'hex') };
  }

  async function save(token: TokenParts, session: Session): Promise<void> {
    const text = JSON.stringify(session);
    await fs.writeFile(sessionFile(token), token.key ? seal(token.key, text) : text);
  }

  async function load(actor: Actor, given: string): Promise<{ token: TokenParts; session: Session }> {
    const token = parseToken(given);
    let session: Session;
    try {
      const data = await fs.readFile(sessionFile(token));
      session = JSON.parse(token.key ? unseal(token.key, data) : data.toString('utf8')) as Session;
    } catch {
      throw badRequest(MSG_IMPORT_EXPIRED);
    }
    // Another user's token is answered like an unknown one: tokens are not to be probed.
    if (session.userId !== actor.userId || session.entity !== spec.entity) throw badRequest(MSG_IMPORT_EXPIRED);
    return { token, session };
  }

  /** A rejected row's cells as the user sees them again: the secret fields' columns blank. */
  function shownCells(cells: string[], mapping: ColumnMapping): string[] {
    const hidden = new Set((spec.secretFields ?? []).flatMap((key) => (mapping[key] === undefined ? [] : [mapping[key]])));
    return hidden.size === 0 ? cells : cells.map((cell, i) => (hidden.has(i) ? '' : cell));
  }

  async function checkRows(db: DbOrTx, actor: Actor, session: Session, mapping: ColumnMapping, options: ImportOptions) {
    const checks = await spec.check(
      db,
      actor,
      session.rows.map((r) => ({ row: r.row, values: mapRow(r.cells, mapping) })),
      options,
    );
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
        (check.skip ? skipped : rejected).push({ row: source.row, reason: check.reason, values: shownCells(source.cells, mapping) });
        plan.push({ row: source.row, outcome: check.skip ? 'skip' : 'reject', note: check.reason });
      }
    });
    return { valid, rejected, skipped, plan };
  }
  const optionsOf = (input: ImportRequest): ImportOptions => ({ duplicates: input.duplicates ?? 'skip' });
  const fieldsOf = (actor: Actor): Promise<readonly ImportField[]> => (spec.fieldsFor ? spec.fieldsFor(ctx.db, actor) : Promise.resolve(spec.fields));
  /** The client's mapping checked against the user's fields; a column mapped to a field withheld from them is dropped. */
  async function mappingOf(actor: Actor, given: ColumnMapping, headers: readonly string[]): Promise<ColumnMapping> {
    const fields = await fieldsOf(actor);
    const withheld = new Set(spec.fields.filter((f) => !fields.some((g) => g.key === f.key)).map((f) => f.key));
    return checkMapping(Object.fromEntries(Object.entries(given).filter(([key]) => !withheld.has(key))), headers, fields);
  }

  return {
    async preview(request, actor) {
      const sheet = await readUploadedSheet(request);
      if (spec.maxRows !== undefined && sheet.rows.length > spec.maxRows) throw badRequest(MSG_TOO_MANY_ROWS_OF(spec.maxRows));
      const token: TokenParts = { file: temp.newToken(), ...(sealed ? { key: randomBytes(16) } : {}) };
      const session: Session = { entity: spec.entity, userId: actor.userId, fileName: sheet.fileName, headers: sheet.headers, rows: sheet.rows };
      await save(token, session);
      const fields = await fieldsOf(actor);
      return {
        token: token.file + (token.key?.toString('hex') ?? ''),
        fileName: sheet.fileName,
        headers: sheet.headers,
        sampleRows: sheet.rows.slice(0, SAMPLE_ROWS).map((r) => r.cells),
        total: sheet.rows.length,
        fields: fields.map((f) => ({ key: f.key, title: f.title, required: f.required === true })),
        suggestedMapping: suggestMapping(sheet.headers, fields),
      };
    },

    async dryRun(actor, input) {
      const { token, session } = await load(actor, input.token);
      const mapping = await mappingOf(actor, input.mapping, session.headers);
      const { valid, rejected, skipped, plan } = await checkRows(ctx.db, actor, session, mapping, optionsOf(input));
      const report: DryRunReport = { total: session.rows.length, valid: valid.length, rejected, skipped, ...(spec.plan ? { plan } : {}) };
      await save(token, { ...session, report });
      return report;
    },

    async rejectedWorkbook(actor, given) {
      const { token, session } = await load(actor, given);
      if (!session.report) throw badRequest('请先检查导入数据');
      // Skipped rows (the duplicate choice) are listed too, with their reason.
      const rejected = [...session.report.rejected, ...(session.report.skipped ?? [])].sort((a, b) => a.row - b.row);
      const file = rejectedFile(token);
      await writeXlsx(file, '未通过的行', ['行号', ...session.headers, '错误原因'], async (addRow) => {
        for (const r of rejected) addRow([r.row, ...r.values, r.reason]);
      });
      return file;
    },

    async run(actor, input) {
      const { token, session } = await load(actor, input.token);
      const mapping = await mappingOf(actor, input.mapping, session.headers);
      // The upload is claimed by renaming its file (atomic): of two imports of one upload (a double
      // click, two tabs) exactly one runs, the other is told the upload is spent. A failed import
      // gives the upload back, so the user can try again.
      const file = sessionFile(token);
      const claimed = `${file}.importing`;
      try {
        await fs.rename(file, claimed);
      } catch {
        throw badRequest(MSG_IMPORT_EXPIRED);
      }
      let result: ImportResult & ImportExtras;
      try {
        let prepared: P | undefined;
        if (spec.prepare) {
          const outside = await checkRows(ctx.db, actor, session, mapping, optionsOf(input));
          if (outside.valid.length === 0) throw badRequest(MSG_NOTHING_TO_IMPORT);
          prepared = await spec.prepare(ctx.db, actor, outside.valid);
        }
        result = await ctx.db.transaction().execute(async (tx) => {
          await spec.lock?.(tx);
          // Checked again inside the transaction: the data may have changed since the dry run.
          const { valid, rejected, skipped } = await checkRows(tx, actor, session, mapping, optionsOf(input));
          if (valid.length === 0) throw badRequest(MSG_NOTHING_TO_IMPORT);
          const extras = await spec.insert(tx, actor, valid, prepared);
          return { ...(extras ?? {}), total: session.rows.length, imported: valid.length, rejected: rejected.length, skipped: skipped.length };
        });
      } catch (err) {
        await fs.rename(claimed, file).catch(() => undefined);
        if (err instanceof HttpError) throw err;
        ctx.log.error({ err, entity: spec.entity }, 'batch import failed');
        throw new HttpError(500, MSG_IMPORT_FAILED);
      }
      temp.remove(claimed);
      temp.remove(rejectedFile(token));
      return result;
    },
  };
}
