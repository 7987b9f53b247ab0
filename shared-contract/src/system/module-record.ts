/**
 * Records of custom forms (api/module/*: forms whose add endpoint is api/module/add). A record's values
 * are those of a form the user designed in the form designer: their keys and shapes are the form's
 * fields, known only at run time, so they are free-form here (`Opaque`).
 */
import { Type, type Static } from '@sinclair/typebox';
import { Envelope, ListOf, Opaque } from '../wire';

/** A record's values as stored (the detail call; a 客户 picker's name as the viewer's 字段权限 shows it). */
export const ModuleRecordValuesSchema = Type.Record(Type.String(), Opaque());
export type ModuleRecordValues = Static<typeof ModuleRecordValuesSchema>;

/** A row of api/module/index: the record's values (free-form, see above) and who created it, when. */
export const ModuleRecordRowSchema = Type.Object(
  {
    id: Type.Number(),
    CreateUserID: Type.Number(),
    CreateName: Type.String(),
    AddTime: Type.String(),
    UpdateTime: Type.String(),
  },
  { additionalProperties: Opaque() },
);
export type ModuleRecordRow = Static<typeof ModuleRecordRowSchema> & Record<string, unknown>;

export const ModuleRecordListReply = ListOf(ModuleRecordRowSchema);
export const ModuleRecordDetailReply = Envelope(ModuleRecordValuesSchema);
/** api/module/add, api/module/Edit: the record's id. */
export const ModuleRecordSavedReply = Envelope(Type.Object({ id: Type.Number() }));
