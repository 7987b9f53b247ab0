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
