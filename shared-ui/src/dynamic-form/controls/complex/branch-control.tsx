/**
 * branch: departments chosen in the department picker; value 'id,id', field2 the names
 * comma-joined. The field's max (default 1) decides single or multiple choice.
 */
import { useState } from 'react';
import { DepartmentPicker } from '../../../pickers/department-picker';
import type { BranchNode } from '../../../pickers/directory-types';
import type { ControlProps } from '../../types';
import { ChosenTextInput } from './chosen-text-input';
import { idsOf, textOf } from './control-values';

export function BranchControl({ field, value, onChange, getFormValue, setFormValue, disabled, id }: ControlProps) {
  const [open, setOpen] = useState(false);
  const ids = idsOf(value);
  const names = ids.length === 0 ? '' : textOf(field.field2 ? getFormValue(field.field2) : '') || ids.join(',');

  function choose(nodes: BranchNode[]) {
    if (field.field2) setFormValue(field.field2, nodes.map((n) => n.text).join(','));
    onChange?.(nodes.map((n) => n.id).join(','));
    setOpen(false);
  }

  return (
    <>
      <ChosenTextInput
        id={id}
        text={names}
        placeholder={field.placeholder ?? '请选择部门'}
        disabled={disabled || field.readonly}
        onOpen={() => setOpen(true)}
        onClear={() => choose([])}
      />
      <DepartmentPicker open={open} max={field.max || 1} value={ids} onSelect={choose} onClose={() => setOpen(false)} />
    </>
  );
}
