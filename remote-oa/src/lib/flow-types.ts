/**
 * A flow's definition (WorlFlowJson: nodes, lines, settings) as the API stores and answers it: drawn and
 * edited by the flow designer (features/flow), shown on an approval (features/approval).
 */
export type FieldRight = 'edit' | 'read' | 'hidden';
export type NodeKind = 'start' | 'approver' | 'handler' | 'cc' | 'condition' | 'parallel' | 'join' | 'end';
export type ApproverRule =
  | { type: 'users'; userIds: number[] }
  | { type: 'role'; roleId: number }
  | { type: 'head' }
  | { type: 'superior'; level: number }
  | { type: 'superiors'; level: number; untilRoleId?: number }
  | { type: 'formUser'; field: string }
  | { type: 'formBranch'; field: string }
  | { type: 'chosen' }
  | { type: 'submitter' };
export type NodeConfig = {
  kind: NodeKind;
  approver?: ApproverRule;
  mode?: 'or' | 'and' | 'seq';
  rejectQuorum?: number;
  emptyRule?: 'pass' | 'reject' | 'users' | 'admin';
  emptyUserIds?: number[];
  selfRule?: 'self' | 'skip' | 'head';
  writeField?: Record<string, FieldRight>;
  timeout?: { hours: number; workingDays?: boolean; action: 'remind' | 'pass' | 'reject' };
  cc?: number[];
};
export type FlowNode = {
  id: string;
  name: string;
  ico?: string;
  top?: number | string;
  left?: number | string;
  bgcolor?: string;
  viewOnly?: boolean;
  config: NodeConfig;
};
export type ConditionRule = { field: string; op: '>' | '>=' | '<' | '<=' | '==' | '!=' | 'in'; value: string | number | (string | number)[] };
export type FlowLine = {
  from: string;
  to: string;
  label?: string;
  connector?: unknown;
  anchors?: unknown;
  paintStyle?: unknown;
  condition?: { rules: ConditionRule[]; isDefault?: boolean };
};
export type FlowSettings = {
  duplicateRule?: 'none' | 'once' | 'consecutive';
  resumeAtReturner?: boolean;
  revokeBeforeDecisionOnly?: boolean;
  holidays?: string[];
};
export type WorlFlowJson = { nodes: FlowNode[]; lines: FlowLine[]; settings?: FlowSettings };
