/**
 * The pool rules as 系统设置 › 基础设置 stores them. POOL_RECYCLE_DAYS and POOL_WARN_DAYS (the
 * configuration) are the defaults until an administrator saves the pool settings.
 */
import { readSettings } from '../../system/settings/settings.service';
import { DEFAULT_POOL_RULES, type PoolRulesSource } from './pool-rules';

export function poolRulesFromSettings(configDefaults: { noFollowupDays: number; warningDays: number }): PoolRulesSource {
  return async (db) => {
    const s = await readSettings(db, { poolNoFollowupDays: configDefaults.noFollowupDays, poolWarningDays: configDefaults.warningDays });
    return {
      ...DEFAULT_POOL_RULES,
      noFollowupDays: s.poolNoFollowupDays,
      noDealDays: s.poolNoDealDays,
      warningDays: s.poolWarningDays,
      claimLimitPerDay: s.claimLimitPerDay,
      reclaimWaitDays: s.reclaimWaitDays,
      ownershipCap: s.ownershipCap,
      capCountsDealt: s.capCountsDealt,
      // A level's own no-follow-up days (基础设置); its no-deal days stay the general ones.
      levelRecycleDays: Object.fromEntries(
        Object.entries(s.poolLevelDays).map(([level, days]) => [level, { noFollowupDays: days, noDealDays: s.poolNoDealDays }]),
      ),
    };
  };
}
