/**
 * exceljs, loaded on first use: it is the largest module the server imports (see server/bench/README.md,
 * server start), and
 * only imports and exports need it, so the server starts without it.
 */
import type ExcelJSModule from 'exceljs';

let loading: Promise<typeof ExcelJSModule> | undefined;

export function loadExcelJs(): Promise<typeof ExcelJSModule> {
  loading ??= import('exceljs').then((module) => module.default);
  return loading;
}
