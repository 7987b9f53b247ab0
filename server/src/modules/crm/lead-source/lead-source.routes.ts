import { LeadSourceListReply } from '@portal/shared-contract';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../../app-context';
import type { ActorResolver } from '../../../http/auth';
import { Fields } from '../../../http/input-fields';
import { defineRoute, mountRoutes } from '../../../http/route';
import { leadSourceOptions } from './lead-source.service';

export function registerLeadSourceRoutes(app: FastifyInstance, ctx: AppContext, resolve: ActorResolver): void {
  mountRoutes(app, resolve, [
    defineRoute({
      method: 'POST',
      url: '/api/UserSet/GetLaiyaun',
      summary: '客户来源列表（下拉选择用）',
      tag: 'crm',
      access: 'login',
      record: 'none',
      input: Fields({}),
      reply: LeadSourceListReply,
      handler: async () => leadSourceOptions(ctx),
    }),
  ]);
}
