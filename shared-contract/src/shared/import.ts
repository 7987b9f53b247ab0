/**
 * A list's batch import (`<base>ImportPreview`, `<base>ImportDryRun`, `<base>Import`; the rejected
 * rows come as an .xlsx): the same replies for every list that offers one, the staff import's answer
 * adding the passwords it generated.
 */
import { Type, type Static } from '@sinclair/typebox';
import { Envelope } from '../wire';

/** A field a sheet column may be mapped to. */
export const ImportFieldSchema = Type.Object({ key: Type.String(), title: Type.String(), required: Type.Boolean() });
export type ImportField = Static<typeof ImportFieldSchema>;

/** Field key → 0-based sheet column. */
export const ColumnMappingSchema = Type.Record(Type.String(), Type.Number());
export type ColumnMapping = Static<typeof ColumnMappingSchema>;

/** The uploaded sheet: the token the later calls send back, its headers, the first rows and a suggested mapping. */
export const ImportPreviewSchema = Type.Object({
  token: Type.String(),
  fileName: Type.String(),
  headers: Type.Array(Type.String()),
  sampleRows: Type.Array(Type.Array(Type.String())),
  /** Data rows in the sheet. */
  total: Type.Number(),
  fields: Type.Array(ImportFieldSchema),
  suggestedMapping: ColumnMappingSchema,
});
export type ImportPreview = Static<typeof ImportPreviewSchema>;

/** A row not imported: its sheet row number, why, and its cells (a secret column blank). */
export const RejectedRowSchema = Type.Object({ row: Type.Number(), reason: Type.String(), values: Type.Array(Type.String()) });
export type RejectedRow = Static<typeof RejectedRowSchema>;

/** A row's outcome in the dry run (lists that plan every row, e.g. the 公海 import). */
export const PlannedRowSchema = Type.Object({
  row: Type.Number(),
  outcome: Type.Union([Type.Literal('import'), Type.Literal('skip'), Type.Literal('reject')]),
  note: Type.String(),
});
export type PlannedRow = Static<typeof PlannedRowSchema>;

/** The dry run: every row checked, nothing written; `skipped` the rows left out by the duplicate choice. */
export const DryRunReportSchema = Type.Object({
  total: Type.Number(),
  valid: Type.Number(),
  rejected: Type.Array(RejectedRowSchema),
  skipped: Type.Array(RejectedRowSchema),
  plan: Type.Optional(Type.Array(PlannedRowSchema)),
});
export type DryRunReport = Static<typeof DryRunReportSchema>;

/** The import's counts. */
export const ImportResultSchema = Type.Object({ total: Type.Number(), imported: Type.Number(), rejected: Type.Number(), skipped: Type.Number() });
export type ImportResult = Static<typeof ImportResultSchema>;

/** A password the staff import generated (the row's 初始密码 was blank): in the import's answer only. */
export const GeneratedPasswordSchema = Type.Object({ row: Type.Number(), username: Type.String(), nickName: Type.String(), password: Type.String() });
export type GeneratedPassword = Static<typeof GeneratedPasswordSchema>;

export const StaffImportResultSchema = Type.Composite([ImportResultSchema, Type.Object({ passwords: Type.Array(GeneratedPasswordSchema) })]);
export type StaffImportResult = Static<typeof StaffImportResultSchema>;

export const ImportPreviewReply = Envelope(ImportPreviewSchema);
export const ImportDryRunReply = Envelope(DryRunReportSchema);
export const ImportRunReply = Envelope(ImportResultSchema);
/** api/user/Import: the counts and the generated passwords. */
export const StaffImportRunReply = Envelope(StaffImportResultSchema);
