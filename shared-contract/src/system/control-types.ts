/**
 * The form designer's control types (an item's `type`): plain data, no TypeBox, so the browser bundles
 * it (`@portal/shared-contract/control-types`) and the server checks definitions against the same list.
 */
export const CONTROL_TYPES = [
  'divider',
  'userinfo',
  'input',
  'number',
  'ColorPicker',
  'select',
  'statusSelect',
  'jcselect',
  'radio',
  'date',
  'datetime',
  'daterange',
  'switch',
  'textarea',
  'city',
  'county',
  'branch',
  'contract',
  'customer',
  'user',
  'users',
  'product',
  'picture',
  'cover',
  'file',
  'editor',
  'property',
  'tags',
  'tree',
  'tablelist',
] as const;

export type ControlType = (typeof CONTROL_TYPES)[number];
