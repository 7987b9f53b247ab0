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
export type DryRunReport = { total: number; valid: number; rejected: RejectedRow[] };
export type ImportResult = { total: number; imported: number; rejected: number };
