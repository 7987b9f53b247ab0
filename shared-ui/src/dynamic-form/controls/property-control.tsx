/** property: a list of label/value pairs the user adds, edits and removes ([{label, value}]). */
import { Button, Input, Space } from 'antd';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import type { ControlProps } from '../types';

export type PropertyRow = { label: string; value: string };

function rowsOf(value: unknown): PropertyRow[] {
  return Array.isArray(value) ? (value as PropertyRow[]) : [];
}

export function PropertyControl({ field, value, onChange, disabled, id }: ControlProps) {
  const rows = rowsOf(value);
  const locked = disabled || field.readonly;
  const change = (next: PropertyRow[]) => onChange?.(next);
  const edit = (index: number, patch: Partial<PropertyRow>) => change(rows.map((row, i) => (i === index ? { ...row, ...patch } : row)));

  return (
    <Space orientation="vertical" style={{ width: '100%' }} id={id}>
      {rows.map((row, index) => (
        <Space.Compact key={index} style={{ width: '100%' }}>
          <Input
            aria-label={`${field.title}名称${index + 1}`}
            placeholder="名称"
            value={row.label}
            disabled={locked}
            onChange={(e) => edit(index, { label: e.target.value })}
          />
          <Input
            aria-label={`${field.title}值${index + 1}`}
            placeholder="值"
            value={row.value}
            disabled={locked}
            onChange={(e) => edit(index, { value: e.target.value })}
          />
          <Button
            aria-label={`删除${field.title}${index + 1}`}
            icon={<DeleteOutlined />}
            disabled={locked}
            onClick={() => change(rows.filter((_, i) => i !== index))}
          />
        </Space.Compact>
      ))}
      <Button type="dashed" icon={<PlusOutlined />} disabled={locked} onClick={() => change([...rows, { label: '', value: '' }])}>
        添加
      </Button>
    </Space>
  );
}
