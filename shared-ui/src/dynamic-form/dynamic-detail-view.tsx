/**
 * A stored record of a dynamic form, read-only (spec §2.5): the definition's fields as label/value
 * pairs in two columns with '-' when empty, through the shared DetailView. Loads the definition by
 * form key and the record by api_detail unless they are given.
 */
import { useMemo } from 'react';
import { Result, Spin } from 'antd';
import { MESSAGES } from '@portal/shared-core';
import { DetailView, VOUCHER_FORMS, type DetailItem } from '../detail-view/detail-view';
import { detailValue, WIDE_DETAIL_TYPES } from './detail-value';
import { formFields } from './fields';
import { hasLinkage, linkageState } from './linkage';
import type { FieldDefinition, FormDefinition } from './types';
import { useFormDefinition, useRecordValues } from './use-form-queries';
import { fromDetailValues, type FormValues } from './values';

export type DynamicDetailViewProps = {
  /** The form key; also the `module` of the generic record calls. */
  module: string;
  /** The record to load (ignored when `values` are given). */
  id?: string | number;
  definition?: FormDefinition;
  /** Stored values (as api_detail answers them). */
  values?: FormValues;
  column?: number;
};

/** The detail items of stored values: every field but dividers and those the field linkage hides, wide ones across the row. */
export function detailItems(definition: FormDefinition, stored: FormValues): DetailItem[] {
  const fields = formFields(definition);
  const values = fromDetailValues(fields, stored);
  const linkage = hasLinkage(fields) ? linkageState(fields, (name) => values[name]) : null;
  const items: DetailItem[] = [];
  let used = 0; // cells taken in the current row of two
  for (const field of fields) {
    if (field.type === 'divider' || !field.field) continue;
    if (linkage && linkage.get(field.field)?.visible === false) continue;
    const wide = WIDE_DETAIL_TYPES.includes(field.type);
    // A wide value starts its own row: the half row before it is given to the previous item.
    if (wide && used === 1) items[items.length - 1] = { ...items[items.length - 1], span: 2 };
    items.push({ label: field.title, value: detailValue(field, values), span: wide ? 2 : 1 });
    used = wide ? 0 : (used + 1) % 2;
  }
  return items;
}

export function DynamicDetailView({ module, id, definition: given, values: givenValues, column = 2 }: DynamicDetailViewProps) {
  const { definition, loading, failed } = useFormDefinition(module, given);
  const record = useRecordValues(definition, module, id === undefined ? undefined : String(id), givenValues === undefined);
  // A record that could not be read has been reported by the client; the view shows its fields empty.
  const stored = givenValues ?? record.data ?? null;
  const state = failed ? 'failed' : loading || (givenValues === undefined && id !== undefined && record.isLoading) ? 'loading' : 'ready';

  const items = useMemo(() => (definition ? detailItems(definition, stored ?? {}) : []), [definition, stored]);

  const vouchers = useMemo(
    () => (definition && VOUCHER_FORMS.includes(definition.mode ?? module) ? voucherUrls(definition, stored ?? {}) : []),
    [definition, stored, module],
  );
  if (state === 'failed') return <Result status="warning" title={MESSAGES.customFieldsFailed} />;
  if (state === 'loading') return <Spin style={{ display: 'block', padding: 48 }} />;
  return <DetailView items={items} column={column} vouchers={vouchers} />;
}

/** Every image of the record's picture and cover fields (stored as JSON lists or a url). */
export function voucherUrls(definition: FormDefinition, values: FormValues): string[] {
  const urls: string[] = [];
  for (const item of definition.items) {
    const field = typeof item.json === 'string' ? (JSON.parse(item.json) as FieldDefinition) : item.json;
    const value = values[field.field];
    if (field.type === 'cover' && typeof value === 'string' && value) urls.push(value);
    if (field.type !== 'picture') continue;
    let pictures: unknown = value;
    if (typeof value === 'string') {
      try {
        pictures = value ? JSON.parse(value) : [];
      } catch {
        pictures = [];
      }
    }
    if (Array.isArray(pictures)) {
      for (const p of pictures) if (p && typeof p === 'object' && typeof (p as { url?: unknown }).url === 'string') urls.push((p as { url: string }).url);
    }
  }
  return urls;
}
