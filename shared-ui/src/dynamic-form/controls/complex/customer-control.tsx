/** customer: value the customer id, field2 its name; chosen in the customer picker. */
import { useState } from 'react';
import { CustomerPicker } from '../../../pickers/customer-picker';
import type { CustomerRecord } from '../../../pickers/directory-types';
import type { ControlProps } from '../../types';
import { ChosenTextInput } from './chosen-text-input';
import { idOf, textOf } from './control-values';

export function CustomerControl({ field, value, onChange, getFormValue, setFormValue, disabled, id }: ControlProps) {
  const [open, setOpen] = useState(false);
  const chosenId = idOf(value);
  const name = chosenId === undefined ? '' : textOf(field.field2 ? getFormValue(field.field2) : '') || String(chosenId);
  const locked = disabled || Boolean(field.readonly);

  function choose(customer: CustomerRecord | null) {
    if (field.field2) setFormValue(field.field2, customer?.CustomerName ?? '');
    onChange?.(customer ? customer.id : '');
    setOpen(false);
  }

  return (
    <>
      <ChosenTextInput
        id={id}
        text={name}
        placeholder={field.placeholder ?? '请选择客户'}
        disabled={locked}
        onOpen={() => setOpen(true)}
        onClear={() => choose(null)}
      />
      <CustomerPicker open={open} onSelect={choose} onClose={() => setOpen(false)} />
    </>
  );
}
