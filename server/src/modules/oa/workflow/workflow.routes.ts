import {
  ApprovalDetailReply,
  ApprovalListReply,
  ApprovalLogsReply,
  ApprovalNodeConfigReply,
  ApprovalStatisticsReply,
  ApprovalStatusReply,
  ApprovalSubmitReply,
  CommentLogReply,
  DecisionReply,
  Done,
  EnabledFlowsReply,
  FlowAddReply,
  FlowCopyReply,
  FlowDetailReply,
  FlowDirectoryReply,
  FlowEditReply,
  FlowListReply,
  FlowOptionsReply,
  FormApprovalFlowReply,
  ReadReceiptsReply,
  ReturnTargetsReply,
  UrgeReply,
} from '@portal/shared-contract';
import { Type } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../../app-context';
import { anyOf, can, type ActorResolver } from '../../../http/auth';
import { failure, success } from '../../../http/envelope';
import { Fields, Flag, Id, Ids, Integer, JsonObject, JsonValue, MAX_ID, Paging, RequiredText, Text } from '../../../http/input-fields';
import { approvalRead, approvalStep, approvalStepRead } from './approval.policy';
import { defineRoute, mountRoutes } from '../../../http/route';
import {
  addFlow,
  approvalFlowOfForm,
  changeFlowStatus,
  copyFlow,
  deleteFlows,
  editFlow,
  enabledFlows,
  FlowProblem,
  flowDetail,
  flowDirectory,
  flowOptions,
  listFlows,
} from './flow.service';
import {
  approvalDetail,
  approvalList,
  approvalLogs,
  approvalStatistics,
  commentLog,
  instanceNodeConfig,
  readReceiptList,
  type ListKind,
} from './workflow-lists';
import { CcField, ccIds, FilesField, storedFiles } from './approval-input';
import { submitWorkForm } from './submit-approval';
import { decide } from './decide-step';
import { returnTargets } from './return-to-earlier-node';
import { forward, forwardTarget } from './forward-step';
import { addCcByUser, comment, commentedTask } from './comments-and-cc';
import { receive } from './read-receipts';
import { revoke, urge } from './withdraw-and-urge';
import { editFormField } from './edit-node-form';

/**
 * The approval API (spec §7 api/WorkFlow/*, api/flow/*, api/WorkFlowLog/Index, api/Approval/isCC).
 * Lists need their page right; decisions need a login and are limited to the caller's own open
 * steps (checked in the service); flow maintenance needs the flow page's action rights.
 */
const FLOW_PAGE = can('oa', 'flow');
const TEXT = (label: string) => Text(label, 300, { messages: { tooLong: `${label}不能超过300个字符` } });
const TaskId = Fields({ taskid: Id('审批', { messages: { missing: '请选择审批', invalid: '审批不存在' } }) });
const StepIds = Ids('审批步骤', 100, { messages: { missing: '请选择审批', invalid: '审批不存在' } });

const ListInput = Fields({
  ...Paging(10),
  flowId: Type.Optional(Integer('流程', { min: 1, max: MAX_ID })),
  userid: Type.Optional(Integer('发起人', { min: 1, max: MAX_ID })),
  start: Text('开始日期', 10),
  end: Text('结束日期', 10),
  status: Type.Optional(Integer('状态', { min: -1, max: 4 })),
  key: Text('关键词', 50),
});

const FlowFields = {
  name: RequiredText('流程名称', 50),
  category: Text('流程分类', 30),
  formMode: RequiredText('绑定表单', 50, { messages: { missing: '请选择绑定表单' } }),
  beizhu: Text('流程说明', 300),
  WorlFlowJson: Type.Optional(JsonValue('流程图')),
};

/** A designer save refused by validation: 400 with the faulty node's id for the designer to mark. */
async function flowSave<T>(reply: { code(n: number): unknown }, work: () => Promise<T>): Promise<unknown> {
  try {
    return await work();
  } catch (err) {
    if (err instanceof FlowProblem) {
      reply.code(400);
      return { ...failure(err.message), data: { nodeId: err.nodeId ?? '' } };
    }
    throw err;
  }
}

