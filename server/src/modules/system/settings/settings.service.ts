/**
 * Basic settings (系统设置 › 基础设置): company name and logo, public-pool rules, numbering rules,
 * login security and the upload size. Each group is one row of `settings` (key → JSON); a group
 * never written reads as its defaults, so every installation has complete, typed settings. Every
 * change is logged in `settings_log` with who and when, in the same transaction.
 *
 * Other areas read them through `readSettings(db)` (the pool rules, the password rules) and number
 * their records with `nextNumber(db, kind)`.
 */
import { sql } from 'kysely';
import type { DbOrTx } from '../../../db/database';
import { shanghaiDateStamp } from '../../../lib/time';

export type CompanySettings = { companyName: string; companyLogo: string };

/** Public-pool rules (enforced by the pool: issue of the customers area). */
export type PoolSettings = {
  /** A customer without a follow-up for N days goes back to the pool. */
  poolNoFollowupDays: number;
  /** A customer without a deal for M days goes back to the pool. */
  poolNoDealDays: number;
  /** The owner is warned K days before. */
  poolWarningDays: number;
  /** Customers one person may claim from the pool per day. */
  claimLimitPerDay: number;
  /** The previous owner may claim a customer back only after P days. */
  reclaimWaitDays: number;
  /** Customers one person may own at most. */
  ownershipCap: number;
  /** Whether dealt customers count towards the cap. */
  capCountsDealt: boolean;
  /**
   * Per 客户级别 (dictionary kehu_level value → days): that level's own no-follow-up recycle days.
   * A level not listed uses `poolNoFollowupDays`; its no-deal days stay `poolNoDealDays`.
   */
  poolLevelDays: Record<string, number>;
};

/** Bounds of a level's own recycle days (positive: 0 would recycle at once). */
export const LEVEL_DAYS_MAX = 3650;

export const NUMBER_KINDS = ['customer', 'contract', 'entry', 'baoxiao'] as const;
export type NumberKind = (typeof NUMBER_KINDS)[number];
export const NUMBER_KIND_NAMES: Readonly<Record<NumberKind, string>> = { customer: '客户编号', contract: '合同编号', entry: '进件编号', baoxiao: '报销单号' };

/** prefix + Shanghai date (yyyyMMdd, or none) + a sequence of `digits` that restarts every day. */
export type NumberingRule = { prefix: string; withDate: boolean; digits: number };

export type SecuritySettings = {
  passwordMinLength: number;
  /** How many of the classes (lower case, upper case, digits, other characters) a password needs. */
  passwordClasses: number;
  /** Failed logins of one account from one IP before it is locked for 15 minutes. */
  loginFailLimit: number;
  /** Hours a login lasts. */
  sessionHours: number;
};

export type UploadSettings = { uploadMaxMb: number };

export type Settings = CompanySettings &
  PoolSettings &
  SecuritySettings &
  UploadSettings & {
    numbering: Record<NumberKind, NumberingRule>;
  };

export const SETTINGS_DEFAULTS: Settings = {
  companyName: '销售门户',
  companyLogo: '',
  poolNoFollowupDays: 30,
  poolNoDealDays: 90,
  poolWarningDays: 3,
  claimLimitPerDay: 10,
  reclaimWaitDays: 7,
  ownershipCap: 200,
  capCountsDealt: false,
  poolLevelDays: {},
  passwordMinLength: 6,
  passwordClasses: 1,
  loginFailLimit: 5,
  sessionHours: 12,
  uploadMaxMb: 20,
  numbering: {
    customer: { prefix: 'KH', withDate: true, digits: 4 },
    contract: { prefix: 'HT', withDate: true, digits: 4 },
    entry: { prefix: 'JJ', withDate: true, digits: 4 },
    baoxiao: { prefix: 'BX', withDate: true, digits: 4 },
  },
};

/** The groups as stored: one row each. */
export const SETTING_GROUPS = ['company', 'pool', 'numbering', 'security', 'upload'] as const;
export type SettingGroup = (typeof SETTING_GROUPS)[number];

const GROUP_KEYS: Readonly<Record<Exclude<SettingGroup, 'numbering'>, readonly (keyof Settings)[]>> = {
  company: ['companyName', 'companyLogo'],
  pool: ['poolNoFollowupDays', 'poolNoDealDays', 'poolWarningDays', 'claimLimitPerDay', 'reclaimWaitDays', 'ownershipCap', 'capCountsDealt', 'poolLevelDays'],
  security: ['passwordMinLength', 'passwordClasses', 'loginFailLimit', 'sessionHours'],
  upload: ['uploadMaxMb'],
};

