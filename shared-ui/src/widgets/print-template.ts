/**
 * 打印模板: an HTML template (edited in 基础设置 › 打印模板) with `{{name}}` placeholders. Filling it
 * puts each value in as text (escaped), a table placeholder (`{{items}}`) as a bordered table, and the
 * result is cleaned with DOMPurify before it is printed, so a template or a value cannot run code.
 */
import type { ContractDetail } from '@portal/shared-contract';
import DOMPurify from 'dompurify';

export type PrintModule = 'contract' | 'entry' | 'baoxiao' | 'customer';

/** A table placeholder: its columns and rows. */
export type PrintTable = { columns: { key: string; title: string }[]; rows: Record<string, unknown>[] };

/** The placeholders of each record type, for the template editor's help and the record's printout. */
export const PRINT_PLACEHOLDERS: Record<PrintModule, { key: string; label: string }[]> = {
  baoxiao: [
    { key: 'title', label: '报销事由' },
    { key: 'typeName', label: '报销类型' },
    { key: 'Money', label: '报销金额' },
    { key: 'MoneyUpper', label: '金额大写' },
    { key: 'riqi', label: '发生日期' },
    { key: 'project', label: '项目名称' },
    { key: 'beizhu', label: '备注' },
    { key: 'UserName', label: '报销人' },
    { key: 'AddTime', label: '提交时间' },
    { key: 'statusText', label: '审批状态' },
    { key: 'items', label: '费用明细（表格）' },
  ],
  // Contracts have no type column and no product lines in the database yet: no 合同类型 or product table.
  contract: [
    { key: 'orderSn', label: '合同编号' },
    { key: 'title', label: '合同名称' },
    { key: 'customerName', label: '客户名称' },
    { key: 'Money', label: '合同金额' },
    { key: 'MoneyUpper', label: '金额大写' },
    { key: 'signDate', label: '签约日期' },
    { key: 'startDate', label: '开始日期' },
    { key: 'endDate', label: '结束日期' },
    { key: 'UserName', label: '负责人' },
    { key: 'BranchName', label: '所属部门' },
    { key: 'statusText', label: '审批状态' },
    { key: 'invoicedText', label: '开票状态' },
    { key: 'beizhu', label: '备注' },
    { key: 'addtime', label: '创建时间' },
  ],
  // 进件 (api/customer/EntryAuditdetail, or the approval snapshot in the OA panel).
  entry: [
    { key: 'entrySn', label: '进件编号' },
    { key: 'customerName', label: '客户名称' },
    { key: 'contractName', label: '关联合同' },
    { key: 'Money', label: '进件金额' },
    { key: 'MoneyUpper', label: '金额大写' },
    { key: 'riqi', label: '进件日期' },
    { key: 'fileNames', label: '进件资料' },
    { key: 'beizhu', label: '备注' },
    { key: 'UserName', label: '提交人' },
    { key: 'BranchName', label: '所属部门' },
    { key: 'AddTime', label: '提交时间' },
    { key: 'statusText', label: '审批状态' },
  ],
  customer: [],
};

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => ESCAPES[c]);
const text = (value: unknown) => (value === undefined || value === null ? '' : typeof value === 'object' ? JSON.stringify(value) : String(value));

function tableHtml(table: PrintTable): string {
  const cell = 'border:1px solid #999;padding:4px 8px';
  const head = table.columns.map((c) => `<th style="${cell}">${escapeHtml(c.title)}</th>`).join('');
  const body = table.rows.map((row) => `<tr>${table.columns.map((c) => `<td style="${cell}">${escapeHtml(text(row[c.key]))}</td>`).join('')}</tr>`).join('');
  return `<table style="border-collapse:collapse;width:100%"><thead><tr>${head}</tr></thead><tbody>${body}</tbody></table>`;
}

/** The template with its placeholders filled; unknown placeholders are left empty. */
export function fillPrintTemplate(content: string, values: Record<string, unknown>, tables: Record<string, PrintTable> = {}): string {
  const filled = content.replace(/\{\{\s*([A-Za-z_][A-Za-z0-9_]*)\s*\}\}/g, (_, key: string) =>
    tables[key] ? tableHtml(tables[key]) : escapeHtml(text(values[key])),
  );
  // Inline styles stay (templates lay out with them); scripts, frames, handlers and forms go.
  return DOMPurify.sanitize(filled, { FORBID_TAGS: ['form', 'iframe', 'object', 'embed'] });
}

const DIGITS = '零壹贰叁肆伍陆柒捌玖';
const UNITS = ['', '拾', '佰', '仟'];
const GROUPS = ['', '万', '亿'];

