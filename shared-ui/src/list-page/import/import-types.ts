/** The batch import's replies (see BatchEndpoints). */
export type ImportField = { key: string; title: string; required: boolean };

/** Field key → 0-based sheet column. */
export type ColumnMapping = Record<string, number>;

export type ImportPreview = {
  token: string;
  fileName: string;
  headers: string[];
  sampleRows: string[][];
  total: number;
  fields: ImportField[];
  suggestedMapping: ColumnMapping;
};

export type RejectedRow = { row: number; reason: string; values: string[] };
/** A row's outcome in the dry run (lists that plan every row, e.g. the 公海 import). */
export type PlannedRow = { row: number; outcome: 'import' | 'skip' | 'reject'; note: string };
export type DryRunReport = { total: number; valid: number; rejected: RejectedRow[]; skipped?: RejectedRow[]; plan?: PlannedRow[] };
/** The counts, and what a list adds (the staff import: `passwords`, generated ones shown once). */
export type ImportResult = { total: number; imported: number; rejected: number; skipped?: number; [extra: string]: unknown };
/** Rows duplicating existing records: 跳过 or 导入为新客户 (where the list offers the choice). */
export type DuplicateChoice = 'skip' | 'new';
