/** Writing .xlsx files row by row (exceljs' streaming writer: memory stays flat for large exports) and sending them. */
import fs from 'node:fs';
import { loadExcelJs } from './exceljs';
import type { FastifyReply } from 'fastify';

export type CellValue = string | number | null;
export type AddRow = (cells: CellValue[]) => void;

export const XLSX_CONTENT_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** Writes one worksheet: the header row, then whatever `fill` adds (it may await between rows). */
export async function writeXlsx(file: string, sheetName: string, headers: readonly string[], fill: (addRow: AddRow) => Promise<void>): Promise<void> {
  const ExcelJS = await loadExcelJs();
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ filename: file, useStyles: false, useSharedStrings: false });
  const sheet = workbook.addWorksheet(sheetName);
  sheet.columns = headers.map((header) => ({ header, width: Math.max(12, [...header].length * 2 + 4) }));
  await fill((cells) => sheet.addRow(cells).commit());
  sheet.commit();
  await workbook.commit();
}

/** `attachment` with the name in RFC 5987 form (Chinese names survive every browser). */
export function attachmentHeader(downloadName: string): string {
  const ascii = downloadName.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(downloadName)}`;
}

/** Streams a written .xlsx to the client; `onSent` runs once it was read to the end (to delete it). */
export function sendXlsx(reply: FastifyReply, file: string, downloadName: string, onSent?: () => void): FastifyReply {
  const stream = fs.createReadStream(file);
  if (onSent) stream.on('end', onSent);
  return reply
    .header('content-type', XLSX_CONTENT_TYPE)
    .header('content-disposition', attachmentHeader(downloadName))
    .header('cache-control', 'no-store')
    .send(stream);
}
