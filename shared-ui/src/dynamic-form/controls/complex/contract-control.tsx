/**
 * contract: value the contract id, field2 its orderSn; a remote select over the contracts. With a
 * `parent` (进件's 关联合同 hangs on 客户) it lists only the contracts the parent's value names, is closed
 * until the parent has a value, and is cleared by the form when the parent changes (dynamic-form.tsx).
 */
import { ContractSelect } from '../../../pickers/contract-select';
import { parentReady } from '../../fields';
import type { ControlProps } from '../../types';
import { idOf, textOf } from './control-values';

export function ContractControl({ field, value, onChange, getFormValue, setFormValue, params, disabled, id }: ControlProps) {
  const waiting = !parentReady(field, getFormValue);
  return (
    <ContractSelect
      id={id}
      value={idOf(value)}
      label={textOf(field.field2 ? getFormValue(field.field2) : '')}
      params={params}
      disabled={disabled || field.readonly || waiting}
      placeholder={waiting ? '请先选择客户' : (field.placeholder ?? '请选择合同')}
      onChange={(contractId, contract) => {
        if (field.field2) setFormValue(field.field2, contract?.orderSn ?? '');
        onChange?.(contractId ?? '');
      }}
    />
  );
}
