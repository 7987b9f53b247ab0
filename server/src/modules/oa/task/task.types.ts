import type { ReplyMask } from '../../system/field-mask/reply-masks';
/** Task status codes (spec §3, §4): a task is open until it is completed (2) or refused (3). */
export const TASK_STATUS = { open: 0, done: 2, refused: 3 } as const;
export type TaskStatus = (typeof TASK_STATUS)[keyof typeof TASK_STATUS];

export const TASK_STATUS_TEXT: Record<TaskStatus, string> = { 0: '进行中', 2: '已完成', 3: '已拒绝' };

/** Task `type`: 1 ordinary; 2 completed by a comment (the complete button is hidden, spec §4). */
export const TASK_TYPE = { ordinary: 1, commentToComplete: 2 } as const;

/** Task `modelType` (spec §3): what the task is attached to. Clues live in the customers table. */
export const TASK_MODEL_TYPES = [1, 2, 4] as const;
export type TaskModelType = (typeof TASK_MODEL_TYPES)[number];

export const TASK_SCENES = ['mine', 'created'] as const;
export type TaskScene = (typeof TASK_SCENES)[number];

export type TaskInput = {
  title: string;
  cont: string;
  /** Stored ISO time or ''. */
  endTime: string;
  grade: string;
  type: 1 | 2;
  assigneeId: number;
  model: { type: TaskModelType; id: number } | null;
};

export type TaskListQuery = { page: number; rows: number; scene: TaskScene; status?: TaskStatus };

/** A task as the list and the detail return it (spec §3 "Task"): the wire contract's row. */
export type { TaskRow } from '@portal/shared-contract';

/** A task attached to a lead (1) or a customer (2) is titled by the customer's name, under their 客户名称 rule. */
export const TASK_MASK: ReplyMask = {
  entity: 'customer',
  carried: { modelTitle: 'CustomerName' },
  when: (task) => task.modelType === 1 || task.modelType === 2,
};
