import type { DbOrTx } from '../../../db/database';

/**
 * The public-pool rules (guides/public-pool-rules.md) the server enforces: recycling, claiming,
 * ownership caps. Defaults until system → basic settings own them: the integrator points
 * `setPoolRulesSource` at `readSettings(db)` (system issue); tests inject their own.
 */
export type PoolRules = {
  /** No follow-up for this many days (since the last follow-up, or since the owner got it) → back to the pool. */
  noFollowupDays: number;
  /** No deal this many days after the owner got it → back to the pool. */
  noDealDays: number;
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

export const DEFAULT_POOL_RULES: Readonly<PoolRules> = {
  noFollowupDays: 30,
  noDealDays: 90,
  warningDays: 3,
  claimLimitPerDay: 10,
  reclaimWaitDays: 7,
  ownershipCap: 200,
  capCountsDealt: false,
};

export type PoolRulesSource = (db: DbOrTx) => Promise<PoolRules>;

let defaults: PoolRules = { ...DEFAULT_POOL_RULES };
let source: PoolRulesSource | null = null;

/** Where the rules come from (the settings module, or a test's fixed rules). */
export function setPoolRulesSource(next: PoolRulesSource): void {
  source = next;
}

/** The defaults used while no source is set: the app passes POOL_RECYCLE_DAYS / POOL_WARN_DAYS here. */
export function setPoolRuleDefaults(partial: Partial<PoolRules>): void {
  defaults = { ...DEFAULT_POOL_RULES, ...partial };
}

export function poolRules(db: DbOrTx): Promise<PoolRules> {
  return source ? source(db) : Promise.resolve({ ...defaults });
}
