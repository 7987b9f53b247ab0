import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../../app-context';
import { guarded, type ActorResolver } from '../../../http/auth';
import { apiPath } from '../../../http/url';

export type LeadSourceOption = { id: number; name: string };

export function registerLeadSourceRoutes(app: FastifyInstance, ctx: AppContext, resolve: ActorResolver): void {
  /** Lead sources as a bare list for selects. */
  app.post(apiPath('/api/UserSet/GetLaiyaun'), { preHandler: guarded(resolve) }, async (): Promise<LeadSourceOption[]> => {
    return ctx.db.selectFrom('lead_sources').select(['id', 'name']).orderBy('sort_order').orderBy('id').execute();
  });
}
