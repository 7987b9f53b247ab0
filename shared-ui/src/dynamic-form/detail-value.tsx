/**
 * How one stored field reads in the detail view (spec §2.5): option values as their labels,
 * pickers by their display text (field2), regions by name, pictures as thumbnails, files as links,
 * products as a read-only table. `undefined` means empty (the view shows '-').
 */
import type { ReactNode } from 'react';
import { useQueries } from '@tanstack/react-query';
import { Image, Space, Typography } from 'antd';
import { WIDTHS, formatFileSize } from '@portal/shared-core';
import { useRemoteOptions, type RemoteOption } from '../remote-select/use-remote-options';
import type { LineItem } from '../widgets/line-item';
import { ProductLineItems } from '../widgets/product-line-items';
import { regionsQuery, type Region } from '../widgets/region-api';
import { StoredFileLink, StoredImage } from '../widgets/stored-file';
import { choicesOf, sameChoice } from './controls/choice-value';
import { remoteSourceOf } from './controls/remote-choice-control';
import { STATUS_OPTIONS_URL } from './controls/status-select-control';
import { fieldParams, isEmptyValue } from './fields';
import { sanitizeHtml } from './sanitize-html';
import type { FieldDefinition } from './types';
import { switchValues, userinfoNameKey, type FormValues } from './values';

export const SWITCH_ON_TEXT = '是';
export const SWITCH_OFF_TEXT = '否';
/** Between the two days of a date range. */
export const RANGE_SEPARATOR = ' 至 ';

/** Fields that need the whole row of the two-column view. */
export const WIDE_DETAIL_TYPES: readonly string[] = ['textarea', 'editor', 'product', 'picture', 'file', 'property', 'tablelist'];

function text(value: unknown): string | undefined {
  if (typeof value === 'string') return value.trim() === '' ? undefined : value;
  if (typeof value === 'number') return String(value);
  return undefined;
}

function labelsOf(value: unknown, options: readonly RemoteOption[]): string {
  return choicesOf(value)
    .map((v) => options.find((o) => sameChoice(o.value, v))?.label ?? String(v))
    .join('、');
}

/** Option labels of a remote select (the stored text first, else the options loaded again). */
function RemoteLabels({ field, value, values }: { field: FieldDefinition; value: unknown; values: FormValues }) {
  const params = fieldParams(field, (name) => values[name]);
  const source =
    field.type === 'statusSelect' && !field.url
      ? {
          url: STATUS_OPTIONS_URL,
          method: 'get' as const,
          params: { types: params.types },
          loadFilter: field.loadFilter,
          optionText: field.optionText ?? 'name',
          optionValue: field.optionValue ?? 'id',
        }
      : remoteSourceOf(field, params);
  const { options } = useRemoteOptions(source);
  return <>{labelsOf(value, options)}</>;
}

/** Region names of stored ids [province, city, district?], read level by level (from the same cache as the cascader). */
function RegionNames({ ids }: { ids: readonly (string | number)[] }) {
  const paths = ids.map((_, index) => ids.slice(0, index).map(Number));
  const levels = useQueries({ queries: paths.map((p) => regionsQuery(p)) });
  const names = ids.map((id, index) => levels[index].data?.find((r: Region) => sameChoice(r.id, id))?.name ?? String(id));
  return <>{names.join(' / ')}</>;
}

type FileItem = {
  id?: number | string;
  FileName?: string;
  filename?: string;
  url?: string;
  size?: number;
  format?: string;
  username?: string;
  addTime?: string;
};
type PictureItem = { id?: number | string; url?: string; filename?: string };

function Thumbnails({ pictures }: { pictures: readonly PictureItem[] }) {
  return (
    <Image.PreviewGroup>
      <Space wrap>
        {pictures.map((p, i) => (
          <StoredImage
            key={p.id ?? i}
            src={p.url}
            alt={p.filename ?? ''}
            width={WIDTHS.pictureThumbMax}
            height={WIDTHS.pictureThumbMax}
            style={{ objectFit: 'cover' }}
          />
        ))}
      </Space>
    </Image.PreviewGroup>
  );
}

function listOf<T>(value: unknown): T[] {
  return Array.isArray(value) ? (value as T[]) : [];
}

