/** 任务 (api/task/*): a task as the list and the detail return it (spec §3 "Task"). */
import { Type, type Static } from '@sinclair/typebox';
import { Envelope, ListOf, Maskable } from '../wire';

export const TaskRowSchema = Type.Object({
  id: Type.Number(),
  title: Type.String(),
  /** Text: 进行中, 已完成 or 已拒绝. */
  status: Type.String(),
  /** 0 open, 2 done, 3 refused. */
  statusCode: Type.Union([Type.Literal(0), Type.Literal(2), Type.Literal(3)]),
  /** 1 ordinary; 2 completed by a comment. */
  type: Type.Number(),
  createUserId: Type.Number(),
  createUserName: Type.String(),
  createuserheader: Type.String(),
  addTime: Type.String(),
  userid: Type.Number(),
  username: Type.String(),
  userheader: Type.String(),
  /** 'YYYY-MM-DD HH:mm' or ''. */
  endTime: Type.String(),
  grade: Type.String(),
  cont: Type.String(),
  /** 0 when the task is attached to nothing. */
  modelId: Type.Number(),
  /** 1 clue, 2 customer, 4 contract, 0 none. */
  modelType: Type.Number(),
  /** The attached record's title: a clue's or customer's name (客户名称 under 字段权限) or the contract's title. */
  modelTitle: Maskable(),
});
export type TaskRow = Static<typeof TaskRowSchema>;

export const TaskListReply = ListOf(TaskRowSchema);
export const TaskDetailReply = Envelope(TaskRowSchema);
export const TaskCreatedReply = Envelope(Type.Object({ id: Type.Number() }));
