/** Read-only record details: label/value pairs in two columns, '-' for an empty value (spec §2.5). */
import type { ReactNode } from 'react';
import { Descriptions } from 'antd';
import { MESSAGES, WIDTHS } from '@portal/shared-core';

export type DetailItem = {
  label: string;
  value?: ReactNode;
  /** 2 = the whole row (long text such as remarks). */
  span?: 1 | 2;
};

export type DetailViewProps = {
  items: readonly DetailItem[];
  column?: number;
};

function isEmpty(value: ReactNode): boolean {
  return value === null || value === undefined || (typeof value === 'string' && value.trim() === '');
}

export function DetailView({ items, column = 2 }: DetailViewProps) {
  return (
    <Descriptions
      bordered
      size="small"
      column={column}
      // Labels of up to six Chinese characters stay on one line (the form's label width).
      styles={{ label: { minWidth: WIDTHS.formLabel, whiteSpace: 'nowrap' } }}
      items={items.map((item) => ({
        key: item.label,
        label: item.label,
        span: item.span,
        children: isEmpty(item.value) ? MESSAGES.empty : item.value,
      }))}
    />
  );
}
