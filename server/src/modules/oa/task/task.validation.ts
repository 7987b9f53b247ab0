import { badRequest } from '../../../http/errors';
import { choice, integer, text, type Input } from '../../../http/input';
import { parseShanghaiDateTime } from '../../../lib/time';
import { TASK_MODEL_TYPES, TASK_SCENES, TASK_STATUS, type TaskInput, type TaskListQuery, type TaskModelType, type TaskStatus } from './task.types';

/** Limits: title 100 characters; content 300 (spec §9 text limit). */
export const TASK_TITLE_MAX = 100;
export const TASK_CONT_MAX = 300;

/** `endTime`: 'YYYY-MM-DD HH:mm[:ss]' in Shanghai time, or a bare date meaning the end of that day. */
function parseEndTime(input: Input): string {
  const raw = text(input, 'endTime', { label: '截止时间', max: 30 });
  if (raw === '') return '';
  const parsed = parseShanghaiDateTime(/^\d{4}-\d{2}-\d{2}$/.test(raw) ? `${raw} 23:59` : raw);
  if (!parsed) throw badRequest('截止时间格式不正确');
  return parsed;
}

export function parseTaskInput(input: Input): TaskInput {
  const title = text(input, 'title', { label: '任务标题', required: true, max: TASK_TITLE_MAX });
  const cont = text(input, 'cont', { label: '任务内容', max: TASK_CONT_MAX });
  const endTime = parseEndTime(input);
  const grade = text(input, 'grade', { label: '任务等级', max: 20 });
  const type = integer(input, 'type', 1, { min: 1, max: 2, message: '任务类型不正确' }) as 1 | 2;
  const assigneeId = integer(input, 'userid', undefined, { min: 1, message: '负责人不正确' });
  if (assigneeId === undefined) throw badRequest('请选择负责人');
  const modelType = integer(input, 'modelType', undefined, { min: 0, message: '关联类型不正确' });
  const modelId = integer(input, 'modelId', undefined, { min: 0, message: '关联记录不正确' });
  let model: TaskInput['model'] = null;
  if (modelType || modelId) {
    if (!modelType || !(TASK_MODEL_TYPES as readonly number[]).includes(modelType)) throw badRequest('关联类型不正确');
    if (!modelId) throw badRequest('请选择关联记录');
    model = { type: modelType as TaskModelType, id: modelId };
  }
  return { title, cont, endTime, grade, type, assigneeId, model };
}

export function parseTaskListQuery(input: Input): TaskListQuery {
  const page = integer(input, 'page', 1, { min: 1, max: 1_000_000, message: '页码必须是正整数' });
  const rows = integer(input, 'rows', 10, { min: 1, max: 200, message: '每页条数必须是1到200之间的整数' });
  const scene = choice(input, 'scene', TASK_SCENES, 'mine', '场景参数不正确');
  const status = integer(input, 'status', undefined, { min: 0, max: 3, message: '任务状态不正确' });
  if (status !== undefined && !(Object.values(TASK_STATUS) as number[]).includes(status)) throw badRequest('任务状态不正确');
  return { page, rows, scene, ...(status === undefined ? {} : { status: status as TaskStatus }) };
}

export function parseTaskId(input: Input): number {
  const id = integer(input, 'id', undefined, { min: 1, message: '任务ID不正确' });
  if (id === undefined) throw badRequest('请选择任务');
  return id;
}
