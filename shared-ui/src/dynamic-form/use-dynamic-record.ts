/**
 * Everything a create/edit form of a dynamic form needs besides its layout: the definition (given,
 * or loaded by form key), the values it starts from (defaults and an optional customer / contract
 * prefill when creating, the stored record when editing), the form model's code, and `save`.
 */
import { useCallback, useMemo, useState } from 'react';
import { useSessionStore, type Reply } from '@portal/shared-core';
import { formFields } from './fields';
import { saveRecord, type CcUser } from './form-api';
import { newFormCode } from './form-code';
import { prefillValues } from './prefill';
import type { FormDefinition } from './types';
import { useFormDefinition, usePrefill, useRecordValues } from './use-form-queries';
import { defaultValues, fromDetailValues, toSubmitValues, type FormValues } from './values';

export type DynamicRecordOptions = {
  /** The form key ('fieldDemo', 'customer'), also the `module` of the generic record calls. */
  module: string;
  /** '0' (or 0) creates a record; anything else edits that record. */
  id: string | number;
  /** A definition already at hand; otherwise it is loaded. */
  definition?: FormDefinition;
  customerId?: string | number;
  contractId?: string | number;
  /** False while the form is closed: nothing loads. */
  enabled?: boolean;
};

export type DynamicRecord = {
  definition: FormDefinition | null;
  loading: boolean;
  /** The definition could not be loaded (获取自定义失败 has been shown). */
  failed: boolean;
  creating: boolean;
  recordId: string;
  code: string;
  initialValues: FormValues;
  /** Saves the form's values; resolves the server's reply, rejects when it refused. */
  save: (values: FormValues, cc?: readonly CcUser[]) => Promise<Reply<{ id?: number | string }>>;
};

const NO_VALUES: FormValues = {};

export function useDynamicRecord({ module, id, definition: given, customerId, contractId, enabled = true }: DynamicRecordOptions): DynamicRecord {
  const user = useSessionStore((s) => s.user);
  const recordId = String(id);
  const creating = recordId === '0';
  const userId = user?.UserID;
  const userName = user?.NickName;

  const { definition, loading: definitionLoading, failed } = useFormDefinition(module, given, enabled);
  const prefill = usePrefill({ customerId, contractId }, enabled && creating && definition !== null);
  const record = useRecordValues(definition, module, recordId, enabled && !creating);

  // Each opening (and each record) gets a fresh code for its uploads: adjusted while rendering, not in an effect.
  const [code, setCode] = useState(newFormCode);
  const opening = `${enabled}:${module}:${recordId}`;
  const [codeFor, setCodeFor] = useState(opening);
  if (codeFor !== opening) {
    setCodeFor(opening);
    if (enabled) setCode(newFormCode());
  }

  const initialValues = useMemo(() => {
    if (!definition) return NO_VALUES;
    const fields = formFields(definition);
    if (!creating) return record.data ? fromDetailValues(fields, record.data) : NO_VALUES;
    const values = defaultValues(fields, { userId, userName });
    // A failed prefill has been reported by the client; the form starts from its defaults.
    return prefill.data ? { ...values, ...prefillValues(fields, prefill.data, { customerId, contractId }) } : values;
  }, [definition, creating, record.data, prefill.data, userId, userName, customerId, contractId]);

  const loading = enabled && (definitionLoading || (definition !== null && (creating ? prefill.isLoading : record.isLoading)));

  const save = useCallback(
    async (values: FormValues, cc?: readonly CcUser[]) => {
      if (!definition) throw new Error('the form definition is not loaded');
      const reply = await saveRecord({
        definition,
        module,
        id: recordId,
        code,
        values: toSubmitValues(definition, values),
        customerId,
        contractId,
        cc,
      });
      // The next record entered in the same form gets its own code (its own uploads).
      if (creating) setCode(newFormCode());
      return reply;
    },
    [definition, module, recordId, code, customerId, contractId, creating],
  );

  return useMemo(
    () => ({ definition, loading, failed, creating, recordId, code, initialValues, save }),
    [definition, loading, failed, creating, recordId, code, initialValues, save],
  );
}
