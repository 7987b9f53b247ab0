/**
 * userinfo: the user entering the record, shown by name and stored as their UserID. The engine
 * fills the value and the name (see userinfoNameKey) for a new record; an edited record keeps who
 * entered it.
 */
import { Input } from 'antd';
import { useSessionStore } from '@portal/shared-core';
import { userinfoNameKey } from '../values';
import { sameChoice } from './choice-value';
import type { ControlProps } from '../types';

export function UserinfoControl({ field, value, getFormValue, id }: ControlProps) {
  const user = useSessionStore((s) => s.user);
  const storedName = getFormValue(userinfoNameKey(field));
  const name =
    typeof storedName === 'string' && storedName ? storedName : user && sameChoice(user.UserID, value ?? user.UserID) ? user.NickName : String(value ?? '');
  return <Input id={id} value={name} readOnly variant="filled" aria-label={field.title} />;
}
