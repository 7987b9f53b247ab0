/**
 * Each user's choice of list columns, kept on the server per form (spec §2.4): the form's fields
 * (`api/field/list`), the fields the user shows (`api/field/my` → data.show, comma ids) and saving a
 * new choice (`api/field/set`, shown at once, put back if the server refuses it, then refetched).
 * A column takes part when its `key` (or `dataIndex`) names a list-able field of the form; other
 * columns are always shown.
 */
import { useCallback, useMemo } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TableColumnsType } from 'antd';
import type { ColumnFieldRow, ShownFields } from '@portal/shared-contract';
import { api, getNotifier } from '@portal/shared-core';
import type { FieldDefinition } from '../dynamic-form/types';
import { listSettingKeys } from '../query/query-keys';
import type { ColumnChoice } from './column-settings';

type ChoosableField = { id: number; title: string; name: string };

function parseDefinition(json: string): FieldDefinition | null {
  try {
    return JSON.parse(json) as FieldDefinition;
  } catch {
    return null;
  }
}

export function columnKeyOf(column: TableColumnsType<never>[number]): string | undefined {
  if (column.key !== undefined && column.key !== null) return String(column.key);
  const dataIndex = (column as { dataIndex?: unknown }).dataIndex;
  return typeof dataIndex === 'string' ? dataIndex : undefined;
}

function parseIds(show: unknown): number[] {
  if (typeof show !== 'string' && typeof show !== 'number') return [];
  return String(show)
    .split(',')
    .map((s) => Number(s.trim()))
    .filter((n) => Number.isInteger(n) && n > 0);
}

export type ColumnChoiceState<T> = {
  /** The columns to show: the chosen ones and those not subject to choice, in their order. */
  columns: TableColumnsType<T>;
  /** Props for the list page's 列设置 (undefined until the fields have loaded). */
  choice: ColumnChoice | undefined;
  /** The form's field definitions (for the advanced search). */
  definitions: FieldDefinition[];
};

type FormFields = { definitions: FieldDefinition[]; choosable: ChoosableField[] };

function readFields(rows: ColumnFieldRow[]): FormFields {
  const defs = rows.map((row) => ({ row, def: parseDefinition(row.json) }));
  return {
    definitions: defs.flatMap(({ def }) => (def ? [def] : [])),
    choosable: defs.flatMap(({ row, def }) => (def?.field && row.checkbox ? [{ id: row.id, title: row.title || def.title, name: def.field }] : [])),
  };
}

const NO_DEFINITIONS: FieldDefinition[] = [];
const NO_IDS: number[] = [];
const NO_FIELDS: ChoosableField[] = [];

export function useColumnChoice<T>(formid: string | number, columns: TableColumnsType<T>): ColumnChoiceState<T> {
  const queryClient = useQueryClient();
  const fieldsQuery = useQuery({
    queryKey: listSettingKeys.fields(formid),
    queryFn: async () => readFields((await api.list<ColumnFieldRow>('api/field/list', { formid }, { silent: true })).rows),
  });
  const choiceKey = listSettingKeys.columnChoice(formid);
  const choiceQuery = useQuery({
    queryKey: choiceKey,
    queryFn: async () => parseIds((await api.fetch<ShownFields>('api/field/my', { formid }, { silent: true }))?.show),
  });
  const settled = (fieldsQuery.isSuccess && choiceQuery.isSuccess) || fieldsQuery.isError || choiceQuery.isError;
  // Without the server's fields every column simply stays shown.
  const failed = fieldsQuery.isError || choiceQuery.isError;
  const fields: ChoosableField[] | null = !settled ? null : failed ? NO_FIELDS : (fieldsQuery.data?.choosable ?? NO_FIELDS);
  const definitions = (!failed && fieldsQuery.data?.definitions) || NO_DEFINITIONS;
  const shownIds = choiceQuery.data ?? NO_IDS;

  const save = useMutation({
    mutationFn: (ids: number[]) => api.command('api/field/set', { formid, ids: ids.join(',') }, { silent: true }),
    // The new choice shows at once; a refusal is shown and the choice goes back.
    onMutate: (ids) => {
      const before = queryClient.getQueryData<number[]>(choiceKey);
      queryClient.setQueryData(choiceKey, ids);
      return { before };
    },
    onError: (error, _ids, context) => {
      getNotifier().error(error instanceof Error ? error.message : String(error));
      queryClient.setQueryData(choiceKey, context?.before);
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: choiceKey }),
  });
  const saveChoice = save.mutate;

  const byName = useMemo(() => new Map((fields ?? []).map((f) => [f.name, f])), [fields]);

  const visible = useMemo(() => {
    if (!fields) return columns;
    return columns.filter((column) => {
      const field = byName.get(columnKeyOf(column as TableColumnsType<never>[number]) ?? '');
      return !field || shownIds.includes(field.id);
    });
  }, [columns, fields, byName, shownIds]);

  const handleChange = useCallback(
    (shownKeys: string[]) => {
      const ids = shownKeys.map((key) => byName.get(key)?.id).filter((id): id is number => id !== undefined);
      const before = shownIds;
      // Hidden columns of the form that the list does not have stay as they were.
      const unlisted = before.filter((id) => !columns.some((c) => byName.get(columnKeyOf(c as TableColumnsType<never>[number]) ?? '')?.id === id));
      // Silent on success (no toast per tick).
      saveChoice([...ids, ...unlisted]);
    },
    [byName, columns, shownIds, saveChoice],
  );

  const choice = useMemo<ColumnChoice | undefined>(() => {
    if (!fields || fields.length === 0) return undefined;
    const options = columns.flatMap((column) => {
      const key = columnKeyOf(column as TableColumnsType<never>[number]);
      const field = key ? byName.get(key) : undefined;
      return key && field ? [{ key, label: typeof column.title === 'string' ? column.title : field.title }] : [];
    });
    if (options.length === 0) return undefined;
    const shown = options.filter((o) => shownIds.includes(byName.get(o.key)?.id ?? -1)).map((o) => o.key);
    return { options, shown, onChange: handleChange };
  }, [fields, columns, byName, shownIds, handleChange]);

  return { columns: visible, choice, definitions };
}
