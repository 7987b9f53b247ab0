import { Type, type Static } from '@sinclair/typebox';
import { badRequest } from '../../../http/errors';
import { Fields, Id, Ids, Integer, MAX_ID, OneOf, OneOfNumbers, Paging, RequiredText, Text } from '../../../http/input-fields';
import { parseShanghaiDateTime } from '../../../lib/time';
import { MSG_TASK_NOT_FOUND } from './task.service';
import { TASK_MODEL_TYPES, TASK_SCENES, TASK_STATUS, type TaskInput } from './task.types';

/** Limits: title 100 characters; content 300 (spec §9 text limit). */
export const TASK_TITLE_MAX = 100;
export const TASK_CONT_MAX = 300;

const MSG_STATUS = '任务状态不正确';

export const TaskFields = Fields({
  title: RequiredText('任务标题', TASK_TITLE_MAX),
  cont: Text('任务内容', TASK_CONT_MAX),
  /** 'YYYY-MM-DD HH:mm[:ss]' in Shanghai time, or a bare date meaning the end of that day. */
  endTime: Text('截止时间', 30),
  grade: Text('任务等级', 20),
  type: OneOfNumbers('任务类型', [1, 2], 1, { messages: { invalid: '任务类型不正确' } }),
  userid: Id('负责人', { messages: { invalid: '负责人不正确' } }),
  modelType: Type.Optional(Integer('关联类型', { min: 0, max: MAX_ID }, { messages: { invalid: '关联类型不正确' } })),
  modelId: Type.Optional(Integer('关联记录', { min: 0, max: MAX_ID }, { messages: { invalid: '关联记录不正确' } })),
});

export function toTaskInput(input: Static<typeof TaskFields>): TaskInput {
  let endTime = '';
  if (input.endTime !== '') {
    const parsed = parseShanghaiDateTime(/^\d{4}-\d{2}-\d{2}$/.test(input.endTime) ? `${input.endTime} 23:59` : input.endTime);
    if (!parsed) throw badRequest('截止时间格式不正确');
    endTime = parsed;
  }
  let model: TaskInput['model'] = null;
  if (input.modelType || input.modelId) {
    const modelType = TASK_MODEL_TYPES.find((t) => t === input.modelType);
    if (modelType === undefined) throw badRequest('关联类型不正确');
    if (!input.modelId) throw badRequest('请选择关联记录');
    model = { type: modelType, id: input.modelId };
  }
  return { title: input.title, cont: input.cont, endTime, grade: input.grade, type: input.type, assigneeId: input.userid, model };
}

export const TaskListInput = Fields({
  ...Paging(10),
  scene: OneOf('场景', TASK_SCENES, 'mine', { messages: { invalid: '场景参数不正确' } }),
  status: Type.Optional(OneOfNumbers('任务状态', [TASK_STATUS.open, TASK_STATUS.done, TASK_STATUS.refused], undefined, { messages: { invalid: MSG_STATUS } })),
});

export const TaskIdInput = Fields({ id: Id('任务', { messages: { invalid: '任务ID不正确' } }) });

/** Finishing or refusing a task given to the user. */
export const TaskActionInput = Fields({
  ...TaskIdInput.properties,
  status: OneOfNumbers('任务状态', [TASK_STATUS.done, TASK_STATUS.refused], undefined, { messages: { missing: MSG_STATUS, invalid: MSG_STATUS } }),
});

export const TaskIdsInput = Fields({
  ids: Ids('任务', 1000, { messages: { missing: '请选择要删除的任务', invalid: MSG_TASK_NOT_FOUND, tooMany: '一次最多删除1000个任务' } }),
});