/** An amount in yuan written in capitals, as on Chinese vouchers (壹仟贰佰叁拾肆元伍角陆分, 整 when no fen). */
export function amountInCapitals(yuan: number | string): string {
  const cents = Math.round(Number(yuan) * 100);
  if (!Number.isFinite(cents) || cents < 0 || cents >= 1e14) return '';
  if (cents === 0) return '零元整';
  const integer = Math.floor(cents / 100);
  let out = '';
  let zero = false;
  const groups = String(integer).replace(/^0+/, '');
  for (let g = 0; g * 4 < groups.length; g++) {
    const end = groups.length - g * 4;
    const chunk = groups.slice(Math.max(0, end - 4), end).padStart(4, '0');
    let part = '';
    let pendingZero = false;
    for (let i = 0; i < 4; i++) {
      const d = Number(chunk[i]);
      if (d === 0) pendingZero = part !== '';
      else {
        part += (pendingZero ? '零' : '') + DIGITS[d] + UNITS[3 - i];
        pendingZero = false;
      }
    }
    if (part) {
      out = part + GROUPS[g] + (zero && out ? '零' : '') + out;
      zero = chunk.startsWith('0');
    } else zero = out !== '';
  }
  out = out ? `${out}元` : '';
  const jiao = Math.floor(cents / 10) % 10;
  const fen = cents % 10;
  if (jiao === 0 && fen === 0) return `${out}整`;
  if (jiao) out += `${DIGITS[jiao]}角`;
  else if (out) out += '零';
  if (fen) out += `${DIGITS[fen]}分`;
  return out;
}

/** An amount in yuan as printouts show it: 12,345.00. */
export function formatPrintAmount(yuan: number): string {
  return yuan.toLocaleString('zh-CN', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
}

/**
 * A contract as api/contract/Views answers it (the fields a printout uses; the others may be left out).
 * `Money`: yuan; '****' when 字段权限 masks 合同金额 for the user, absent when it hides it.
 */
export type ContractPrintSource = Pick<ContractDetail, 'orderSn'> & Partial<ContractDetail>;

const CONTRACT_STATUS_TEXT: Readonly<Record<number, string>> = { 0: '待审', 1: '审核中', 2: '通过', 3: '未通过' };

/**
 * The contract placeholders' values. The server's answer is the source: an amount it sends masked
 * prints masked (金额大写 too), one it leaves out prints empty.
 */
export function contractPrintValues(c: ContractPrintSource): Record<string, string> {
  const amount = typeof c.Money === 'number' ? c.Money : undefined;
  const masked = typeof c.Money === 'string' ? c.Money : '';
  return {
    orderSn: c.orderSn,
    title: c.title ?? '',
    customerName: c.customerName ?? '',
    Money: amount !== undefined ? formatPrintAmount(amount) : masked,
    MoneyUpper: amount !== undefined ? amountInCapitals(amount) : masked,
    signDate: c.signDate ?? '',
    startDate: c.startDate ?? '',
    endDate: c.endDate ?? '',
    UserName: c.UserName ?? '',
    BranchName: c.BranchName ?? '',
    statusText: c.status === undefined ? '' : (CONTRACT_STATUS_TEXT[c.status] ?? ''),
    invoicedText: c.isInvoiced === undefined ? '' : c.isInvoiced === 1 ? '已开票' : '未开票',
    beizhu: c.beizhu ?? '',
    addtime: c.addtime ?? '',
  };
}

/** An intake as api/customer/EntryAuditdetail answers it (or its approval snapshot: no submitter fields there). */
export type IntakePrintSource = {
  entrySn?: string;
  customerName?: string;
  contractName?: string;
  /** Yuan, e.g. '12345.60'. */
  Money?: number | string;
  riqi?: string;
  files?: unknown;
  beizhu?: string;
  UserName?: string;
  BranchName?: string;
  AddTime?: string;
  status?: number;
};

/** The 进件 placeholders' values; `statusText` given (the approval's) or from the record status. */
export function intakePrintValues(r: IntakePrintSource, statusText?: string): Record<string, string> {
  const amount =
    typeof r.Money === 'number'
      ? r.Money
      : typeof r.Money === 'string' && r.Money.trim() !== '' && !Number.isNaN(Number(r.Money))
        ? Number(r.Money)
        : undefined;
  const masked = typeof r.Money === 'string' && amount === undefined ? r.Money : '';
  const files = Array.isArray(r.files) ? (r.files as Record<string, unknown>[]) : [];
  return {
    entrySn: r.entrySn ?? '',
    customerName: r.customerName ?? '',
    contractName: r.contractName ?? '',
    Money: amount !== undefined ? formatPrintAmount(amount) : masked,
    MoneyUpper: amount !== undefined ? amountInCapitals(amount) : masked,
    riqi: r.riqi ?? '',
    fileNames: files
      .map((f) => String(f.FileName ?? f.name ?? f.filename ?? ''))
      .filter(Boolean)
      .join('、'),
    beizhu: r.beizhu ?? '',
    UserName: r.UserName ?? '',
    BranchName: r.BranchName ?? '',
    AddTime: r.AddTime ?? '',
    statusText: statusText ?? (r.status === undefined ? '' : (CONTRACT_STATUS_TEXT[r.status] ?? '')),
  };
}
