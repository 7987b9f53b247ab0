/** Helpers of the batch import/export tests: .xlsx files built and read with exceljs, multipart uploads, downloads. */
import ExcelJS from 'exceljs';
import type { TestServer } from './harness';

export type Cell = string | number | Date | null;

export async function xlsxOf(rows: Cell[][], sheetName = '客户'): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet(sheetName);
  for (const row of rows) sheet.addRow(row);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

/** The first worksheet's rows as text (1-based row order, empty cells as ''). */
export async function readXlsx(data: ArrayBuffer | Buffer): Promise<string[][]> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(data as ArrayBuffer);
  const sheet = workbook.worksheets[0];
  const out: string[][] = [];
  sheet.eachRow({ includeEmpty: false }, (row) => {
    const values = (row.values as unknown[]).slice(1);
    out.push(Array.from(values, (v) => (v === null || v === undefined ? '' : String(v))));
  });
  return out;
}

export type Envelope<T = Record<string, unknown>> = { result: string; msg: string; data: T };

export async function upload<T = Record<string, unknown>>(s: TestServer, urlPath: string, file: Buffer, fileName: string, token?: string) {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(file)]), fileName);
  const res = await fetch(s.url + urlPath, { method: 'POST', body: form, headers: token ? { authkey: token } : {} });
  return { status: res.status, body: (await res.json()) as Envelope<T> };
}

/** A binary reply (or its error envelope). */
export async function download(s: TestServer, urlPath: string, init: { method?: string; token?: string; body?: Record<string, unknown> } = {}) {
  const headers: Record<string, string> = init.token ? { authkey: init.token } : {};
  let body: string | undefined;
  if (init.body) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(init.body);
  }
  const res = await fetch(s.url + urlPath, { method: init.method ?? 'GET', headers, body });
  const data = Buffer.from(await res.arrayBuffer());
  return { status: res.status, headers: res.headers, data };
}
