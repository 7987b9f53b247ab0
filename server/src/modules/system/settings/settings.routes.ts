import { Type, type TObject } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../../app-context';
import { transact } from '../../../db/transact';
import { can, type ActorResolver } from '../../../http/auth';
import { success } from '../../../http/envelope';
import { badRequest } from '../../../http/errors';
import { Fields, Flag, Integer, JsonObject, OneOf, Paging, RequiredText, Text } from '../../../http/input-fields';
import { defineRoute, mountRoutes, type Route } from '../../../http/route';
import { formatShanghai } from '../../../lib/time';
import type { DbOrTx } from '../../../db/database';
import { dictionaryOptions } from '../dictionary/dictionary.service';
import { LEVEL_DAYS_MAX, NUMBER_KIND_NAMES, NUMBER_KINDS, readSettings, writeSettingGroup, type SettingGroup } from './settings.service';

const GROUP_NAMES: Readonly<Record<SettingGroup, string>> = { company: '公司信息', pool: '公海规则', numbering: '编号规则', security: '登录安全', upload: '上传设置' };

const days = (label: string, max: number) => Integer(label, { min: 0, max }, { messages: { invalid: `${label}必须是0到${max}之间的整数`, missing: `${label}不能为空` } });

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

/** 基础设置 (system `basic`): read everything, save one group at a time (basic:edit), the change log. */
export function registerSettingsRoutes(app: FastifyInstance, ctx: AppContext, resolve: ActorResolver): void {
  const save = <S extends TObject>(group: SettingGroup, url: string, input: S, toValue: (input: Record<string, unknown>) => Record<string, unknown>): Route =>
    defineRoute({
      method: 'POST',
      url,
      summary: `保存基础设置：${GROUP_NAMES[group]}（记录修改人和时间）`,
      tag: 'system',
      access: can('system', 'basic:edit'),
      record: 'none',
      input,
      handler: async ({ input: values, actor }) => {
        const changed = await transact(ctx, async (tx) => {
          const value = toValue(values as Record<string, unknown>);
          if (group === 'company' && value.companyLogo) {
            // An uploaded logo picture (picType 'logo'), which every logged-in user may see.
            const logo = await tx.selectFrom('files').select('id').where('url', '=', String(value.companyLogo)).where('pic_type', '=', 'logo').where('is_image', '=', 1).executeTakeFirst();
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
        return success(changed ? '保存成功' : '没有修改');
      },
    });

  mountRoutes(app, resolve, [
    defineRoute({
      method: 'POST',
      url: '/api/setting/index',
      summary: '基础设置：公司信息、公海规则、编号规则、登录安全、上传大小',
      tag: 'system',
      access: can('system', 'basic'),
      record: 'none',
      input: Fields({}),
      handler: async () =>
        success('获取成功', {
          ...(await readSettings(ctx.db, { sessionHours: ctx.config.sessionTtlHours, uploadMaxMb: Math.floor(ctx.config.uploadMaxBytes / 1048576) })),
          numberKinds: NUMBER_KINDS.map((k) => ({ key: k, name: NUMBER_KIND_NAMES[k] })),
          uploadLimitMb: Math.floor(ctx.config.uploadMaxBytes / 1048576),
          // The 客户级别 values the pool card offers per-level recycle days for.
          poolLevels: (await dictionaryOptions(ctx.db, LEVEL_DICTIONARY)).map((o) => ({ value: o.value, name: o.name })),
        }),
    }),
    defineRoute({
      method: 'POST',
      url: '/api/setting/company',
      summary: '公司名称和标志（顶栏显示）',
      tag: 'system',
      access: 'login',
      record: 'none',
      input: Fields({}),
      handler: async () => {
        const s = await readSettings(ctx.db);
        return success('获取成功', { companyName: s.companyName, companyLogo: s.companyLogo });
      },
    }),
    defineRoute({
      method: 'POST',
      url: '/api/setting/logs',
      summary: '基础设置的修改记录（谁、何时、改了什么）',
      tag: 'system',
      access: can('system', 'basic'),
      record: 'none',
      input: Fields({ ...Paging(20) }),
      handler: async ({ input }) => {
        const base = ctx.db.selectFrom('settings_log as l');
        const { n } = await base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
        const rows = await base
          .leftJoin('users as u', 'u.id', 'l.user_id')
          .select(['l.id', 'l.key', 'l.old_value', 'l.new_value', 'l.created_at', 'u.nick_name'])
          .orderBy('l.created_at', 'desc')
          .orderBy('l.id', 'desc')
          .limit(input.rows)
          .offset((input.page - 1) * input.rows)
          .execute();
        return {
          rows: rows.map((r) => ({
            id: r.id,
            group: GROUP_NAMES[r.key as SettingGroup] ?? r.key,
            oldValue: r.old_value,
            newValue: r.new_value,
            UserName: r.nick_name ?? '',
            AddTime: formatShanghai(r.created_at),
          })),
          total: Number(n),
        };
      },
    }),
    save('company', '/api/setting/saveCompany', Fields({ companyName: RequiredText('公司名称', 50), companyLogo: Text('公司标志', 300) }), (v) => ({ companyName: v.companyName, companyLogo: v.companyLogo })),
    save(
      'pool',
      '/api/setting/savePool',
      Fields({
        poolNoFollowupDays: days('未跟进回收天数', 3650),
        poolNoDealDays: days('未成交回收天数', 3650),
        poolWarningDays: days('提前提醒天数', 365),
        claimLimitPerDay: days('每日领取上限', 10000),
        reclaimWaitDays: days('原负责人再领取间隔天数', 3650),
        ownershipCap: days('客户数上限', 1_000_000),
        capCountsDealt: Flag('已成交客户计入上限', 0),
        poolLevelDays: Type.Optional(JsonObject('各客户级别未跟进回收天数', { messages: { invalid: '各客户级别未跟进回收天数格式不正确' } })),
      }),
      (v) => ({ ...v, capCountsDealt: v.capCountsDealt === 1 }),
    ),
    save(
      'numbering',
      '/api/setting/saveNumbering',
      Fields({
        kind: OneOf('编号类型', NUMBER_KINDS, undefined, { messages: { missing: '请选择编号类型' } }),
        prefix: Text('编号前缀', 10, { pattern: '^[A-Za-z0-9-]*$', messages: { invalid: '编号前缀只能包含字母、数字和-' } }),
        withDate: Flag('包含日期', 1),
        digits: Integer('流水号位数', { min: 3, max: 8, fallback: 4 }, { messages: { invalid: '流水号位数必须是3到8之间的整数' } }),
      }),
      (v) => ({ [String(v.kind)]: { prefix: v.prefix, withDate: v.withDate === 1, digits: v.digits } }),
    ),
    save(
      'security',
      '/api/setting/saveSecurity',
      Fields({
        passwordMinLength: Integer('密码最小长度', { min: 6, max: 32 }, { messages: { invalid: '密码最小长度必须是6到32之间的整数' } }),
        passwordClasses: Integer('密码字符种类', { min: 1, max: 4 }, { messages: { invalid: '密码字符种类必须是1到4之间的整数' } }),
        loginFailLimit: Integer('登录失败次数上限', { min: 3, max: 20 }, { messages: { invalid: '登录失败次数上限必须是3到20之间的整数' } }),
        sessionHours: Integer('登录有效时长', { min: 1, max: 720 }, { messages: { invalid: '登录有效时长必须是1到720小时' } }),
      }),
      (v) => v,
    ),
    save('upload', '/api/setting/saveUpload', Fields({ uploadMaxMb: Integer('上传文件大小上限', { min: 1, max: 1024 }, { messages: { invalid: '上传文件大小上限必须是1到1024之间的整数（MB）' } }) }), (v) => v),
  ]);
}
