/** The approval engine's shapes as the API answers them (spec §3 step row, log entry, read receipt, flow node/line). */
import type { FieldRight, WorlFlowJson } from '../../../lib/flow-types';

// The flow definition's types live in src/lib/ (the flow designer uses them too); approval code imports them from here.
export type { ApproverRule, ConditionRule, FieldRight, FlowLine, FlowNode, FlowSettings, NodeConfig, NodeKind, WorlFlowJson } from '../../../lib/flow-types';

export type ListKind = 'todo' | 'completed' | 'mySubmit' | 'myCc' | 'sub' | 'all';

export type ApprovalQuery = { page: number; rows: number; key: string; flowId?: number; userid?: number; start?: string; end?: string; status?: number };

export type ApprovalRow = {
  id: number;
  TaskID: number;
  Status: number;
  NodeID: string;
  ProcsID: number;
  ProcessID: number;
  modelId: number;
  modelType: string;
  taskName: string;
  StepName: string;
  flowName: string;
  UserName: string;
  Header: string;
  AddTime: string;
  recordStatus: number;
  recordStatusText: string;
  handlers: string;
  decidedAt: string;
};

export type LogEntry = {
  id: number;
  UserName: string;
  Header: string;
  name: string;
  status: string;
  action: string;
  Ext: string;
  AddTime: string;
  files: { id: number; FileName: string; url: string }[];
};
export type ReadReceipt = { id: number; userid: number; nickname: string; header: string; is_read: 'True' | 'False'; readtime: string; kind: string };

export type StepView = {
  id: number;
  NodeID: string;
  StepName: string;
  UserName: string;
  Status: number;
  outcome: string;
  comment: string;
  active: number;
  round: number;
  receivedAt: string;
  decidedAt: string;
};

export type ApprovalDetail = {
  task: {
    id: number;
    title: string;
    flowId: number;
    flowName: string;
    modelId: number;
    modelType: string;
    Status: number;
    statusText: string;
    UserName: string;
    Header: string;
    AddTime: string;
    round: number;
  };
  WorlFlowJson: WorlFlowJson;
  data: Record<string, unknown>;
  steps: StepView[];
  logs: LogEntry[];
  reads: ReadReceipt[];
  myStep: null | {
    id: number;
    Status: number;
    NodeID: string;
    type: 'start' | 'other';
    writeField: Record<string, FieldRight>;
    returnTargets: { NodeID: string; StepName: string; UserName: string }[];
  };
  role: 'submitter' | 'approver' | 'cc' | 'admin' | 'superior';
  canRevoke: boolean;
  canUrge: boolean;
  startNodeId: string;
};

export type DecisionReply = { Status: number; recordStatus: number; taskId: number };
export type CcUser = { userid: number; username: string; header?: string };
