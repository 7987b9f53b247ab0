import { LoginRecordListReply } from '@portal/shared-contract';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../../app-context';
import type { ActorResolver } from '../../../http/auth';
import { Type } from '@sinclair/typebox';
import { Fields, Flag, Integer, MAX_ID, Paging, Text } from '../../../http/input-fields';
import { defineRoute, mountRoutes } from '../../../http/route';
import { loginRecords } from './login-records';

const DATE = '^(\\d{4}-\\d{2}-\\d{2})?$';

export function registerLoginLogRoutes(app: FastifyInstance, ctx: AppContext, resolve: ActorResolver): void {
  mountRoutes(app, resolve, [
    defineRoute({
      method: 'POST',
      url: '/api/user/getloglos',
      summary: '登录记录：自己的；持有 system Loglos 权限者看其数据范围内的（全部、本部门及下级、本部门或本人）；按员工、部门、日期、结果筛选',
      tag: 'system',
      access: 'login',
      record: 'self',
      input: Fields({
        ...Paging(20),
        userId: Integer('员工', { min: 0, max: MAX_ID, fallback: 0 }),
        BranchID: Integer('部门', { min: 0, max: MAX_ID, fallback: 0 }),
        start: Text('开始日期', 10, { pattern: DATE }),
        end: Text('结束日期', 10, { pattern: DATE }),
        success: Type.Optional(Flag('登录结果', undefined)),
      }),
      reply: LoginRecordListReply,
      handler: async ({ input, actor }) => loginRecords(ctx, actor, input),
    }),
  ]);
}
