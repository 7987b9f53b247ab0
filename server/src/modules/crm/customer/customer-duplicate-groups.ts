import { sql, type SqlBool } from 'kysely';
import type { AppContext } from '../../../app-context';
import type { ListReply } from '../../../http/envelope';
import { formatShanghai } from '../../../lib/time';
import type { Actor } from '../../auth/session/actor';
import { loadBranchIndex } from '../../system/branch/branch-index';
import { CUSTOMER_SCOPE, dataScope } from '../../shared/data-scope';

export type DuplicateGroup = { mobile: string; count: number; customers: { id: number; CustomerName: string; UserName: string; AddTime: string }[] };

/** Customers within the actor's scope sharing a primary mobile, grouped (the merge page's candidates). */
export async function duplicateGroups(ctx: AppContext, actor: Actor, page: number, rows: number): Promise<ListReply<DuplicateGroup>> {
  const branches = await loadBranchIndex(ctx.db);
  const scoped = ctx.db
    .selectFrom('customers as c')
    .where('c.merged_into', 'is', null)
    .where('c.contact_mobile', '<>', '')
    .where(sql<SqlBool>`(c.gonghai = 1 or ${dataScope(CUSTOMER_SCOPE, actor, 'all', branches)})`);
  const groups = scoped
    .select(['c.contact_mobile', (eb) => eb.fn.countAll<number>().as('n')])
    .groupBy('c.contact_mobile')
    .having((eb) => eb.fn.countAll(), '>', 1);
  const total = Number(
    (
      await ctx.db
        .selectFrom(groups.as('g'))
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );
  const pageGroups = await groups
    .orderBy('c.contact_mobile')
    .limit(rows)
    .offset((page - 1) * rows)
    .execute();
  if (pageGroups.length === 0) return { rows: [], total };
  const members = await scoped
    .leftJoin('users as u', 'u.id', 'c.owner_id')
    .select(['c.id', 'c.customer_name', 'c.contact_mobile', 'c.created_at', 'u.nick_name'])
    .where(
      'c.contact_mobile',
      'in',
      pageGroups.map((g) => g.contact_mobile),
    )
    .orderBy('c.id')
    .execute();
  return {
    total,
    rows: pageGroups.map((g) => {
      const customers = members
        .filter((m) => m.contact_mobile === g.contact_mobile)
        .map((m) => ({ id: m.id, CustomerName: m.customer_name, UserName: m.nick_name ?? '', AddTime: formatShanghai(m.created_at) }));
      return { mobile: g.contact_mobile, count: customers.length, customers };
    }),
  };
}
