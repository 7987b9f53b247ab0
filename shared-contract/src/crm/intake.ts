/** 进件 (api/customer/EntryAudit, EntryAuditdetail, EntryAuditList): intake records and the submission's reply. */
import { Type, type Static } from '@sinclair/typebox';
import { Envelope, ListOf } from '../wire';

/** One 进件资料 file as the record keeps it (described from the server's files, not as sent). */
export const IntakeFileSchema = Type.Object({
  id: Type.Number(),
  url: Type.String(),
  FileName: Type.String(),
  format: Type.String(),
  /** Kb. */
  size: Type.Number(),
});
export type IntakeFile = Static<typeof IntakeFileSchema>;

/** An intake as the list, the detail, the dynamic form (api_detail) and the printout read it. */
export const IntakeRowSchema = Type.Object({
  id: Type.Number(),
  entrySn: Type.String(),
  customerId: Type.Number(),
  /** The customer's 客户名称, masked or '' by the viewer's rule (字段权限 on a carried name: never absent). */
  customerName: Type.String(),
  /** '' without a linked contract. */
  contractId: Type.Union([Type.Number(), Type.Literal('')]),
  /** The linked contract's number, '' without one. */
  contractName: Type.String(),
  /** Yuan with two decimals, e.g. '12345.60'. */
  Money: Type.String(),
  /** 'YYYY-MM-DD'. */
  riqi: Type.String(),
  files: Type.Array(IntakeFileSchema),
  beizhu: Type.String(),
  /** 0 待审, 1 审核中, 2 通过, 3 未通过. */
  status: Type.Number(),
  statusText: Type.String(),
  /** The approval instance, 0 before one exists. */
  taskid: Type.Number(),
  UserID: Type.Number(),
  UserName: Type.String(),
  BranchName: Type.String(),
  /** Submission time, `yyyy-MM-dd HH:mm` Asia/Shanghai. */
  AddTime: Type.String(),
});
export type IntakeRow = Static<typeof IntakeRowSchema>;

/** EntryAudit: the new record, its 进件编号, its approval and its status (1 审核中 once submitted). */
export const SubmittedIntakeSchema = Type.Object({ id: Type.Number(), entrySn: Type.String(), taskid: Type.Number(), status: Type.Number() });
export type SubmittedIntake = Static<typeof SubmittedIntakeSchema>;

export const IntakeListReply = ListOf(IntakeRowSchema);
export const IntakeDetailReply = Envelope(IntakeRowSchema);
export const IntakeSubmittedReply = Envelope(SubmittedIntakeSchema);
