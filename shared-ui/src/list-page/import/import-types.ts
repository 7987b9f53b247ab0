/** The batch import's replies (see BatchEndpoints): the wire contract's shapes. */
import type { ImportResult as ImportCounts } from '@portal/shared-contract';

export type { ColumnMapping, DryRunReport, ImportField, ImportPreview, PlannedRow, RejectedRow } from '@portal/shared-contract';

/** The counts, and what a list adds (the staff import: `passwords`, generated ones shown once; StaffImportResult). */
export type ImportResult = ImportCounts & { [extra: string]: unknown };
/** Rows duplicating existing records: 跳过 or 导入为新客户 (where the list offers the choice). */
export type DuplicateChoice = 'skip' | 'new';
