/**
 * A new record started from a customer or a contract (spec §4): the fields whose names the
 * customer's or contract's details share are copied, and a customer / contract picker field is set
 * to that record with its display text.
 */
import type { FieldDefinition } from './types';
import { fromDetailValues, type FormValues } from './values';

export type PrefillSource = { customerId?: string | number; contractId?: string | number };

function text(value: unknown): string | undefined {
  return typeof value === 'string' || typeof value === 'number' ? String(value) : undefined;
}

/** An amount the server sent masked (字段权限: ****), not a number. */
function maskedAmount(value: unknown): boolean {
  return typeof value === 'string' && value.includes('*');
}

function given(id: string | number | undefined): id is string | number {
  return id !== undefined && id !== '';
}

export function prefillValues(fields: readonly FieldDefinition[], details: FormValues, source: PrefillSource): FormValues {
  const copied: FormValues = {};
  for (const field of fields) {
    if (!field.field) continue;
    if (field.type === 'customer') {
      const customerId = given(source.customerId) ? source.customerId : (details.customerId ?? details.CustomerId);
      if (customerId === undefined || customerId === null || customerId === '') continue;
      copied[field.field] = customerId;
      const name = text(details.CustomerName) ?? text(details.customerName);
      if (field.field2 && name !== undefined) copied[field.field2] = name;
    } else if (field.type === 'contract' && given(source.contractId)) {
      copied[field.field] = source.contractId;
      if (field.field2 && text(details.orderSn) !== undefined) copied[field.field2] = text(details.orderSn);
    } else if (field.type === 'number' && maskedAmount(details[field.field])) {
      // 字段权限 shows the amount as **** to this user: nothing to copy.
      continue;
    } else if (field.type !== 'divider' && field.type !== 'userinfo' && field.field in details && details[field.field] !== null) {
      copied[field.field] = details[field.field];
      if (field.field2 && field.field2 in details) copied[field.field2] = details[field.field2];
    }
  }
  // The details are stored values too: JSON lists and ranges become what the controls hold.
  return fromDetailValues(fields, copied);
}