/** The field's value as the detail view shows it; `values` are the record's in-form values. */
export function detailValue(field: FieldDefinition, values: FormValues): ReactNode {
  const value = values[field.field];
  const companion = field.field2 ? values[field.field2] : undefined;
  switch (field.type) {
    case 'userinfo':
      return text(values[userinfoNameKey(field)]) ?? text(value);
    case 'user':
    case 'customer':
    case 'contract':
    case 'tree':
    case 'branch':
      return text(companion) ?? text(value);
    case 'users':
      return Array.isArray(companion) && companion.length > 0
        ? companion.map((u: { username?: string }) => u.username).join('、')
        : (text(companion) ?? text(value));
    case 'select':
    case 'statusSelect':
    case 'jcselect':
    case 'radio':
    case 'tags': {
      if (isEmptyValue(value)) return undefined;
      const own = field.options ?? [];
      const remote = field.type === 'jcselect' || (field.type === 'select' && Boolean(field.url)) || (field.type === 'statusSelect' && own.length === 0);
      if (remote) return text(companion) ?? <RemoteLabels field={field} value={value} values={values} />;
      return labelsOf(value, own);
    }
    case 'switch': {
      if (isEmptyValue(value)) return undefined;
      return sameChoice(value, switchValues(field).active) ? SWITCH_ON_TEXT : SWITCH_OFF_TEXT;
    }
    case 'daterange':
      return Array.isArray(value) && value.length === 2 ? value.join(RANGE_SEPARATOR) : text(value);
    case 'ColorPicker':
      return text(value) ? (
        <Space size={6}>
          <span style={{ display: 'inline-block', width: 14, height: 14, borderRadius: 2, background: String(value), verticalAlign: 'middle' }} />
          {String(value)}
        </Space>
      ) : undefined;
    case 'city':
    case 'county':
      return Array.isArray(value) && value.length > 0 ? <RegionNames ids={value as (string | number)[]} /> : undefined;
    case 'textarea':
      return text(value) ? <span style={{ whiteSpace: 'pre-wrap' }}>{String(value)}</span> : undefined;
    case 'editor':
      return text(value) ? <div dangerouslySetInnerHTML={{ __html: sanitizeHtml(String(value)) }} /> : undefined;
    case 'product':
      return listOf<LineItem>(value).length > 0 ? <ProductLineItems value={listOf<LineItem>(value)} readOnly /> : undefined;
    case 'picture':
      return listOf<PictureItem>(value).length > 0 ? <Thumbnails pictures={listOf<PictureItem>(value)} /> : undefined;
    case 'cover':
      return text(value) ? <Thumbnails pictures={[{ url: String(value) }]} /> : undefined;
    case 'file':
      return listOf<FileItem>(value).length > 0 ? (
        <Space orientation="vertical" size={2}>
          {listOf<FileItem>(value).map((file, i) => (
            <Space key={file.id ?? i} size={8}>
              <StoredFileLink href={file.url}>{file.FileName ?? file.filename}</StoredFileLink>
              {typeof file.size === 'number' ? <Typography.Text type="secondary">{formatFileSize(file.size)}</Typography.Text> : null}
            </Space>
          ))}
        </Space>
      ) : undefined;
    case 'property':
      return listOf<{ label?: string; value?: string }>(value).length > 0 ? (
        <Space orientation="vertical" size={2}>
          {listOf<{ label?: string; value?: string }>(value).map((row, i) => (
            <span key={i}>
              {row.label}：{row.value}
            </span>
          ))}
        </Space>
      ) : undefined;
    case 'tablelist':
      // Rows with a 金额 (a tablelist with a totalField, the 费用明细) show it after their 内容.
      return listOf<{ riqi?: string; ext?: string; amount?: string | number }>(value).length > 0 ? (
        <Space orientation="vertical" size={2}>
          {listOf<{ riqi?: string; ext?: string; amount?: string | number }>(value).map((row, i) => (
            <span key={i}>{[row.riqi, row.ext, row.amount !== undefined && row.amount !== '' ? `${row.amount}元` : undefined].filter(Boolean).join(' ')}</span>
          ))}
        </Space>
      ) : undefined;
    default:
      return text(value);
  }
}
