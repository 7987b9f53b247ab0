/**
 * Approval flows (api/flow/*): the flow definition as the flow designer saves it and the API stores and
 * answers it (spec §3 WorlFlowJson: nodes id/name/ico/top/left/bgcolor/viewOnly, lines
 * from/to/label/connector/anchors/paintStyle, with the engine's node config), and the flow replies.
 */
import { Type, type Static } from '@sinclair/typebox';
import { Envelope, ListOf, Nullable, Opaque } from '../wire';

export const NodeKindSchema = Type.Union([
  Type.Literal('start'),
  Type.Literal('approver'),
  Type.Literal('handler'),
  Type.Literal('cc'),
  Type.Literal('condition'),
  Type.Literal('parallel'),
  Type.Literal('join'),
  Type.Literal('end'),
]);
export type NodeKind = Static<typeof NodeKindSchema>;

/** Who approves a node. */
export const ApproverRuleSchema = Type.Union([
  Type.Object({ type: Type.Literal('users'), userIds: Type.Array(Type.Number()) }),
  Type.Object({ type: Type.Literal('role'), roleId: Type.Number() }),
  /** The submitter's department head (负责人). */
  Type.Object({ type: Type.Literal('head') }),
  /** The N-th superior (1 = direct 上级). */
  Type.Object({ type: Type.Literal('superior'), level: Type.Number() }),
  /**
   * Continuous superiors: every superior from the direct one up to level N or, with `untilRoleId`, up
   * to and including the first superior holding that role (still at most N levels).
   */
  Type.Object({ type: Type.Literal('superiors'), level: Type.Number(), untilRoleId: Type.Optional(Type.Number()) }),
  /** A user chosen in a form field. */
  Type.Object({ type: Type.Literal('formUser'), field: Type.String() }),
  /** The head of a department chosen in a form field. */
  Type.Object({ type: Type.Literal('formBranch'), field: Type.String() }),
  /** The submitter picks at submission. */
  Type.Object({ type: Type.Literal('chosen') }),
  Type.Object({ type: Type.Literal('submitter') }),
]);
export type ApproverRule = Static<typeof ApproverRuleSchema>;

/** 或签 any one, 会签 all, 依次 one after another. */
export const ApproveModeSchema = Type.Union([Type.Literal('or'), Type.Literal('and'), Type.Literal('seq')]);
export type ApproveMode = Static<typeof ApproveModeSchema>;
export const FieldRightSchema = Type.Union([Type.Literal('edit'), Type.Literal('read'), Type.Literal('hidden')]);
export type FieldRight = Static<typeof FieldRightSchema>;
export const EmptyRuleSchema = Type.Union([Type.Literal('pass'), Type.Literal('reject'), Type.Literal('users'), Type.Literal('admin')]);
export type EmptyRule = Static<typeof EmptyRuleSchema>;
export const SelfRuleSchema = Type.Union([Type.Literal('self'), Type.Literal('skip'), Type.Literal('head')]);
export type SelfRule = Static<typeof SelfRuleSchema>;
export const DuplicateRuleSchema = Type.Union([Type.Literal('none'), Type.Literal('once'), Type.Literal('consecutive')]);
export type DuplicateRule = Static<typeof DuplicateRuleSchema>;
export const TimeoutActionSchema = Type.Union([Type.Literal('remind'), Type.Literal('pass'), Type.Literal('reject')]);
export type TimeoutAction = Static<typeof TimeoutActionSchema>;

/** Per-field permission on a node (spec node config `writeField`), by form field name. */
export const WriteFieldSchema = Type.Record(Type.String(), FieldRightSchema);

