/**
 * tablelist: rows of a date (riqi, 'YYYY-MM-DD') and a text (ext, 内容), added and removed by the
 * user. With a `totalField` (费用明细 against 报销金额) every row also has a 金额 (amount, yuan) and
 * the rows' 合计 is shown; the rules (rules.ts) check the amounts against the total field.
 */
import { Button, DatePicker, Input, Space, Typography } from 'antd';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { DATE_FORMAT, TEXT_MAX, dayjs } from '@portal/shared-core';
import { amountInFen, fenAsYuan } from '../rules';
import type { ControlProps } from '../types';

export type TableListRow = { riqi: string; ext: string; amount?: string };

function rowsOf(value: unknown): TableListRow[] {
  return Array.isArray(value) ? (value as TableListRow[]) : [];
}

/** The rows' amounts that read as amounts, added up (fen). */
function sumOf(rows: readonly TableListRow[]): number {
  return rows.reduce((sum, row) => sum + (amountInFen(row.amount) ?? 0), 0);
}

export function TableListControl({ field, value, onChange, disabled, id }: ControlProps) {
  const rows = rowsOf(value);
  const locked = disabled || field.readonly;
  const withAmount = Boolean(field.totalField);
  const change = (next: TableListRow[]) => onChange?.(next);
  const edit = (index: number, patch: Partial<TableListRow>) => change(rows.map((row, i) => (i === index ? { ...row, ...patch } : row)));

  return (
    <Space orientation="vertical" style={{ width: '100%' }} id={id}>
      {rows.map((row, index) => (
        <Space.Compact key={index} style={{ width: '100%' }}>
          <DatePicker
            aria-label={`${field.title}日期${index + 1}`}
            value={row.riqi ? dayjs(row.riqi, DATE_FORMAT) : null}
            format={DATE_FORMAT}
            disabled={locked}
            onChange={(day) => edit(index, { riqi: day ? day.format(DATE_FORMAT) : '' })}
          />
          <Input
            aria-label={`${field.title}内容${index + 1}`}
            placeholder="内容"
            maxLength={TEXT_MAX}
            value={row.ext}
            disabled={locked}
            onChange={(e) => edit(index, { ext: e.target.value })}
          />
          {withAmount ? (
            <Input
              aria-label={`${field.title}金额${index + 1}`}
              placeholder="金额"
              inputMode="decimal"
              suffix="元"
              style={{ width: 140, flex: 'none' }}
              value={row.amount === undefined || row.amount === null ? '' : String(row.amount)}
              disabled={locked}
              onChange={(e) => edit(index, { amount: e.target.value.trim() })}
            />
          ) : null}
          <Button
            aria-label={`删除${field.title}${index + 1}`}
            icon={<DeleteOutlined />}
            disabled={locked}
            onClick={() => change(rows.filter((_, i) => i !== index))}
          />
        </Space.Compact>
      ))}
      <Space>
        <Button
          type="dashed"
          icon={<PlusOutlined />}
          disabled={locked}
          onClick={() => change([...rows, withAmount ? { riqi: '', ext: '', amount: '' } : { riqi: '', ext: '' }])}
        >
          添加
        </Button>
        {withAmount && rows.length > 0 ? <Typography.Text type="secondary">合计：{fenAsYuan(sumOf(rows))} 元</Typography.Text> : null}
      </Space>
    </Space>
  );
}
