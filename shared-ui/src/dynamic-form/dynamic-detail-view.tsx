/**
 * A stored record of a dynamic form, read-only (spec §2.5): the definition's fields as label/value
 * pairs in two columns with '-' when empty, through the shared DetailView. Loads the definition by
 * form key and the record by api_detail unless they are given.
 */
import { useEffect, useMemo, useState } from 'react';
import { App, Result, Spin } from 'antd';
import { MESSAGES } from '@portal/shared-core';
import { DetailView, VOUCHER_FORMS, type DetailItem } from '../detail-view/detail-view';
import { detailValue, WIDE_DETAIL_TYPES } from './detail-value';
import { formFields } from './fields';
import { fetchFormDefinition, fetchRecordValues } from './form-api';
import type { FieldDefinition, FormDefinition } from './types';
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

/** The detail items of stored values: every field but dividers, wide ones across the row. */
export function detailItems(definition: FormDefinition, stored: FormValues): DetailItem[] {
  const fields = formFields(definition);
  const values = fromDetailValues(fields, stored);
  const items: DetailItem[] = [];
  let used = 0; // cells taken in the current row of two
  for (const field of fields) {
    if (field.type === 'divider' || !field.field) continue;
    const wide = WIDE_DETAIL_TYPES.includes(field.type);
    // A wide value starts its own row: the half row before it is given to the previous item.
    if (wide && used === 1) items[items.length - 1] = { ...items[items.length - 1], span: 2 };
    items.push({ label: field.title, value: detailValue(field, values), span: wide ? 2 : 1 });
    used = wide ? 0 : (used + 1) % 2;
  }
  return items;
}

export function DynamicDetailView({ module, id, definition: given, values: givenValues, column = 2 }: DynamicDetailViewProps) {
  const { message } = App.useApp();
  const [definition, setDefinition] = useState<FormDefinition | null>(given ?? null);
  const [stored, setStored] = useState<FormValues | null>(givenValues ?? null);
  const [state, setState] = useState<'loading' | 'ready' | 'failed'>('loading');

  useEffect(() => {
    let current = true;
    setState('loading');
    (async () => {
      let loaded: FormDefinition;
      try {
        loaded = given ?? (await fetchFormDefinition(module));
      } catch {
        if (current) setState('failed');
        message.error(MESSAGES.customFieldsFailed);
        return;
      }
      try {
        const values = givenValues ?? (id !== undefined ? await fetchRecordValues(loaded, module, String(id)) : {});
        if (!current) return;
        setDefinition(loaded);
        setStored(values);
        setState('ready');
      } catch {
        // The API client has reported why the record could not be read.
        if (current) setState('ready');
      }
    })();
    return () => {
      current = false;
    };
  }, [module, id, given, givenValues, message]);

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
