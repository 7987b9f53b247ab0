/** 数据字典 (api/Status/json for every user; api/Status/typelist, api/status/* for its administration). */
import { Type, type Static } from '@sinclair/typebox';
import { Envelope, ListOf } from '../wire';

/** One enabled choice of a dictionary as `statusSelect` reads it (optionText `name`, optionValue `id` by default). */
export const DictionaryOptionSchema = Type.Object({ id: Type.Number(), name: Type.String(), value: Type.String(), colour: Type.String() });
export type DictionaryOption = Static<typeof DictionaryOptionSchema>;
/** GET api/Status/json?types=: a bare array, in order. */
export const DictionaryOptionsReply = Type.Array(DictionaryOptionSchema);

/** A dictionary type (api/Status/typelist). */
export const DictTypeRowSchema = Type.Object({
  code: Type.String(),
  name: Type.String(),
  sortOrder: Type.Number(),
  /** 1: built in, cannot be deleted. */
  builtIn: Type.Number(),
  valueCount: Type.Number(),
});
export type DictTypeRow = Static<typeof DictTypeRowSchema>;
export const DictTypeListReply = Envelope(Type.Array(DictTypeRowSchema));

/** A value of one type, disabled ones included (api/status/Json). */
export const DictValueRowSchema = Type.Object({
  id: Type.Number(),
  typeCode: Type.String(),
  label: Type.String(),
  value: Type.String(),
  colour: Type.String(),
  sortOrder: Type.Number(),
  /** 1 enabled, 0 disabled. */
  enabled: Type.Number(),
});
export type DictValueRow = Static<typeof DictValueRowSchema>;
export const DictValueListReply = ListOf(DictValueRowSchema);

/** api/status/add: the new value's id. */
export const DictValueAddReply = Envelope(Type.Object({ id: Type.Number() }));
/** api/status/delete: how many values were deleted. */
export const DictValueDeleteReply = Envelope(Type.Object({ deleted: Type.Number() }));
