import { Type } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../../app-context';
import { anyOf, can, canOpenAnyPage, demand, type ActorResolver } from '../../../http/auth';
import { success } from '../../../http/envelope';
import { badRequest } from '../../../http/errors';
import { Fields, Flag, Id, Integer, JsonValue, OneOf, Paging, Text } from '../../../http/input-fields';
import { defineRoute, mountRoutes } from '../../../http/route';
import { SCENES } from '../../shared/data-scope';
import { parseCc } from '../../oa/workflow/approval-input';
import { INTAKE_STATUS_FILTERS, intakeDetail, listIntakes, MSG_INTAKE_NOT_FOUND, submitIntake, type IntakeValues } from './intake.service';
import { intakeRead } from './intake.policy';
import { CUSTOMER_NAME_MASK } from '../../system/field-mask/reply-masks';

export const MSG_NO_EDIT = '进件提交后不能修改，被退回时请在审批中重新提交';

/** 新建进件: the action right of 进件管理. */
export const CREATE_INTAKE = can('crm', 'signorentry/entry:create');
/** 进件审核: the intakes waiting for the user's decision. */
export const REVIEW_INTAKES = can('crm', 'signorentry/entryshenpi');
/** 进件管理 or 进件审核: the list; the data scope then limits the rows. */
export const VIEW_INTAKES = anyOf(can('crm', 'signorentry/entry'), can('crm', 'signorentry/entryshenpi'));

/** The intake form's fields, sent flat by the dynamic form (or all under `form`). */
const IntakeFormFields = {
  id: Type.Optional(JsonValue('进件')),
  form: Type.Optional(JsonValue('进件表单')),
  customerId: Type.Optional(JsonValue('客户')),
  customerName: Type.Optional(JsonValue('客户名称')),
  contractId: Type.Optional(JsonValue('关联合同')),
  contractName: Type.Optional(JsonValue('合同编号')),
  Money: Type.Optional(JsonValue('进件金额')),
  riqi: Type.Optional(JsonValue('进件日期')),
  files: Type.Optional(JsonValue('进件资料')),
  beizhu: Type.Optional(JsonValue('备注')),
  code: Type.Optional(JsonValue('上传批次')),
  cc: Type.Optional(JsonValue('抄送人')),
};

function valuesOf(input: Record<string, unknown>): IntakeValues {
  let form: unknown = input.form;
  if (typeof form === 'string' && form.trim() !== '') {
    try {
      form = JSON.parse(form);
    } catch {
      throw badRequest('进件表单格式不正确');
    }
  }
  if (form !== undefined && form !== '' && (form === null || typeof form !== 'object' || Array.isArray(form))) throw badRequest('进件表单格式不正确');
  const flat = Object.fromEntries(Object.entries(input).filter(([k, v]) => k !== 'id' && k !== 'form' && k !== 'cc' && k !== 'code' && v !== undefined));
  return { ...flat, ...(form && typeof form === 'object' ? (form as Record<string, unknown>) : {}) };
}

export function registerIntakeRoutes(app: FastifyInstance, ctx: AppContext, resolve: ActorResolver): void {
  mountRoutes(app, resolve, [
    defineRoute({
      method: 'POST',
      url: '/api/customer/EntryAudit',
      summary: '新建进件并提交进件审核（按进件表单校验；只能为自己数据范围内的客户进件；编号按进件编号规则）',
      description: '表单值可平铺发送（动态表单），也可整体放在 form（JSON）中。进件资料须是本人上传的文件。',
      tag: 'crm',
      access: CREATE_INTAKE,
      record: 'linked',
      input: Fields(IntakeFormFields),
      handler: async ({ input, actor }) => {
        // The form's api_edit is this call too: editing a submitted intake is not offered (yet), never a second record.
        if (input.id !== undefined && input.id !== '' && input.id !== '0' && input.id !== 0) throw badRequest(MSG_NO_EDIT);
        const values = valuesOf(input as Record<string, unknown>);
        const cc = parseCc(input.cc ?? (values.cc as unknown));
        return success('提交成功', await submitIntake(ctx, actor, values, cc));
      },
    }),
    defineRoute({
      method: 'POST',
      url: '/api/customer/EntryAuditdetail',
      summary: '进件详情（数据范围内，或能查看其审批的人）',
      tag: 'crm',
      access: canOpenAnyPage('crm', 'signorentry/'),
      record: intakeRead('id'),
      mask: CUSTOMER_NAME_MASK,
      input: Fields({ id: Id('进件', { messages: { invalid: MSG_INTAKE_NOT_FOUND } }) }),
      handler: async ({ input, actor }) => success('获取成功', await intakeDetail(ctx, actor, input.id)),
    }),
    defineRoute({
      method: 'POST',
      url: '/api/customer/EntryAuditList',
      summary: '进件列表（进件管理）',
      description:
        'dataType 与客户列表的场景相同：all（默认）、mine、participating、subordinates。status：空为全部，0 待审、1 审核中、2 通过、3 未通过。key 匹配进件编号或客户名称。todo=1（进件审核，需该页面权限）：等待本人审批的进件。',
      tag: 'crm',
      access: VIEW_INTAKES,
      record: 'list',
      mask: CUSTOMER_NAME_MASK,
      input: Fields({
        ...Paging(10),
        key: Text('搜索关键字', 100),
        dataType: OneOf('数据范围', SCENES, 'all', { messages: { invalid: '数据范围参数不正确' } }),
        status: OneOf('审批状态', INTAKE_STATUS_FILTERS, '', { messages: { invalid: '审批状态参数不正确' } }),
        customerId: Integer('客户', { min: 0, max: 2147483647, fallback: 0 }, { messages: { invalid: '客户参数不正确' } }),
        todo: Flag('待我审批', 0),
      }),
      handler: async ({ input, actor }) => {
        if (input.todo === 1) demand(actor, REVIEW_INTAKES);
        return listIntakes(ctx, actor, {
          page: input.page,
          rows: input.rows,
          key: input.key,
          scene: input.dataType,
          status: input.status,
          customerId: input.customerId || undefined,
          todo: input.todo === 1,
        });
      },
    }),
  ]);
}
