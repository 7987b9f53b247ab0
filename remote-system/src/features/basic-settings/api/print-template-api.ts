/** 打印模板 calls (api/printTemp/*) and hooks. */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { PrintTemplateDetail, PrintTemplateRow } from '@portal/shared-contract';
import { api, endpointKey } from '@portal/shared-core';
import { usePagedList } from '@portal/shared-ui';

export type { PrintTemplateRow };
export type PrintTemplateForm = { name: string; module: string; content: string };
export const PRINT_MODULE_NAMES: Record<string, string> = { contract: '合同', entry: '进件', baoxiao: '报销单', customer: '客户' };

const listKey = () => endpointKey('api/printTemp/index');

export const usePrintTemplates = (query: { page: number; rows: number }) =>
  usePagedList(listKey(), (q: { page: number; rows: number }) => api.list<PrintTemplateRow>('api/printTemp/index', q, { silent: true }), query);

export const fetchPrintTemplate = (id: number) => api.fetch<PrintTemplateDetail>('api/printTemp/detail', { id });

/** A print-template command that refreshes the list. */
export function usePrintTemplateCommand<A>(fn: (args: A) => Promise<unknown>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: fn, onSuccess: () => queryClient.invalidateQueries({ queryKey: listKey() }) });
}

export const saveTemplate = ({ id, form }: { id: number | null; form: PrintTemplateForm }) =>
  id === null ? api.command('api/printTemp/add', form) : api.command('api/printTemp/edit', { id, ...form });
export const toggleTemplate = (id: number) => api.command('api/printTemp/status', { id });
export const deleteTemplate = (id: number) => api.command('api/printTemp/delete', { id });
