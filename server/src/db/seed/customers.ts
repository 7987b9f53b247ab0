import type { Insertable } from 'kysely';
import type { CustomerTable } from '../schema';
import { company, mobile, personName } from './chinese-data';
import type { Rng } from './prng';

export type OwnerRef = { id: number; branchId: number | null };

/** Every column a seeded customer sets (list_tokens: PostgreSQL's triggers keep it; name_key: the database's). */
export type CustomerRecord = Required<Omit<Insertable<CustomerTable>, 'id' | 'list_tokens' | 'name_key'>>;

const DAY = 86400_000;

/** Why demo pool customers are there (what the recycle job and the owners write). */
export const POOL_REASONS = [
  '超过30天未跟进，系统自动收回',
  '超过90天未成交，系统自动收回',
  '客户暂无需求，放入公海',
  '联系不上，放入公海',
  '负责人离职，放入公海',
];

/** One realistic customer created within the last year, owned by one of `owners` (or in the pool). */
export function generateCustomer(rng: Rng, owners: readonly OwnerRef[], leadSourceIds: readonly number[], nowMs: number, poolShare = 0.05): CustomerRecord {
  const profile = company(rng);
  const inPool = rng.chance(poolShare);
  const owner = inPool ? undefined : rng.pick(owners);
  const created = nowMs - rng.int(0, 365 * DAY);
  const updated = Math.min(nowMs, created + rng.int(0, 60 * DAY));
  const followed = rng.chance(0.7) ? Math.min(nowMs, created + rng.int(0, 90 * DAY)) : 0;
  const next = rng.chance(0.4) ? nowMs + rng.int(-10 * DAY, 30 * DAY) : 0;
  return {
    code: null,
    customer_name: profile.name,
    contact_name: personName(rng),
    contact_mobile: mobile(rng),
    lai_yuan: rng.pick(leadSourceIds),
    level: rng.pick(['A', 'B', 'B', 'C', 'C', '']),
    industry: profile.industry,
    address: profile.address,
    beizhu: rng.chance(0.3) ? rng.pick(['重点客户，年底前争取签约', '老客户转介绍', '需求明确，预算充足', '价格敏感，需要申请折扣', '对售后服务要求较高']) : '',
    owner_id: owner?.id ?? null,
    branch_id: owner?.branchId ?? null,
    created_by: owner?.id ?? null,
    created_at: new Date(created).toISOString(),
    updated_at: new Date(Math.max(updated, followed)).toISOString(),
    genjin_time: followed ? new Date(followed).toISOString() : '',
    next_genjin_time: next ? new Date(next).toISOString() : '',
    clue: rng.chance(0.2) ? 2 : 1,
    gonghai: inPool ? 1 : 0,
    is_top: rng.chance(0.03) ? 1 : 0,
    watch_user_id: null,
    blacklisted: 0,
    black_reason: '',
    // Derived from the creation time, not drawn: the generator's random sequence stays what it was.
    pool_reason: inPool ? POOL_REASONS[created % POOL_REASONS.length] : '',
    pool_at: inPool ? new Date(Math.min(nowMs, created + (created % 120) * DAY)).toISOString() : '',
    previous_owner_id: inPool ? owners[created % owners.length].id : null,
    owned_at: owner ? new Date(created).toISOString() : '',
    locked: 0,
    close_reason: '',
    merged_into: null,
    // Next follow-up times already past count as reminded: a fresh seed sends no backlog of reminders.
    next_genjin_reminded: next && next <= nowMs ? new Date(next).toISOString() : '',
    pool_id: null,
  };
}
