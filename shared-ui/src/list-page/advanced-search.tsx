/**
 * 高级搜索 (spec §2.4, §5): a drawer where the user picks fields from the list's field definitions,
 * fills any of them (none is required) and runs the filter; empty values are dropped. Inputs are
 * plain antd controls chosen by the field's type, so the drawer does not depend on the form engine.
 */
import { useEffect, useMemo, useState } from 'react';
import { Button, DatePicker, Drawer, Flex, Form, Input, InputNumber, Select } from 'antd';
import { DATE_FORMAT, DATE_RANGE_FORMAT, DATETIME_FORMAT, RANGE_END_TIME, RANGE_START_TIME, dayjs } from '@portal/shared-core';
import type { Dayjs } from 'dayjs';
import type { FieldDefinition } from '../dynamic-form/types';
import { compactSearchValues, isEmptyValue, type SearchValues } from './search-values';

/** Types a plain control can search on; pickers, uploads and line items are left out. */
const SEARCHABLE_TYPES = new Set([
  'input',
  'textarea',
  'editor',
  'number',
  'select',
  'statusSelect',
  'jcselect',
  'radio',
  'tags',
  'switch',
  'date',
  'datetime',
  'daterange',
  'ColorPicker',
]);

export function searchableFields(fields: readonly FieldDefinition[]): FieldDefinition[] {
  return fields.filter((f) => SEARCHABLE_TYPES.has(f.type) && f.field);
}

/** A form value as the list query carries it (dates as the spec's text formats). */
function toQueryValue(field: FieldDefinition, value: unknown): unknown {
  if (value === undefined || value === null) return undefined;
  if (field.type === 'daterange' && Array.isArray(value)) {
    const [from, to] = value as [Dayjs | null, Dayjs | null];
    if (!from || !to) return undefined;
    return `${from.format(DATE_RANGE_FORMAT)} ${RANGE_START_TIME},${to.format(DATE_RANGE_FORMAT)} ${RANGE_END_TIME}`;
  }
  if (dayjs.isDayjs(value)) return value.format(field.type === 'datetime' ? DATETIME_FORMAT : DATE_FORMAT);
  if (Array.isArray(value)) return value.join(',');
  return value;
}

/** A query value back into the form (for reopening the drawer on the current filter). */
function toFormValue(field: FieldDefinition, value: unknown): unknown {
  if (typeof value !== 'string') return value;
  if (field.type === 'date' || field.type === 'datetime') return dayjs(value);
  if (field.type === 'daterange') {
    const [from, to] = value.split(',');
    return from && to ? [dayjs(from.slice(0, 10), DATE_RANGE_FORMAT), dayjs(to.slice(0, 10), DATE_RANGE_FORMAT)] : undefined;
  }
  if ((field.multiple || field.type === 'tags') && value) return value.split(',');
  return value;
}

function SearchInput({ field, id, value, onChange }: { field: FieldDefinition; id?: string; value?: unknown; onChange?: (v: unknown) => void }) {
  const placeholder = field.placeholder;
  switch (field.type) {
    case 'number':
      return <InputNumber id={id} style={{ width: '100%' }} value={value as number | null} onChange={onChange} placeholder={placeholder} />;
    case 'select':
    case 'statusSelect':
    case 'jcselect':
    case 'radio':
    case 'tags':
      return (
        <Select
          id={id}
          aria-label={field.title}
          allowClear
          mode={field.multiple || field.type === 'tags' ? 'multiple' : undefined}
          placeholder={placeholder ?? '请选择'}
          options={(field.options ?? []).map((o) => ({ value: o.value, label: o.label }))}
          value={value as string}
          onChange={onChange}
        />
      );
    case 'switch':
      return (
        <Select
          id={id}
          aria-label={field.title}
          allowClear
          placeholder="请选择"
          options={[
            { value: String(field.active ?? '1'), label: '是' },
            { value: String(field.inactive ?? '0'), label: '否' },
          ]}
          value={value as string}
          onChange={onChange}
        />
      );
    case 'date':
      return <DatePicker id={id} style={{ width: '100%' }} format={DATE_FORMAT} value={value as Dayjs | null} onChange={onChange} />;
    case 'datetime':
      return (
        <DatePicker
          id={id}
          style={{ width: '100%' }}
          showTime={{ format: 'HH:mm' }}
          format={DATETIME_FORMAT}
          value={value as Dayjs | null}
          onChange={onChange}
        />
      );
    case 'daterange':
      return <DatePicker.RangePicker id={id} style={{ width: '100%' }} value={value as [Dayjs, Dayjs] | null} onChange={onChange} />;
    default:
      return (
        <Input
          id={id}
          allowClear
          placeholder={placeholder ?? `请输入${field.title}`}
          value={(value as string) ?? ''}
          onChange={(event) => onChange?.(event.target.value)}
        />
      );
  }
}

export type AdvancedSearchProps = {
  open: boolean;
  fields: readonly FieldDefinition[];
  /** The filter in force: its fields are picked when the drawer opens. */
  values: SearchValues;
  onSearch: (values: SearchValues) => void;
  onClose: () => void;
};

/** Fields shown when nothing is filtered yet. */
const DEFAULT_PICKED = 3;

export function AdvancedSearch({ open, fields, values, onSearch, onClose }: AdvancedSearchProps) {
  const [form] = Form.useForm<SearchValues>();
  const candidates = useMemo(() => searchableFields(fields), [fields]);
  const [picked, setPicked] = useState<string[]>([]);

  useEffect(() => {
    if (!open) return;
    const active = candidates.filter((f) => !isEmptyValue(values[f.field])).map((f) => f.field);
    setPicked(active.length > 0 ? active : candidates.slice(0, DEFAULT_PICKED).map((f) => f.field));
    form.resetFields();
    form.setFieldsValue(Object.fromEntries(candidates.map((f) => [f.field, toFormValue(f, values[f.field])])));
  }, [open, candidates, values, form]);

  function handleSearch() {
    const raw = form.getFieldsValue(true) as SearchValues;
    const chosen: SearchValues = {};
    for (const field of candidates) if (picked.includes(field.field)) chosen[field.field] = toQueryValue(field, raw[field.field]);
    onSearch(compactSearchValues(chosen));
    onClose();
  }

  function handleReset() {
    form.resetFields();
    form.setFieldsValue(Object.fromEntries(candidates.map((f) => [f.field, undefined])));
  }

  return (
    <Drawer
      open={open}
      title="高级搜索"
      size={420}
      onClose={onClose}
      footer={
        <Flex justify="flex-end" gap={8}>
          <Button autoInsertSpace={false} onClick={handleReset}>
            重置
          </Button>
          <Button type="primary" autoInsertSpace={false} onClick={handleSearch}>
            搜索
          </Button>
        </Flex>
      }
    >
      <Form form={form} name="advanced-search" layout="vertical" onFinish={handleSearch}>
        <Form.Item label="搜索字段">
          <Select
            aria-label="搜索字段"
            mode="multiple"
            placeholder="选择要搜索的字段"
            value={picked}
            options={candidates.map((f) => ({ value: f.field, label: f.title }))}
            onChange={setPicked}
          />
        </Form.Item>
        {candidates
          .filter((f) => picked.includes(f.field))
          .map((field) => (
            // Every item is optional in a search (spec §5), whatever the form definition says.
            <Form.Item key={field.field} name={field.field} label={field.title} required={false} rules={[]}>
              <SearchInput field={field} />
            </Form.Item>
          ))}
      </Form>
    </Drawer>
  );
}
