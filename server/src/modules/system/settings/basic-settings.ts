/**
 * 基础设置 (system `basic`): the page's read (with the number kinds and the 客户级别 values), the
 * company's name and logo for everyone, saving one group (with its checks), the change log.
 */
import type { CompanyBrand, SettingsLogRow, SettingsPage } from '@portal/shared-contract';
import type { AppContext } from '../../../app-context';
import type { DbOrTx } from '../../../db/database';
import { transact } from '../../../db/transact';
import type { ListReply } from '../../../http/envelope';
import { badRequest } from '../../../http/errors';
import { formatShanghai } from '../../../lib/time';
import type { Actor } from '../../auth/session/actor';
import { dictionaryOptions } from '../dictionary/dictionary.service';
import { LEVEL_DAYS_MAX, NUMBER_KIND_NAMES, NUMBER_KINDS, readSettings, writeSettingGroup, type SettingGroup } from './settings.service';

export const GROUP_NAMES: Readonly<Record<SettingGroup, string>> = {
  company: '公司信息',
  pool: '公海规则',
  numbering: '编号规则',
  security: '登录安全',
  upload: '上传设置',
};

/** The 客户级别 dictionary (kehu_level) whose values may have their own recycle days. */
const LEVEL_DICTIONARY = 'kehu_level';

/**
 * Checks the per-level recycle days the pool card sends (level → days; empty or null =
 * the general rule): every level a value of the 客户级别 dictionary, every day count an integer
 * 1…LEVEL_DAYS_MAX. Returns the entries to store.
 */
async function checkLevelDays(db: DbOrTx, raw: Record<string, unknown>): Promise<Record<string, number>> {
  const known = new Set((await dictionaryOptions(db, LEVEL_DICTIONARY)).map((o) => o.value));
  const out: Record<string, number> = {};
  for (const [level, value] of Object.entries(raw)) {
    if (!known.has(level)) throw badRequest(`客户级别“${level}”不存在，请先在数据字典的客户级别中添加`);
    if (value === null || value === undefined || (typeof value === 'string' && value.trim() === '')) continue;
    const days = typeof value === 'number' ? value : typeof value === 'string' && /^\s*\d+\s*$/.test(value) ? Number(value) : Number.NaN;
    if (!Number.isInteger(days) || days < 1 || days > LEVEL_DAYS_MAX) throw badRequest(`客户级别${level}的未跟进回收天数必须是1到${LEVEL_DAYS_MAX}之间的整数`);
    out[level] = days;
  }
  return out;
}

/** Everything the 基础设置 page shows. */
export async function settingsPage(ctx: AppContext): Promise<SettingsPage> {
  return {
    ...(await readSettings(ctx.db, { sessionHours: ctx.config.sessionTtlHours, uploadMaxMb: Math.floor(ctx.config.uploadMaxBytes / 1048576) })),
    numberKinds: NUMBER_KINDS.map((k) => ({ key: k, name: NUMBER_KIND_NAMES[k] })),
    uploadLimitMb: Math.floor(ctx.config.uploadMaxBytes / 1048576),
    // The 客户级别 values the pool card offers per-level recycle days for.
    poolLevels: (await dictionaryOptions(ctx.db, LEVEL_DICTIONARY)).map((o) => ({ value: o.value, name: o.name })),
  };
}

/** The company's name and logo (the top bar's). */
export async function companyBrand(ctx: AppContext): Promise<CompanyBrand> {
  const s = await readSettings(ctx.db);
  return { companyName: s.companyName, companyLogo: s.companyLogo };
}

/** The reply's row is the contract's. */
export type { SettingsLogRow };

/** Who changed which group when, newest first. */
export async function settingsLog(ctx: AppContext, page: number, rows: number): Promise<ListReply<SettingsLogRow>> {
  const base = ctx.db.selectFrom('settings_log as l');
  const { n } = await base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  const list = await base
    .leftJoin('users as u', 'u.id', 'l.user_id')
    .select(['l.id', 'l.key', 'l.old_value', 'l.new_value', 'l.created_at', 'u.nick_name'])
    .orderBy('l.created_at', 'desc')
    .orderBy('l.id', 'desc')
    .limit(rows)
    .offset((page - 1) * rows)
    .execute();
  return {
    rows: list.map((r) => ({
      id: r.id,
      group: GROUP_NAMES[r.key as SettingGroup] ?? r.key,
      oldValue: r.old_value,
      newValue: r.new_value,
      UserName: r.nick_name ?? '',
      AddTime: formatShanghai(r.created_at),
    })),
    total: Number(n),
  };
}

/**
 * Saves one group (logged with the actor and time); true when something changed. The company's logo
 * must be an uploaded logo picture; the pool's per-level days replace the stored map when sent; a
 * numbering rule is merged into the others.
 */
export async function saveSettingGroup(ctx: AppContext, actor: Actor, group: SettingGroup, submitted: Record<string, unknown>): Promise<boolean> {
  return transact(ctx, async (tx) => {
    const value = { ...submitted };
    if (group === 'company' && value.companyLogo) {
      // An uploaded logo picture (picType 'logo'), which every logged-in user may see.
      const logo = await tx
        .selectFrom('files')
        .select('id')
        .where('url', '=', String(value.companyLogo))
        .where('pic_type', '=', 'logo')
        .where('is_image', '=', 1)
        .executeTakeFirst();
      if (!logo) throw badRequest('公司标志图片不存在，请先上传');
    }
    // Per-level days: absent keeps what is stored; sent, it replaces the whole map.
    if (group === 'pool') {
      if (value.poolLevelDays === undefined) delete value.poolLevelDays;
      else value.poolLevelDays = await checkLevelDays(tx, value.poolLevelDays as Record<string, unknown>);
    }
    if (group === 'numbering') {
      const current = (await readSettings(tx)).numbering;
      return writeSettingGroup(tx, group, { ...current, ...value }, actor.userId, ctx.clock());
    }
    return writeSettingGroup(tx, group, value, actor.userId, ctx.clock());
  });
}
