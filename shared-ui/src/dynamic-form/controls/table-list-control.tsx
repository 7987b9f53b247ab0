/** tablelist: rows of a date (riqi, 'YYYY-MM-DD') and a text (ext), added and removed by the user. */
import { Button, DatePicker, Input, Space } from 'antd';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { DATE_FORMAT, TEXT_MAX, dayjs } from '@portal/shared-core';
import type { ControlProps } from '../types';

export type TableListRow = { riqi: string; ext: string };

function rowsOf(value: unknown): TableListRow[] {
  return Array.isArray(value) ? (value as TableListRow[]) : [];
}

export function TableListControl({ field, value, onChange, disabled, id }: ControlProps) {
  const rows = rowsOf(value);
  const locked = disabled || field.readonly;
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
          <Button
            aria-label={`删除${field.title}${index + 1}`}
            icon={<DeleteOutlined />}
            disabled={locked}
            onClick={() => change(rows.filter((_, i) => i !== index))}
          />
        </Space.Compact>
      ))}
      <Button type="dashed" icon={<PlusOutlined />} disabled={locked} onClick={() => change([...rows, { riqi: '', ext: '' }])}>
        添加
      </Button>
    </Space>
  );
}
