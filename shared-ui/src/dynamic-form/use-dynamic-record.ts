/**
 * Everything a create/edit form of a dynamic form needs besides its layout: the definition (given,
 * or loaded by form key), the values it starts from (defaults and an optional customer / contract
 * prefill when creating, the stored record when editing), the form model's code, and `save`.
 */
import { useCallback, useEffect, useMemo, useState } from 'react';
import { App } from 'antd';
import { MESSAGES, useSessionStore, type Reply } from '@portal/shared-core';
import { formFields } from './fields';
import { fetchFormDefinition, fetchPrefill, fetchRecordValues, saveRecord, type CcUser } from './form-api';
import { newFormCode } from './form-code';
import { prefillValues } from './prefill';
import type { FormDefinition } from './types';
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
  const { message } = App.useApp();
  const user = useSessionStore((s) => s.user);
  const recordId = String(id);
  const creating = recordId === '0';
  const [definition, setDefinition] = useState<FormDefinition | null>(given ?? null);
  const [initialValues, setInitialValues] = useState<FormValues>(NO_VALUES);
  const [loading, setLoading] = useState(false);
  const [failed, setFailed] = useState(false);
  const [code, setCode] = useState(newFormCode);
  const userId = user?.UserID;
  const userName = user?.NickName;

  useEffect(() => {
    if (!enabled) return;
    let current = true;
    setLoading(true);
    setFailed(false);
    setCode(newFormCode());
    (async () => {
      let loaded: FormDefinition;
      try {
        loaded = given ?? (await fetchFormDefinition(module));
      } catch {
        if (!current) return;
        setFailed(true);
        setLoading(false);
        message.error(MESSAGES.customFieldsFailed);
        return;
      }
      if (!current) return;
      setDefinition(loaded);
      const fields = formFields(loaded);
      try {
        let values: FormValues;
        if (creating) {
          values = defaultValues(fields, { userId, userName });
          const details = await fetchPrefill({ customerId, contractId });
          if (details) values = { ...values, ...prefillValues(fields, details, { customerId, contractId }) };
        } else {
          values = fromDetailValues(fields, await fetchRecordValues(loaded, module, recordId));
        }
        if (current) setInitialValues(values);
      } catch {
        // The API client has reported the failure; the form stays with what it has.
      } finally {
        if (current) setLoading(false);
      }
    })();
    return () => {
      current = false;
    };
  }, [enabled, given, module, recordId, creating, customerId, contractId, userId, userName, message]);

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
