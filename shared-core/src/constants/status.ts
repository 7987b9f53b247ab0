/** Business codes of spec §3, §4 and §9, with their labels. */

/** Approval status on records (spec §4). */
export const APPROVAL_STATUS = { pending: 0, reviewing: 1, passed: 2, rejected: 3 } as const;
export type ApprovalStatus = (typeof APPROVAL_STATUS)[keyof typeof APPROVAL_STATUS];
export const APPROVAL_STATUS_LABELS: Record<ApprovalStatus, { label: string; color: string }> = {
  0: { label: '待审', color: 'orange' },
  1: { label: '审核中', color: 'blue' },
  2: { label: '通过', color: 'green' },
  3: { label: '未通过', color: 'red' },
};

/** Approval step Status (spec §4). Approve/return/forward only while below `completed`. */
export const STEP_STATUS = { pendingReceipt: 0, received: 1, inProgress: 2, completed: 3, notPassed: 4 } as const;
export type StepStatus = (typeof STEP_STATUS)[keyof typeof STEP_STATUS];

/** Follow-up contact channel `gjtype` (spec §3). */
export const FOLLOW_UP_CHANNELS = [
  { value: 0, label: '电话' },
  { value: 1, label: 'QQ' },
  { value: 2, label: '微信' },
  { value: 3, label: '邮件' },
  { value: 4, label: '短信' },
  { value: 5, label: '其他' },
] as const;
export type FollowUpChannel = (typeof FOLLOW_UP_CHANNELS)[number]['value'];
export function followUpChannelLabel(gjtype: number): string {
  return FOLLOW_UP_CHANNELS.find((c) => c.value === gjtype)?.label ?? '-';
}

/** Task `modelType`: what a task is attached to. */
export const MODEL_TYPE = { clue: 1, customer: 2, contract: 4 } as const;
export type ModelType = (typeof MODEL_TYPE)[keyof typeof MODEL_TYPE];

/** Expense claim (baoxiao) types. */
export const EXPENSE_TYPE = { person: 1, branch: 2, project: 3 } as const;
export type ExpenseType = (typeof EXPENSE_TYPE)[keyof typeof EXPENSE_TYPE];

/** Schedule type. */
export const SCHEDULE_TYPE = 1;

/** User QuitStatus: 0 employed, anything else departed. */
export const QUIT_STATUS = { employed: 0 } as const;
export function quitStatusLabel(quitStatus: number): '在职' | '离职' {
  return quitStatus === QUIT_STATUS.employed ? '在职' : '离职';
}

/** Customer `clue` field: 2 = deal done. */
export const CLUE_DEAL_DONE = 2;
export function clueLabel(clue: number): '已成交' | '未成交' {
  return clue === CLUE_DEAL_DONE ? '已成交' : '未成交';
}

/** Department tree node `attributes`: 2 = a department proper. */
export const BRANCH_ATTRIBUTE_DEPARTMENT = 2;
