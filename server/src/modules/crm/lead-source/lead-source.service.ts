import type { LeadSourceOption } from '@portal/shared-contract';
import type { AppContext } from '../../../app-context';

/** 客户来源 for selects, in their set order. */
export async function leadSourceOptions(ctx: AppContext): Promise<LeadSourceOption[]> {
  return ctx.db.selectFrom('lead_sources').select(['id', 'name']).orderBy('sort_order').orderBy('id').execute();
}