export const NodeConfigSchema = Type.Object({
  kind: NodeKindSchema,
  approver: Type.Optional(ApproverRuleSchema),
  mode: Type.Optional(ApproveModeSchema),
  /** 会签: how many refusals refuse the node (default 1, as in every anchor). */
  rejectQuorum: Type.Optional(Type.Number()),
  emptyRule: Type.Optional(EmptyRuleSchema),
  emptyUserIds: Type.Optional(Type.Array(Type.Number())),
  selfRule: Type.Optional(SelfRuleSchema),
  writeField: Type.Optional(WriteFieldSchema),
  timeout: Type.Optional(Type.Object({ hours: Type.Number(), workingDays: Type.Optional(Type.Boolean()), action: TimeoutActionSchema })),
  /** cc nodes: who is copied. */
  cc: Type.Optional(Type.Array(Type.Number())),
});
export type NodeConfig = Static<typeof NodeConfigSchema>;

export const FlowNodeSchema = Type.Object({
  id: Type.String(),
  name: Type.String(),
  ico: Type.Optional(Type.String()),
  /** The designer's position: a number of pixels or a CSS length ('120px'). */
  top: Type.Optional(Type.Union([Type.Number(), Type.String()])),
  left: Type.Optional(Type.Union([Type.Number(), Type.String()])),
  bgcolor: Type.Optional(Type.String()),
  viewOnly: Type.Optional(Type.Boolean()),
  config: NodeConfigSchema,
});
export type FlowNode = Static<typeof FlowNodeSchema>;

export const ConditionOpSchema = Type.Union([
  Type.Literal('>'),
  Type.Literal('>='),
  Type.Literal('<'),
  Type.Literal('<='),
  Type.Literal('=='),
  Type.Literal('!='),
  Type.Literal('in'),
]);
export type ConditionOp = Static<typeof ConditionOpSchema>;
export const ConditionRuleSchema = Type.Object({
  field: Type.String(),
  op: ConditionOpSchema,
  value: Type.Union([Type.String(), Type.Number(), Type.Array(Type.Union([Type.String(), Type.Number()]))]),
});
export type ConditionRule = Static<typeof ConditionRuleSchema>;

export const FlowLineSchema = Type.Object({
  from: Type.String(),
  to: Type.String(),
  label: Type.Optional(Type.String()),
  // The drawing library's (jsPlumb) connector, anchors and paint style, kept as the designer sent them.
  connector: Type.Optional(Opaque()),
  anchors: Type.Optional(Opaque()),
  paintStyle: Type.Optional(Opaque()),
  /** Lines leaving a condition split: every rule must hold; `isDefault` is the else line. */
  condition: Type.Optional(Type.Object({ rules: Type.Array(ConditionRuleSchema), isDefault: Type.Optional(Type.Boolean()) })),
});
export type FlowLine = Static<typeof FlowLineSchema>;

export const FlowSettingsSchema = Type.Object({
  duplicateRule: Type.Optional(DuplicateRuleSchema),
  /** After a return, the resubmitted record goes straight back to the node that returned it. */
  resumeAtReturner: Type.Optional(Type.Boolean()),
  /** The submitter may withdraw only while nobody has decided yet. */
  revokeBeforeDecisionOnly: Type.Optional(Type.Boolean()),
  /** Working days off besides weekends ('YYYY-MM-DD'), for timeouts counted in working days. */
  holidays: Type.Optional(Type.Array(Type.String())),
});
export type FlowSettings = Static<typeof FlowSettingsSchema>;

/** The flow definition (the spec's field name, sic). */
export const WorlFlowJsonSchema = Type.Object({
  nodes: Type.Array(FlowNodeSchema),
  lines: Type.Array(FlowLineSchema),
  settings: Type.Optional(FlowSettingsSchema),
});
export type WorlFlowJson = Static<typeof WorlFlowJsonSchema>;

/** api/flow/index: a row of the flow list. */
export const FlowRowSchema = Type.Object({
  id: Type.Number(),
  name: Type.String(),
  category: Type.String(),
  formMode: Type.String(),
  formTitle: Type.String(),
  /** 1 启用, 0 停用. */
  status: Type.Number(),
  beizhu: Type.String(),
  version: Type.Number(),
  UserName: Type.String(),
  updateTime: Type.String(),
  /** How many approvals were started on the flow. */
  instances: Type.Number(),
});
export type FlowRow = Static<typeof FlowRowSchema>;
export const FlowListReply = ListOf(FlowRowSchema);

