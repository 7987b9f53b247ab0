/** 报销 (api/baoxiao/*): the caller's claims, a claim's detail, and what saving one answers. */
import { Type, type Static } from '@sinclair/typebox';
import { Envelope, ListOf } from '../wire';

/** A row of 我的报销单 (api/baoxiao/index); `Money` in yuan with two decimals, `taskid` the approval instance (0 before one). */
export const ExpenseRowSchema = Type.Object({
  id: Type.Number(),
  /** 1 个人, 2 部门, 3 项目. */
  type: Type.Number(),
  typeName: Type.String(),
  title: Type.String(),
  Money: Type.String(),
  riqi: Type.String(),
  status: Type.Number(),
  statusText: Type.String(),
  taskid: Type.Number(),
  AddTime: Type.String(),
});
export type ExpenseRow = Static<typeof ExpenseRowSchema>;

/** A receipt picture: a stored file's `{id, url}`, or `{url}` alone when the client sent a bare address. */
export const ExpensePictureSchema = Type.Object({ id: Type.Optional(Type.Number()), url: Type.String() });
export type ExpensePicture = Static<typeof ExpensePictureSchema>;

/** A line of a claim: `ext` is its 内容 (text), `amount` its 金额 in yuan. */
export const ExpenseLineSchema = Type.Object({
  id: Type.Number(),
  riqi: Type.String(),
  ext: Type.String(),
  amount: Type.String(),
  category: Type.String(),
  note: Type.String(),
  pictures: Type.Array(ExpensePictureSchema),
});
export type ExpenseLine = Static<typeof ExpenseLineSchema>;

/** api/baoxiao/Views: the claim as the form names its fields (`type` as text, as the form's select holds it). */
export const ExpenseDetailSchema = Type.Object({
  id: Type.Number(),
  type: Type.String(),
  typeName: Type.String(),
  title: Type.String(),
  Money: Type.String(),
  riqi: Type.String(),
  /** '' when the claim has no department. */
  branchId: Type.Union([Type.Number(), Type.Literal('')]),
  branchName: Type.String(),
  project: Type.String(),
  beizhu: Type.String(),
  pictures: Type.Array(ExpensePictureSchema),
  items: Type.Array(ExpenseLineSchema),
  status: Type.Number(),
  statusText: Type.String(),
  taskid: Type.Number(),
  UserName: Type.String(),
  AddTime: Type.String(),
  /** The caller's own claim, 待审 or 未通过. */
  editable: Type.Boolean(),
});
export type ExpenseDetail = Static<typeof ExpenseDetailSchema>;

/** api/baoxiao/add and edit: the claim and the approval instance it went to. */
export const ExpenseSavedSchema = Type.Object({ id: Type.Number(), taskid: Type.Number() });
export type ExpenseSaved = Static<typeof ExpenseSavedSchema>;

export const ExpenseListReply = ListOf(ExpenseRowSchema);
export const ExpenseDetailReply = Envelope(ExpenseDetailSchema);
export const ExpenseSavedReply = Envelope(ExpenseSavedSchema);
