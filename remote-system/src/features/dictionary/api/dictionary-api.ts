/** 数据字典 calls (GET api/Status/typelist, api/status/*) and their hooks. */
import { useMutation, useQuery } from '@tanstack/react-query';
import { api, endpointKey, useDataChange } from '@portal/shared-core';
import { usePagedList } from '@portal/shared-ui';
import type { DictTypeRow, DictValueRow } from '@portal/shared-contract';

export type DictType = DictTypeRow;
export type DictValue = DictValueRow;
export type ValueQuery = { page: number; rows: number; types: string; key: string };
export type ValueForm = { label: string; value: string; colour: string; sortOrder: number; enabled: 0 | 1 };
export type TypeForm = { code: string; name: string; sortOrder: number };

export const listValues = (query: ValueQuery) => api.list<DictValue>('api/status/Json', query, { silent: true });

export const useDictTypes = () =>
  useQuery({ queryKey: endpointKey('api/Status/typelist'), queryFn: () => api.get<{ data: DictType[] }>('api/Status/typelist').then((r) => r.data) });
export const useDictValues = (query: ValueQuery) => usePagedList(endpointKey('api/status/Json'), listValues, query, { enabled: query.types !== '' });

function useDictMutation<A>(fn: (args: A) => Promise<unknown>) {
  const changed = useDataChange();
  return useMutation({ mutationFn: fn, onSuccess: () => changed({ type: 'dictionary-changed' }) });
}

export const useSaveValue = () =>
  useDictMutation(({ id, types, form }: { id: number | null; types: string; form: ValueForm }) =>
    id === null ? api.command('api/status/add', { types, ...form }) : api.command('api/status/edit', { id, ...form }),
  );
export const useDeleteValues = () => useDictMutation((ids: readonly number[]) => api.command('api/status/delete', { ids: ids.join(',') }));
export const useSaveType = () =>
  useDictMutation(({ isNew, form }: { isNew: boolean; form: TypeForm }) => api.command(isNew ? 'api/status/typeAdd' : 'api/status/typeEdit', form));
export const useDeleteType = () => useDictMutation((code: string) => api.command('api/status/typeDelete', { code }));
