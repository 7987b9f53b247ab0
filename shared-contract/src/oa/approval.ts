/**
 * Approvals (api/WorkFlow/*, api/WorkFlowLog/Index): the rows of the approval lists (待我审批, 我已审批,
 * 我发起的, 抄送我的, 下属审批, 全部审批), one approval as the 920 px approval panel shows it (form,
 * flow diagram, steps, log, read receipts, the caller's open step), and the replies of the decisions.
 */
import { Type, type Static } from '@sinclair/typebox';
import { Envelope, ListOf, Nullable, Opaque } from '../wire';
import { NodeKindSchema, WorlFlowJsonSchema, WriteFieldSchema } from './flow';

/** A row of the approval lists: a step of the caller (待我审批, 我已审批) or an approval (the others). */
export const ApprovalRowSchema = Type.Object({
  /** The step's id on the step lists, the approval's on the others. */
  id: Type.Number(),
  TaskID: Type.Number(),
  /** The step's status on the step lists (spec §4: 0 待接收 … 4 未通过), else the approval's. */
  Status: Type.Number(),
  NodeID: Type.String(),
  ProcsID: Type.Number(),
  ProcessID: Type.Number(),
  /** The business record (报销单, 进件, a work form's record) and its form. */
  modelId: Type.Number(),
  modelType: Type.String(),
  taskName: Type.String(),
  StepName: Type.String(),
  flowName: Type.String(),
  /** The submitter. */
  UserName: Type.String(),
  Header: Type.String(),
  AddTime: Type.String(),
  /** The approval's status: 0 待审, 1 审核中, 2 通过, 3 未通过, 4 已撤回. */
  recordStatus: Type.Number(),
  recordStatusText: Type.String(),
  /** Who has it open now, 、-separated. */
  handlers: Type.String(),
  decidedAt: Type.String(),
});
export type ApprovalRow = Static<typeof ApprovalRowSchema>;
export const ApprovalListReply = ListOf(ApprovalRowSchema);

/** A file attached to a decision or a comment, as stored. */
export const ApprovalFileSchema = Type.Object({ id: Type.Number(), FileName: Type.String(), url: Type.String(), format: Type.String(), size: Type.Number() });
export type ApprovalFile = Static<typeof ApprovalFileSchema>;

/** An entry of an approval's log (spec "Approval log entry"). */
export const ApprovalLogEntrySchema = Type.Object({
  id: Type.Number(),
  /** Who acted (系统 for the engine). */
  UserName: Type.String(),
  Header: Type.String(),
  /** The node's name. */
  name: Type.String(),
  /** The action in words (同意, 退回, 评论 …). */
  status: Type.String(),
  /** submit, approve, refuse, return, forward, comment, cc, revoke, urge, auto, timeout, formedit … */
  action: Type.String(),
  Ext: Type.String(),
  AddTime: Type.String(),
  files: Type.Array(ApprovalFileSchema),
});
export type ApprovalLogEntry = Static<typeof ApprovalLogEntrySchema>;
export const ApprovalLogsReply = ListOf(ApprovalLogEntrySchema);

/** A read receipt (spec §3): an approver by when they opened their step, a cc recipient by when they read the copy. */
export const ReadReceiptSchema = Type.Object({
  id: Type.Number(),
  userid: Type.Number(),
  nickname: Type.String(),
  header: Type.String(),
  is_read: Type.Union([Type.Literal('True'), Type.Literal('False')]),
  readtime: Type.String(),
  /** 审批人 or 抄送人. */
  kind: Type.String(),
});
export type ReadReceipt = Static<typeof ReadReceiptSchema>;
export const ReadReceiptsReply = ListOf(ReadReceiptSchema);

/** A node a step may be returned to (passed in this approval, upstream of the step), the start node first. */
export const ReturnTargetSchema = Type.Object({ NodeID: Type.String(), StepName: Type.String(), UserName: Type.String() });
export type ReturnTarget = Static<typeof ReturnTargetSchema>;
export const ReturnTargetsReply = ListOf(ReturnTargetSchema);

/** A step of an approval (one approver on one node, in one round). */
export const ApprovalStepSchema = Type.Object({
  id: Type.Number(),
  NodeID: Type.String(),
  StepName: Type.String(),
  UserName: Type.String(),
  Status: Type.Number(),
  /** '' while open; approved, refused, returned or closed. */
  outcome: Type.String(),
  comment: Type.String(),
  active: Type.Number(),
  round: Type.Number(),
  receivedAt: Type.String(),
  decidedAt: Type.String(),
});
export type ApprovalStep = Static<typeof ApprovalStepSchema>;

/** Why the caller may see the approval. */
export const ApprovalRoleSchema = Type.Union([
  Type.Literal('submitter'),
  Type.Literal('approver'),
  Type.Literal('cc'),
  Type.Literal('admin'),
  Type.Literal('superior'),
]);
export type ApprovalRole = Static<typeof ApprovalRoleSchema>;

