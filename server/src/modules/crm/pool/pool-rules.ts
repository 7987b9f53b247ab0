import { sql, type RawBuilder, type SqlBool } from 'kysely';
import type { DbOrTx } from '../../../db/database';

/**
 * The public-pool rules (guides/public-pool-rules.md) the server enforces: recycling, claiming,
 * ownership caps. An administrator sets them in 系统设置 › 基础设置 (read on every use, so a change
 * applies at once); tests may fix their own with `setPoolRulesSource`.
 */
export type PoolRules = {
  /** No follow-up for this many days (since the last follow-up, or since the owner got it) → back to the pool. */
  noFollowupDays: number;
  /** No deal this many days after the owner got it → back to the pool. */
  noDealDays: number;
  /**
   * Per 客户级别 (customers.level, e.g. 'A'): its own N / M days. Levels not listed (and '') use
   * `noFollowupDays` / `noDealDays` above. Default: none listed, so every level recycles alike until
   * system settings say otherwise (e.g. `{ A: { noFollowupDays: 60, noDealDays: 180 }, B: { 45, 120 } }`).
   */
  levelRecycleDays: Readonly<Record<string, RecycleDays>>;
  /**
   * Customers whose contracts have all ended more than this many days ago, with no follow-up since the
   * last end, go back to the pool (reason 合同到期…); 0 turns the rule off. Default 90.
   */
  contractEndedDays: number;
  /** Owners are warned this many days ahead; also the 即将进入公海 window. */
  warningDays: number;
  /** Claims (领取) per person per Shanghai day. */
  claimLimitPerDay: number;
  /** The previous owner may not reclaim a customer for this many days after it entered the pool. */
  reclaimWaitDays: number;
  /** Customers one person may own (outside the pool). */
  ownershipCap: number;
  /** Whether customers with a deal (clue 2) count toward the cap. */
  capCountsDealt: boolean;
};

export type RecycleDays = { noFollowupDays: number; noDealDays: number };

export const DEFAULT_POOL_RULES: Readonly<PoolRules> = {
  noFollowupDays: 30,
  noDealDays: 90,
  levelRecycleDays: {},
  contractEndedDays: 90,
  warningDays: 3,
  claimLimitPerDay: 10,
  reclaimWaitDays: 7,
  ownershipCap: 200,
  capCountsDealt: false,
};

export type PoolRulesSource = (db: DbOrTx) => Promise<PoolRules>;

let override: PoolRulesSource | null = null;
let settingsSource: PoolRulesSource | null = null;

/** A fixed source that wins over the settings (tests that need other rules). */
export function setPoolRulesSource(next: PoolRulesSource | null): void {
  override = next;
}

/** Where the app reads the rules from: 系统设置 › 基础设置 (see pool-rules-settings.ts). */
export function setSettingsPoolRulesSource(next: PoolRulesSource): void {
  settingsSource = next;
}

/** The rules in force: a test's override, else the settings, else the defaults. */
export function poolRules(db: DbOrTx): Promise<PoolRules> {
  const source = override ?? settingsSource;
  return source ? source(db) : Promise.resolve({ ...DEFAULT_POOL_RULES });
}

/** The N / M days that apply to a customer of this level. */
export function recycleDaysFor(rules: PoolRules, level: string): RecycleDays {
  return rules.levelRecycleDays[level] ?? { noFollowupDays: rules.noFollowupDays, noDealDays: rules.noDealDays };
}

/**
 * The levels grouped by their N / M days: a few tiers, each `levels` (listed levels) or, for the
 * default tier, `except` (every level listed elsewhere). Queries run one index-served window per tier.
 */
export type RecycleTier = RecycleDays & ({ levels: string[]; except?: undefined } | { levels?: undefined; except: string[] });

export function recycleTiers(rules: PoolRules): RecycleTier[] {
  const fallback: RecycleDays = { noFollowupDays: rules.noFollowupDays, noDealDays: rules.noDealDays };
  const groups = new Map<string, RecycleDays & { levels: string[] }>();
  const except: string[] = [];
  for (const [level, days] of Object.entries(rules.levelRecycleDays)) {
    if (days.noFollowupDays === fallback.noFollowupDays && days.noDealDays === fallback.noDealDays) continue;
    except.push(level);
    const key = `${days.noFollowupDays}/${days.noDealDays}`;
    const group = groups.get(key) ?? { ...days, levels: [] };
    group.levels.push(level);
    groups.set(key, group);
  }
  return [{ ...fallback, except }, ...groups.values()];
}

/** SQL: the customer's level (column `ref`, e.g. 'c.level') belongs to the tier. */
export function tierLevelSql(tier: RecycleTier, ref: string): RawBuilder<SqlBool> {
  if (tier.levels) return sql<SqlBool>`${sql.ref(ref)} in (${sql.join(tier.levels)})`;
  return tier.except.length === 0 ? sql<SqlBool>`1 = 1` : sql<SqlBool>`${sql.ref(ref)} not in (${sql.join(tier.except)})`;
}
