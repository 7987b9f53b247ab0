import { AttachmentListSchema, CcListSchema, IntakeDetailReply, IntakeListReply, IntakeSubmittedReply, type CcList } from '@portal/shared-contract';
import { Type, type Static, type TSchema } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../../app-context';
import { anyOf, can, canOpenAnyPage, demand, type ActorResolver } from '../../../http/auth';
import { success } from '../../../http/envelope';
import {
  COMMA_LIST_KEYWORD,
  Fields,
  Flag,
  Id,
  Integer,
  MAX_ID,
  MESSAGES_KEYWORD,
  Nested,
  OneOf,
  OptionalText,
  Paging,
  Text,
  type FieldMessages,
} from '../../../http/input-fields';
import { isRecord } from '../../../lib/is-record';
import { defineRoute, mountRoutes } from '../../../http/route';
import { SCENES } from '../../shared/data-scope';
import { CC_MAX } from '../../oa/workflow/approval-progress';
import { INTAKE_STATUS_FILTERS, intakeDetail, listIntakes, MSG_FILES_BAD, MSG_INTAKE_NOT_FOUND, submitIntake, type IntakeValues } from './intake.service';
import { intakeRead } from './intake.policy';
import { CUSTOMER_NAME_MASK } from '../../system/field-mask/reply-masks';

export const MSG_NO_EDIT = '进件提交后不能修改，被退回时请在审批中重新提交';

/** 新建进件: the action right of 进件管理. */
export const CREATE_INTAKE = can('crm', 'signorentry/entry:create');
/** 进件审核: the intakes waiting for the user's decision. */
export const REVIEW_INTAKES = can('crm', 'signorentry/entryshenpi');
/** 进件管理 or 进件审核: the list; the data scope then limits the rows. */
export const VIEW_INTAKES = anyOf(can('crm', 'signorentry/entry'), can('crm', 'signorentry/entryshenpi'));

const MSG_DATE = '进件日期格式不正确（应为 年-月-日）';

/**
 * A record the form's values link (客户, 关联合同): submitIntake checks it itself (the customer in the
 * submitter's data scope, the contract the customer's: `record: 'linked'`). Described, not titled: a
 * titled id field is taken for a record the route acts on, which a record policy guards (record-policy.ts).
 */
const LinkedId = (label: string, min: 0 | 1, invalid: string) =>
  Type.Integer({ description: label, minimum: min, maximum: MAX_ID, [MESSAGES_KEYWORD]: { invalid } });

/** A copy of `schema` (the contract's) with `messages` on each of its parts: any mistake inside it is the field's message. */
function withMessages<T extends TSchema>(schema: T, messages: FieldMessages): T {
  const out: Record<string, unknown> = { ...schema, [MESSAGES_KEYWORD]: messages };
  if (isRecord(schema.properties))
    out.properties = Object.fromEntries(Object.entries(schema.properties as Record<string, TSchema>).map(([k, v]) => [k, withMessages(v, messages)]));
  if (isRecord(schema.items)) out.items = withMessages(schema.items as TSchema, messages);
  if (Array.isArray(schema.anyOf)) out.anyOf = (schema.anyOf as TSchema[]).map((branch) => withMessages(branch, messages));
  return out as T;
}

const MSG_CC = '抄送人格式不正确';

/**
 * The intake form's values (the builtin `intake` form's fields), typed; each is optional here: the form's
 * own checks (required fields, its messages) run in the service. The messages are those the service
 * gives for the same mistakes.
 */
const IntakeValueFields = {
  customerId: Type.Optional(LinkedId('客户', 1, '客户：请选择')),
  customerName: OptionalText('客户名称', 100),
  // 0 or absent: no contract.
  contractId: Type.Optional(LinkedId('关联合同', 0, '关联合同不存在')),
  contractName: OptionalText('合同编号', 100),
  // Yuan; the service refuses more than two decimals, zero or less, and more than 1000万.
  Money: Type.Optional(Type.Number({ title: '进件金额', [MESSAGES_KEYWORD]: { invalid: '进件金额必须是数字' } })),
  riqi: OptionalText('进件日期', 10, { pattern: '^\\d{4}-\\d{2}-\\d{2}$', messages: { invalid: MSG_DATE, tooLong: MSG_DATE } }),
  files: Type.Optional({ ...withMessages(AttachmentListSchema, { missing: MSG_FILES_BAD, invalid: MSG_FILES_BAD }), title: '进件资料' }),
  beizhu: OptionalText('备注', 300),
  // At most 5 people; `1,2,3` (ids) is read as a list too.
  cc: Type.Optional({
    ...withMessages(CcListSchema, { missing: MSG_CC, invalid: MSG_CC, tooMany: `抄送人最多${CC_MAX}个` }),
    title: '抄送人',
    maxItems: CC_MAX,
    [COMMA_LIST_KEYWORD]: true,
  }),
};

/** The values sent flat by the dynamic form (its api_add call), or all under `form` (spec `EntryAudit {form}`), which wins. */
const IntakeInput = Fields({
  // The form's api_edit is this call too: editing a submitted intake is not offered (yet), so an id is 0 (new) or absent.
  id: Type.Optional(Type.Literal(0, { description: '进件（新建为0）', [MESSAGES_KEYWORD]: { invalid: MSG_NO_EDIT } })),
  form: Nested('进件表单', IntakeValueFields, { messages: { invalid: '进件表单格式不正确' } }),
  // The upload batch the form's files were filed under (sent by the dynamic form; not needed here).
  code: OptionalText('上传批次', 100),
  ...IntakeValueFields,
});

const ccIds = (cc: CcList): number[] => [...new Set(cc.map((c) => (typeof c === 'number' ? c : c.userid)))];

function submission(input: Static<typeof IntakeInput>): { values: IntakeValues; cc: number[] } {
  const { customerId, customerName, contractId, contractName, Money, riqi, files, beizhu } = input;
  const { cc: formCc, ...form } = input.form;
  const values: IntakeValues = { customerId, customerName, contractId, contractName, Money, riqi, files, beizhu, ...form };
  return { values, cc: ccIds(input.cc ?? formCc ?? []) };
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
      input: IntakeInput,
      reply: IntakeSubmittedReply,
      handler: async ({ input, actor }) => {
        const { values, cc } = submission(input);
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
      reply: IntakeDetailReply,
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
      reply: IntakeListReply,
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
