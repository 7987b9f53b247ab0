/**
 * The dynamic form's reads as queries: a form's definition (by key, unless given), a record's stored
 * values (api_detail) and the customer / contract a new record starts from. The customer and
 * contract details share their keys with the CRM pages, so an edit there refreshes a prefill here.
 */
import { useQuery } from '@tanstack/react-query';
import { App } from 'antd';
import { contractKeys, customerKeys, MESSAGES } from '@portal/shared-core';
import { formKeys } from '../query/query-keys';
import { fetchFormDefinition, fetchPrefill, fetchRecordValues, recordPayload } from './form-api';
import type { FormDefinition } from './types';

export type FormDefinitionState = { definition: FormDefinition | null; loading: boolean; failed: boolean };

/** The definition given, or loaded by form key; a failure shows 获取自定义失败 once per load. */
export function useFormDefinition(module: string, given: FormDefinition | undefined, enabled = true): FormDefinitionState {
  const { message } = App.useApp();
  const loaded = useQuery({
    queryKey: formKeys.definition(module),
    queryFn: () =>
      fetchFormDefinition(module).catch((error: unknown) => {
        message.error(MESSAGES.customFieldsFailed);
        throw error;
      }),
    enabled: enabled && !given,
  });
  if (given) return { definition: given, loading: false, failed: false };
  return { definition: loaded.data ?? null, loading: enabled && loaded.isPending, failed: loaded.isError };
}

/** A record's stored values; the client reports a failure. */
export function useRecordValues(definition: FormDefinition | null, module: string, id: string | undefined, enabled = true) {
  const payload = definition && id !== undefined ? recordPayload(definition, module, id) : { id: '' };
  return useQuery({
    queryKey: formKeys.record(definition?.api_detail ?? '', payload),
    queryFn: () => fetchRecordValues(definition as FormDefinition, module, id as string),
    enabled: enabled && definition !== null && id !== undefined,
  });
}

/** The details of the customer (else the contract) a new record is entered for. */
export function usePrefill({ customerId, contractId }: { customerId?: string | number; contractId?: string | number }, enabled = true) {
  const hasCustomer = customerId !== undefined && customerId !== '';
  const hasContract = contractId !== undefined && contractId !== '';
  return useQuery({
    queryKey: hasCustomer ? customerKeys.detail(customerId) : contractKeys.detail(contractId ?? 0),
    queryFn: () => fetchPrefill({ customerId, contractId }),
    enabled: enabled && (hasCustomer || hasContract),
  });
}