/** api/WorkFlow/detail: everything the approval panel shows. */
export const ApprovalDetailSchema = Type.Object({
  task: Type.Object({
    id: Type.Number(),
    title: Type.String(),
    flowId: Type.Number(),
    flowName: Type.String(),
    modelId: Type.Number(),
    modelType: Type.String(),
    Status: Type.Number(),
    statusText: Type.String(),
    UserName: Type.String(),
    Header: Type.String(),
    AddTime: Type.String(),
    round: Type.Number(),
  }),
  /** The flow version the approval runs on. */
  WorlFlowJson: WorlFlowJsonSchema,
  /** The form's values by field (less those the caller's node hides; 字段权限 applied): the fields are designed in the form designer. */
  data: Type.Record(Type.String(), Opaque()),
  steps: Type.Array(ApprovalStepSchema),
  logs: Type.Array(ApprovalLogEntrySchema),
  reads: Type.Array(ReadReceiptSchema),
  /** The caller's open step, if any. */
  myStep: Nullable(
    Type.Object({
      id: Type.Number(),
      Status: Type.Number(),
      NodeID: Type.String(),
      type: Type.Union([Type.Literal('start'), Type.Literal('other')]),
      writeField: WriteFieldSchema,
      returnTargets: Type.Array(ReturnTargetSchema),
    }),
  ),
  role: ApprovalRoleSchema,
  canRevoke: Type.Boolean(),
  canUrge: Type.Boolean(),
  startNodeId: Type.String(),
});
export type ApprovalDetail = Static<typeof ApprovalDetailSchema>;
export const ApprovalDetailReply = Envelope(ApprovalDetailSchema);

/** api/WorkFlow/getNodeConfig: a node of the approval's flow version (spec: `type` start or other, `writeField`). */
export const ApprovalNodeConfigSchema = Type.Object({
  id: Type.String(),
  name: Type.String(),
  type: Type.Union([Type.Literal('start'), Type.Literal('other')]),
  kind: NodeKindSchema,
  writeField: WriteFieldSchema,
});
export type ApprovalNodeConfig = Static<typeof ApprovalNodeConfigSchema>;
export const ApprovalNodeConfigReply = Envelope(ApprovalNodeConfigSchema);

/** api/WorkFlowLog/Index (审批意见): a decision or a comment, with its approval. */
export const CommentLogRowSchema = Type.Object({
  id: Type.Number(),
  TaskID: Type.Number(),
  taskName: Type.String(),
  UserName: Type.String(),
  Header: Type.String(),
  name: Type.String(),
  status: Type.String(),
  Ext: Type.String(),
  AddTime: Type.String(),
});
export type CommentLogRow = Static<typeof CommentLogRowSchema>;
export const CommentLogReply = ListOf(CommentLogRowSchema);

/** api/WorkFlow/statistics (审批统计): per flow and per approver. */
export const ApprovalStatisticsSchema = Type.Object({
  flows: Type.Array(
    Type.Object({ id: Type.Number(), name: Type.String(), submitted: Type.Number(), passed: Type.Number(), refused: Type.Number(), running: Type.Number() }),
  ),
  people: Type.Array(
    Type.Object({
      userid: Type.Number(),
      name: Type.String(),
      decided: Type.Number(),
      approved: Type.Number(),
      refused: Type.Number(),
      open: Type.Number(),
      overdue: Type.Number(),
      avgHours: Type.Number(),
      maxHours: Type.Number(),
    }),
  ),
});
export type ApprovalStatistics = Static<typeof ApprovalStatisticsSchema>;
export const ApprovalStatisticsReply = Envelope(ApprovalStatisticsSchema);

/** Approved, Refused, Forward: the (last) step's status afterwards and the approval's. */
export const DecisionResultSchema = Type.Object({ Status: Type.Number(), recordStatus: Type.Number(), taskId: Type.Number() });
export type DecisionResult = Static<typeof DecisionResultSchema>;
export const DecisionReply = Envelope(DecisionResultSchema);

/** receive (the step's status afterwards), Revoke (the approval's: 4 已撤回). */
export const ApprovalStatusSchema = Type.Object({ Status: Type.Number() });
export type ApprovalStatus = Static<typeof ApprovalStatusSchema>;
export const ApprovalStatusReply = Envelope(ApprovalStatusSchema);
/** urge: how many approvers were reminded. */
export const UrgedSchema = Type.Object({ count: Type.Number() });
export type Urged = Static<typeof UrgedSchema>;
export const UrgeReply = Envelope(UrgedSchema);
/** api/WorkFlow/Approval: the new approval (`id` and `taskid` alike). */
export const ApprovalSubmittedSchema = Type.Object({ id: Type.Number(), taskid: Type.Number() });
export type ApprovalSubmitted = Static<typeof ApprovalSubmittedSchema>;
export const ApprovalSubmitReply = Envelope(ApprovalSubmittedSchema);