/** api/flow/detail: a flow and one of its versions' definition (the current one unless versionId is asked). */
export const FlowDetailSchema = Type.Object({
  id: Type.Number(),
  name: Type.String(),
  category: Type.String(),
  formMode: Type.String(),
  formTitle: Type.String(),
  status: Type.Number(),
  beizhu: Type.String(),
  versionId: Nullable(Type.Number()),
  version: Type.Number(),
  versions: Type.Array(Type.Object({ id: Type.Number(), version: Type.Number(), addTime: Type.String() })),
  inUse: Type.Boolean(),
  WorlFlowJson: WorlFlowJsonSchema,
});
export type FlowDetail = Static<typeof FlowDetailSchema>;
export const FlowDetailReply = Envelope(FlowDetailSchema);

/** api/flow/directory: the designer's roles and employed staff (choosing approvers, naming chosen ones). */
export const FlowDirectorySchema = Type.Object({
  roles: Type.Array(Type.Object({ id: Type.Number(), name: Type.String() })),
  users: Type.Array(Type.Object({ id: Type.Number(), name: Type.String() })),
});
export type FlowDirectory = Static<typeof FlowDirectorySchema>;
export const FlowDirectoryReply = Envelope(FlowDirectorySchema);

/** api/flow/options: every flow's name (the approval lists' flow filter). */
export const FlowOptionSchema = Type.Object({ id: Type.Number(), name: Type.String(), category: Type.String() });
export type FlowOption = Static<typeof FlowOptionSchema>;
export const FlowOptionsReply = Envelope(Type.Array(FlowOptionSchema));

/** api/flow/enabled: an enabled flow (新建流程), its bound form and the nodes whose approvers the submitter picks. */
export const EnabledFlowSchema = Type.Object({
  id: Type.Number(),
  name: Type.String(),
  category: Type.String(),
  formMode: Type.String(),
  formId: Type.Number(),
  formTitle: Type.String(),
  /** The form's create call (api/WorkFlow/Approval for work forms). */
  apiAdd: Type.String(),
  beizhu: Type.String(),
  chosenNodes: Type.Array(Type.Object({ nodeId: Type.String(), name: Type.String() })),
});
export type EnabledFlow = Static<typeof EnabledFlowSchema>;
export const EnabledFlowsReply = Envelope(Type.Array(EnabledFlowSchema));

/** api/flow/add: the new flow's id (`clue` 3, as the spec's reply has it). */
export const FlowAddedSchema = Type.Object({ id: Type.Number(), clue: Type.Number() });
export type FlowAdded = Static<typeof FlowAddedSchema>;
export const FlowAddReply = Envelope(FlowAddedSchema);
/** api/flow/Edit: the flow's current version number (a new one when the graph changed). */
export const FlowEditedSchema = Type.Object({ version: Type.Number() });
export type FlowEdited = Static<typeof FlowEditedSchema>;
export const FlowEditReply = Envelope(FlowEditedSchema);
/** api/flow/copy: the copy's id. */
export const FlowCopiedSchema = Type.Object({ id: Type.Number() });
export type FlowCopied = Static<typeof FlowCopiedSchema>;
export const FlowCopyReply = Envelope(FlowCopiedSchema);
/** api/Approval/isCC: whether the form has an enabled flow (then cc can be added), and which. */
export const FormApprovalFlowSchema = Type.Object({ isCC: Type.Boolean(), flowId: Type.Number() });
export type FormApprovalFlow = Static<typeof FormApprovalFlowSchema>;
export const FormApprovalFlowReply = Envelope(FormApprovalFlowSchema);