function parseJson(text: string): Record<string, unknown> {
  try {
    const v: unknown = JSON.parse(text);
    return typeof v === 'object' && v !== null && !Array.isArray(v) ? (v as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

/** Keeps a stored value only when it has the default's type (a stored file cannot break a reader). */
function sameType<T>(fallback: T, value: unknown): T {
  return typeof value === typeof fallback && value !== null ? (value as T) : fallback;
}

/** Keeps only the well-formed entries of stored per-level days (level → integer 1…LEVEL_DAYS_MAX). */
function levelDays(value: unknown): Record<string, number> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return {};
  const out: Record<string, number> = {};
  for (const [level, days] of Object.entries(value as Record<string, unknown>)) {
    if (typeof days === 'number' && Number.isInteger(days) && days >= 1 && days <= LEVEL_DAYS_MAX) out[level] = days;
  }
  return out;
}

/**
 * The settings, every value typed and defaulted. Cheap: one read of five rows. `defaults` replaces
 * defaults that come from the configuration (the session lifetime of SESSION_TTL_HOURS).
 */
export async function readSettings(db: DbOrTx, defaults: Partial<Settings> = {}): Promise<Settings> {
  const rows = await db.selectFrom('settings').select(['key', 'value']).execute();
  const stored = new Map(rows.map((r) => [r.key, parseJson(r.value)]));
  const out: Settings = { ...SETTINGS_DEFAULTS, ...defaults, numbering: { ...SETTINGS_DEFAULTS.numbering } };
  const target = out as unknown as Record<string, unknown>;
  for (const [group, keys] of Object.entries(GROUP_KEYS)) {
    const values = stored.get(group) ?? {};
    for (const key of keys) target[key] = sameType(out[key], values[key]);
  }
  out.poolLevelDays = levelDays(out.poolLevelDays);
  const numbering = stored.get('numbering') ?? {};
  for (const kind of NUMBER_KINDS) {
    const rule = numbering[kind];
    if (typeof rule !== 'object' || rule === null) continue;
    const r = rule as Record<string, unknown>;
    const d = SETTINGS_DEFAULTS.numbering[kind];
    out.numbering[kind] = { prefix: sameType(d.prefix, r.prefix), withDate: sameType(d.withDate, r.withDate), digits: sameType(d.digits, r.digits) };
  }
  return out;
}

/** The stored JSON of one group taken from complete settings. */
export function groupValue(settings: Settings, group: SettingGroup): Record<string, unknown> {
  if (group === 'numbering') return { ...settings.numbering };
  return Object.fromEntries(GROUP_KEYS[group].map((k) => [k, settings[k]]));
}

/**
 * Writes one group (already validated) and logs the change, in the caller's transaction. Returns
 * false when nothing changed (nothing is logged then).
 */
export async function writeSettingGroup(tx: DbOrTx, group: SettingGroup, value: Record<string, unknown>, userId: number, at: Date): Promise<boolean> {
  const before = groupValue(await readSettings(tx), group);
  const oldText = JSON.stringify(before);
  const newText = JSON.stringify({ ...before, ...value });
  if (oldText === newText) return false;
  const now = at.toISOString();
  await tx
    .insertInto('settings')
    .values({ key: group, value: newText, updated_at: now, updated_by: userId })
    .onConflict((oc) => oc.column('key').doUpdateSet({ value: newText, updated_at: now, updated_by: userId }))
    .execute();
  await tx.insertInto('settings_log').values({ key: group, old_value: oldText, new_value: newText, user_id: userId, created_at: now }).execute();
  return true;
}

/**
 * The next number of a kind by its rule, e.g. `KH202611240001`: one atomic upsert per call, so
 * simultaneous callers (several processes included) never get the same number. The sequence restarts
 * every Shanghai day when the rule shows the date, and runs on otherwise.
 */
export async function nextNumber(db: DbOrTx, kind: NumberKind, at: Date = new Date()): Promise<string> {
  const rule = (await readSettings(db)).numbering[kind];
  const stamp = shanghaiDateStamp(at);
  const day = rule.withDate ? stamp : '-';
  const row = await db
    .insertInto('number_sequences')
    .values({ kind, day, last_value: 1 })
    .onConflict((oc) => oc.columns(['kind', 'day']).doUpdateSet({ last_value: sql<number>`number_sequences.last_value + 1` }))
    .returning('last_value')
    .executeTakeFirstOrThrow();
  return `${rule.prefix}${rule.withDate ? stamp : ''}${String(row.last_value).padStart(rule.digits, '0')}`;
}

const PASSWORD_CLASSES = [/[a-z]/, /[A-Z]/, /[0-9]/, /[^A-Za-z0-9]/];

/** The password rule's complaint about `password`, or undefined when it passes (max 32 characters always). */
export function passwordProblem(settings: SecuritySettings, password: string, label = '密码'): string | undefined {
  if (password.length < settings.passwordMinLength || password.length > 32) return `${label}长度必须为${settings.passwordMinLength}到32个字符`;
  const classes = PASSWORD_CLASSES.filter((re) => re.test(password)).length;
  if (classes < settings.passwordClasses) return `${label}至少要包含小写字母、大写字母、数字、其他字符中的${settings.passwordClasses}类`;
  return undefined;
}
