/**
 * 打印模板 reads for printing a record (api/printTemp/*), as QueryClient queries. Never stale: a print
 * right after a template was edited in 基础设置 uses the edited template.
 */
import type { PrintTemplateDetail, PrintTemplateRow } from '@portal/shared-contract';
import { api, endpointKey } from '@portal/shared-core';
import type { PrintModule } from './print-template';

const ENABLED = { status: '1', page: 1, rows: 50 } as const;

/** The enabled templates of a record type. */
export function enabledTemplatesQuery(module: PrintModule) {
  const query = { module, ...ENABLED };
  return {
    queryKey: endpointKey('api/printTemp/index', query),
    queryFn: async () => (await api.list<PrintTemplateRow>('api/printTemp/index', query)).rows,
    staleTime: 0,
  };
}

/** One template's content. */
export function templateContentQuery(id: number) {
  return {
    queryKey: endpointKey('api/printTemp/detail', { id }),
    queryFn: async () => (await api.fetch<PrintTemplateDetail>('api/printTemp/detail', { id })).content,
    staleTime: 0,
  };
}
