/**
 * The calls of the dynamic form (spec §7 "Forms and fields"): its definition, a record's stored
 * values, saving, and the customer / contract a new record may start from.
 */
import type { CcUser, FormDefinitionData } from '@portal/shared-contract';
import { api, type Reply } from '@portal/shared-core';
import type { FormDefinition } from './types';
import type { FormValues } from './values';

export const FORM_DEFINITION_URL = '/Api/formField/index/';

/** The form of a key ('customer', 'fieldDemo') with only the fields shown on forms. */
export function fetchFormDefinition(mode: string): Promise<FormDefinition> {
  return api.fetch<FormDefinitionData>(FORM_DEFINITION_URL, { mode, isshow: 1 }, { silent: true });
}

/** The generic record endpoints take the values as one JSON string under `data` with the module key. */
function isModuleApi(url: string): boolean {
  return /(^|\/)api\/module\//i.test(url);
}

/** What api_detail is sent for a record. */
export function recordPayload(definition: FormDefinition, module: string, id: string): { id: string; module?: string } {
  return isModuleApi(definition.api_detail) ? { id, module } : { id };
}

export function fetchRecordValues(definition: FormDefinition, module: string, id: string): Promise<FormValues> {
  return api.fetch<FormValues>(definition.api_detail, recordPayload(definition, module, id)).then((data) => (data && typeof data === 'object' ? data : {}));
}

/** A cc recipient as the submission sends it (the wire contract's cc list). */
export type { CcUser };

export type SaveRecordInput = {
  definition: FormDefinition;
  module: string;
  /** '0' creates. */
  id: string;
  /** The client-generated code the record's uploads were filed under. */
  code: string;
  /** Values as toSubmitValues gives them. */
  values: FormValues;
  customerId?: string | number;
  contractId?: string | number;
  cc?: readonly CcUser[];
};

/** Creates (api_add) or edits (api_edit, with the id) a record; the server's message shows as a toast. */
export function saveRecord({ definition, module, id, code, values, customerId, contractId, cc }: SaveRecordInput): Promise<Reply<{ id?: number | string }>> {
  const creating = id === '0';
  const url = creating ? definition.api_add : definition.api_edit;
  const model = {
    ...(creating ? {} : { id }),
    code,
    ...(customerId !== undefined && customerId !== '' ? { customerId } : {}),
    ...(contractId !== undefined && contractId !== '' ? { contractId } : {}),
    ...(creating && cc && cc.length > 0 ? { cc: JSON.stringify(cc) } : {}),
  };
  const payload = isModuleApi(url) ? { ...model, module, data: JSON.stringify(values) } : { ...values, ...model };
  return api.command<{ id?: number | string }>(url, payload);
}

/** A customer's or a contract's details, whose matching fields a new record copies. */
export function fetchPrefill(source: { customerId?: string | number; contractId?: string | number }): Promise<FormValues | null> {
  if (source.customerId !== undefined && source.customerId !== '') return api.fetch<FormValues>('api/customer/Views', { id: source.customerId });
  if (source.contractId !== undefined && source.contractId !== '') return api.fetch<FormValues>('api/contract/Views', { id: source.contractId });
  return Promise.resolve(null);
}