export function registerWorkflowRoutes(app: FastifyInstance, ctx: AppContext, resolve: ActorResolver): void {
  const list = (url: string, summary: string, kind: ListKind, right: string) =>
    defineRoute({
      method: 'POST',
      url,
      summary,
      tag: 'oa',
      access: can('oa', right),
      record: 'list',
      input: ListInput,
      reply: ApprovalListReply,
      handler: async ({ input, actor }) => approvalList(ctx, actor, kind, input),
    });

  mountRoutes(app, resolve, [
    // ------------------------------------------------------------ flows
    defineRoute({
      method: 'POST',
      url: '/api/flow/index',
      summary: '流程列表',
      tag: 'oa',
      access: anyOf(FLOW_PAGE, can('oa', 'flow/view/:id')),
      record: 'none',
      input: Fields({ ...Paging(20), key: Text('关键词', 50), status: Type.Optional(Flag('状态', undefined)), formMode: Text('绑定表单', 50) }),
      reply: FlowListReply,
      handler: async ({ input }) => listFlows(ctx, input),
    }),
    defineRoute({
      method: 'POST',
      url: '/api/flow/directory',
      summary: '流程设计器：角色与员工姓名（选择审批人、显示已选成员）',
      tag: 'oa',
      access: anyOf(FLOW_PAGE, can('oa', 'flow/view/:id')),
      record: 'none',
      input: Fields({}),
      reply: FlowDirectoryReply,
      handler: async () => success('获取成功', await flowDirectory(ctx)),
    }),
    defineRoute({
      method: 'POST',
      url: '/api/flow/options',
      summary: '流程名称列表（审批列表的流程筛选）',
      tag: 'oa',
      access: 'login',
      record: 'none',
      input: Fields({}),
      reply: FlowOptionsReply,
      handler: async () => success('获取成功', await flowOptions(ctx)),
    }),
    defineRoute({
      method: 'POST',
      url: '/api/flow/enabled',
      summary: '新建流程：启用的流程（按分类）及其绑定表单',
      tag: 'oa',
      access: can('oa', 'createApproval'),
      record: 'none',
      input: Fields({}),
      reply: EnabledFlowsReply,
      handler: async () => success('获取成功', await enabledFlows(ctx)),
    }),
    defineRoute({
      method: 'POST',
      url: '/api/flow/add',
      summary: '新建流程（校验流程图，生成版本1）',
      tag: 'oa',
      access: can('oa', 'flow:create'),
      record: 'none',
      input: Fields(FlowFields),
      reply: FlowAddReply,
      handler: async ({ input, actor, reply }) =>
        flowSave(reply, async () =>
          success('添加成功', {
            id: await addFlow(ctx, actor, {
              name: input.name,
              category: input.category,
              formMode: input.formMode,
              beizhu: input.beizhu,
              json: input.WorlFlowJson,
            }),
            clue: 3,
          }),
        ),
    }),
    defineRoute({
      method: 'POST',
      url: '/api/flow/Edit',
      summary: '保存流程（流程图改变时生成新版本，进行中的审批沿用原版本）',
      tag: 'oa',
      access: can('oa', 'flow:edit'),
      record: 'none',
      input: Fields({ id: Id('流程'), ...FlowFields }),
      reply: FlowEditReply,
      handler: async ({ input, actor, reply }) =>
        flowSave(reply, async () =>
          success('保存成功', {
            version: await editFlow(ctx, actor, input.id, {
              name: input.name,
              category: input.category,
              formMode: input.formMode,
              beizhu: input.beizhu,
              json: input.WorlFlowJson,
            }),
          }),
        ),
    }),
    defineRoute({
      method: 'POST',
      url: '/api/flow/detail',
      summary: '流程详情（data.WorlFlowJson；versionId 查看某个版本）',
      tag: 'oa',
      access: anyOf(FLOW_PAGE, can('oa', 'flow/view/:id')),
      record: 'none',
      input: Fields({ id: Id('流程'), versionId: Type.Optional(Integer('版本', { min: 1, max: MAX_ID })) }),
      reply: FlowDetailReply,
      handler: async ({ input }) => success('获取成功', await flowDetail(ctx, input.id, input.versionId)),
    }),
    defineRoute({
      method: 'POST',
      url: '/api/flow/changeStatus',
      summary: '启用或停用流程',
      tag: 'oa',
      access: can('oa', 'flow:edit'),
      record: 'none',
      input: Fields({ id: Id('流程'), status: Flag('状态', undefined, { messages: { missing: '请选择状态' } }) }),
      reply: Done,
      handler: async ({ input }) => {
        await changeFlowStatus(ctx, input.id, input.status);
        return success(input.status === 1 ? '已启用' : '已停用');
      },
    }),
    defineRoute({
      method: 'POST',
      url: '/api/flow/copy',
      summary: '复制流程（副本为停用状态）',
      tag: 'oa',
      access: can('oa', 'flow:create'),
      record: 'none',
      input: Fields({ id: Id('流程') }),
      reply: FlowCopyReply,
      handler: async ({ input, actor }) => success('复制成功', { id: await copyFlow(ctx, actor, input.id) }),
    }),
    defineRoute({
      method: 'POST',
      url: '/api/flow/delete',
      summary: '删除未使用过的流程',
      tag: 'oa',
      access: can('oa', 'flow:delete'),
      record: 'none',
      input: Fields({ ids: Ids('流程', 100, { messages: { missing: '请选择要删除的流程' } }) }),
      reply: Done,
      handler: async ({ input }) => {
        await deleteFlows(ctx, input.ids);
        return success('删除成功');
      },
    }),

    // ------------------------------------------------------------ lists
    list('/api/WorkFlow/todo', '待我审批', 'todo', 'approval/todo'),
    list('/api/WorkFlow/completed', '我已审批', 'completed', 'approval/approvaled'),
    list('/api/WorkFlow/myApproval', '我已审批（同 completed）', 'completed', 'approval/approvaled'),
    list('/api/WorkFlow/mySubmit', '我发起的', 'mySubmit', 'approval/mySubmit'),
    list('/api/WorkFlow/myCc', '抄送我的', 'myCc', 'approval/Cc'),
    list('/api/WorkFlow/sub', '下属审批（上级链与所负责部门的员工发起的）', 'sub', 'approval/sub'),
    list('/api/WorkFlow/all', '全部审批', 'all', 'approval/all'),
    defineRoute({
      method: 'POST',
      url: '/api/WorkFlowLog/Index',
      summary: '审批意见',
      tag: 'oa',
      access: can('oa', 'approval/logs'),
      record: 'list',
      input: ListInput,
      reply: CommentLogReply,
      handler: async ({ input, actor }) => commentLog(ctx, actor, input),
    }),
    defineRoute({
      method: 'POST',
      url: '/api/WorkFlow/statistics',
      summary: '审批统计（按流程、按审批人）',
      tag: 'oa',
      access: can('oa', 'approval/approval'),
      record: 'none',
      input: Fields({ start: Text('开始日期', 10), end: Text('结束日期', 10) }),
      reply: ApprovalStatisticsReply,
      handler: async ({ input }) => success('获取成功', await approvalStatistics(ctx, input)),
    }),

    // ------------------------------------------------------------ one instance
    defineRoute({
      method: 'POST',
      url: '/api/WorkFlow/detail',
      summary: '审批详情（审批面板：表单、流程图、步骤、日志、查阅情况、我的待办步骤）',
      tag: 'oa',
      access: 'login',
      record: approvalRead('taskid'),
      input: TaskId,
      reply: ApprovalDetailReply,
      handler: async ({ input, actor }) => success('获取成功', await approvalDetail(ctx, actor, input.taskid)),
    }),
    defineRoute({
      method: 'POST',
      url: '/api/WorkFlow/logs',
      summary: '审批日志（type=2 只看表单修改日志）',
      tag: 'oa',
      access: 'login',
      record: approvalRead('taskid'),
      input: Fields({ ...TaskId.properties, type: Type.Optional(Integer('类型', { min: 1, max: 2 })) }),
      reply: ApprovalLogsReply,
      handler: async ({ input, actor }) => approvalLogs(ctx, actor, input.taskid, input.type),
    }),
    defineRoute({
      method: 'POST',
      url: '/api/WorkFlow/loadRead',
      summary: '查阅情况（已查阅/未查阅及时间）',
      tag: 'oa',
      access: 'login',
      record: approvalRead('taskid'),
      input: TaskId,
      reply: ReadReceiptsReply,
      handler: async ({ input, actor }) => readReceiptList(ctx, actor, input.taskid),
    }),
    defineRoute({
      method: 'POST',
      url: '/api/WorkFlow/findStepsPassed',
      summary: '可退回的节点（本审批中已通过的上游节点及发起人）',
      tag: 'oa',
      access: 'login',
      record: [approvalRead('taskid'), approvalStepRead('stepid')],
      input: Fields({ ...TaskId.properties, stepid: Type.Optional(Integer('审批步骤', { min: 1, max: MAX_ID })) }),
      reply: ReturnTargetsReply,
      handler: async ({ input, actor }) => returnTargets(ctx, actor, input.taskid, input.stepid),
    }),
    defineRoute({
      method: 'POST',
      url: '/api/WorkFlow/getNodeConfig',
      summary: '节点配置（type：start 或 other；writeField 字段权限）',
      tag: 'oa',
      access: 'login',
      record: approvalRead('taskid'),
      input: Fields({ nodeid: RequiredText('节点', 50), taskid: Id('审批') }),
      reply: ApprovalNodeConfigReply,
      handler: async ({ input, actor }) => success('获取成功', await instanceNodeConfig(ctx, actor, input.taskid, input.nodeid)),
    }),
    defineRoute({
      method: 'POST',
      url: '/api/WorkFlow/receive',
      summary: '接收审批（待接收→已接收，记录查阅时间）',
      tag: 'oa',
      access: 'login',
      record: approvalStep('ids'),
      input: Fields({ ids: StepIds }),
      reply: ApprovalStatusReply,
      handler: async ({ input, actor }) => success('操作成功', { Status: await receive(ctx, actor, input.ids) }),
    }),
    defineRoute({
      method: 'POST',
      url: '/api/WorkFlow/Approved',
      summary: '同意（发起节点上为重新提交）',
      tag: 'oa',
      access: 'login',
      record: approvalStep('ids'),
      input: Fields({
        ids: StepIds,
        ext: TEXT('审批意见'),
        cc: CcField(),
        files: FilesField(),
        userid: Text('用户', 20),
        username: Text('用户名', 50),
        node_id: Text('节点', 50),
      }),
      reply: DecisionReply,
      handler: async ({ input, actor }) =>
        success('审批成功', await decide(ctx, actor, input.ids, { action: 'approve', ext: input.ext, cc: ccIds(input.cc), files: storedFiles(input.files) })),
    }),
    defineRoute({
      method: 'POST',
      url: '/api/WorkFlow/Refused',
      summary: '退回到已通过的节点（node_id），或不传 node_id 直接不通过',
      tag: 'oa',
      access: 'login',
      record: approvalStep('ids'),
      input: Fields({
        ids: StepIds,
        ext: TEXT('审批意见'),
        node_id: Text('退回节点', 50),
        cc: CcField(),
        files: FilesField(),
        userid: Text('用户', 20),
        username: Text('用户名', 50),
      }),
      reply: DecisionReply,
      handler: async ({ input, actor }) =>
        success(
          input.node_id !== '' ? '已退回' : '已拒绝',
          await decide(ctx, actor, input.ids, {
            action: input.node_id !== '' ? 'return' : 'refuse',
            nodeId: input.node_id,
            ext: input.ext,
            cc: ccIds(input.cc),
            files: storedFiles(input.files),
          }),
        ),
    }),
    defineRoute({
      method: 'POST',
      url: '/api/WorkFlow/Forward',
      summary: '转交给一位同事（不能是自己或离职人员）',
      tag: 'oa',
      access: 'login',
      record: approvalStep('ids'),
      input: Fields({
        ids: StepIds,
        userid: Type.Optional(JsonValue('转交人')),
        username: Text('转交人', 50),
        ext: TEXT('转交说明'),
        node_id: Text('节点', 50),
        cc: CcField(),
      }),
      reply: DecisionReply,
      handler: async ({ input, actor }) => success('转交成功', await forward(ctx, actor, input.ids, forwardTarget(input.userid), input.ext)),
    }),
    defineRoute({
      method: 'POST',
      url: '/api/WorkFlow/createComment',
      summary: '评论（≤300字，可附文件、抄送）',
      tag: 'oa',
      access: 'login',
      record: [approvalRead('taskid'), approvalStepRead('ids')],
      reply: Done,
      input: Fields({
        taskid: Type.Optional(Integer('审批', { min: 1, max: MAX_ID })),
        ids: Type.Optional(Ids('审批步骤', 1, { messages: { invalid: '审批格式不正确', tooMany: '审批格式不正确' } })),
        ext: TEXT('评论内容'),
        cc: CcField(),
        files: FilesField(),
        userid: Text('用户', 20),
        username: Text('用户名', 50),
        node_id: Text('节点', 50),
      }),
      handler: async ({ input, actor }) => {
        await comment(ctx, actor, await commentedTask(ctx, input.taskid, input.ids), input.ext, storedFiles(input.files), ccIds(input.cc));
        return success('评论成功');
      },
    }),
    defineRoute({
      method: 'POST',
      url: '/api/WorkFlow/addCc',
      summary: '抄送（发起人或审批人，每人最多5位）',
      tag: 'oa',
      access: 'login',
      record: approvalRead('taskid'),
      input: Fields({ ...TaskId.properties, cc: CcField() }),
      reply: Done,
      handler: async ({ input, actor }) => {
        await addCcByUser(ctx, actor, input.taskid, ccIds(input.cc));
        return success('抄送成功');
      },
    }),
    defineRoute({
      method: 'POST',
      url: '/api/WorkFlow/Revoke',
      summary: '撤回（发起人，审批进行中）',
      tag: 'oa',
      access: 'login',
      record: approvalRead('taskid'),
      input: TaskId,
      reply: ApprovalStatusReply,
      handler: async ({ input, actor }) => success('撤回成功', { Status: await revoke(ctx, actor, input.taskid) }),
    }),
    defineRoute({
      method: 'POST',
      url: '/api/WorkFlow/urge',
      summary: '催办（发起人，每个审批30分钟一次）',
      tag: 'oa',
      access: 'login',
      record: approvalRead('taskid'),
      input: TaskId,
      reply: UrgeReply,
      handler: async ({ input, actor }) => success('催办成功', { count: await urge(ctx, actor, input.taskid) }),
    }),
    defineRoute({
      method: 'POST',
      url: '/api/WorkFlow/editFormField',
      summary: '保存节点表单（只保存当前节点可编辑的字段）',
      tag: 'oa',
      access: 'login',
      record: approvalStep('stepid'),
      // The values of a form designed in the form designer: checked against the node's writable fields.
      input: Fields({ stepid: Id('审批步骤'), data: Type.Optional(JsonObject('表单数据')) }),
      reply: Done,
      handler: async ({ input, actor }) => {
        await editFormField(ctx, actor, input.stepid, input.data ?? {});
        return success('保存成功');
      },
    }),
    defineRoute({
      method: 'POST',
      url: '/api/WorkFlow/Approval',
      summary: '新建流程：提交工作表单记录到流程（抄送≤5；chosen 为发起人自选审批人）',
      tag: 'oa',
      access: can('oa', 'createApproval'),
      record: 'none',
      input: Fields({
        flowId: Id('流程', { messages: { missing: '请选择流程' } }),
        title: Text('标题', 100),
        // The values of a form designed in the form designer (checked against its fields), and the approvers the
        // submitter picked by node id (each a user id, a list of them or {userid}).
        data: Type.Optional(JsonObject('表单数据')),
        cc: CcField(),
        chosen: Type.Optional(JsonObject('审批人')),
      }),
      reply: ApprovalSubmitReply,
      handler: async ({ input, actor }) => {
        const id = await submitWorkForm(ctx, actor, input);
        return success('提交成功', { id, taskid: id });
      },
    }),
    defineRoute({
      method: 'POST',
      url: '/api/Approval/isCC',
      summary: '表单是否走审批（有启用的流程时可添加抄送）',
      tag: 'oa',
      access: 'login',
      record: 'none',
      input: Fields({ formName: RequiredText('表单', 50) }),
      reply: FormApprovalFlowReply,
      handler: async ({ input }) => success('获取成功', await approvalFlowOfForm(ctx, input.formName)),
    }),
  ]);
}
