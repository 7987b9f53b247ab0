/**
 * user: one person (value id, field2 the name); users: several (value 'id,id', field2
 * [{userid, username, header}]), at most the field's max (1 = single). Both use the user picker.
 */
import { UserPicker } from '../../../pickers/user-picker';
import type { PickedUser } from '../../../pickers/directory-types';
import type { ControlProps } from '../../types';
import { idOf, idsOf, pickedUsers, textOf } from './control-values';

export function UserControl({ field, value, onChange, getFormValue, setFormValue, disabled }: ControlProps) {
  const id = idOf(value);
  const current: PickedUser[] =
    id === undefined ? [] : [{ userid: id, username: textOf(field.field2 ? getFormValue(field.field2) : '') || String(id), header: '' }];

  function handleChange(users: PickedUser[]) {
    const chosen = users[users.length - 1];
    if (field.field2) setFormValue(field.field2, chosen?.username ?? '');
    onChange?.(chosen ? chosen.userid : '');
  }

  return <UserPicker value={current} onChange={handleChange} max={1} disabled={disabled || field.readonly} />;
}

export function UsersControl({ field, value, onChange, getFormValue, setFormValue, disabled }: ControlProps) {
  const current = pickedUsers(idsOf(value), field.field2 ? getFormValue(field.field2) : undefined);
  const max = field.max ?? field.multipleLimit ?? 0;

  function handleChange(users: PickedUser[]) {
    if (field.field2)
      setFormValue(
        field.field2,
        users.map(({ userid, username, header }) => ({ userid, username, header })),
      );
    onChange?.(users.map((u) => u.userid).join(','));
  }

  return <UserPicker value={current} onChange={handleChange} max={max} disabled={disabled || field.readonly} />;
}
