import { CompanyBrandReply, Done, SettingsLogReply, SettingsPageReply } from '@portal/shared-contract';
import { Type, type TObject } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../../app-context';
import { can, type ActorResolver } from '../../../http/auth';
import { success } from '../../../http/envelope';
import { Fields, Flag, Integer, JsonObject, OneOf, Paging, RequiredText, Text } from '../../../http/input-fields';
import { defineRoute, mountRoutes, type Route } from '../../../http/route';
import { NUMBER_KINDS, type SettingGroup } from './settings.service';
import { companyBrand, GROUP_NAMES, saveSettingGroup, settingsLog, settingsPage } from './basic-settings';

const days = (label: string, max: number) =>
  Integer(label, { min: 0, max }, { messages: { invalid: `${label}必须是0到${max}之间的整数`, missing: `${label}不能为空` } });

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
      reply: Done,
      handler: async ({ input: values, actor }) =>
        success((await saveSettingGroup(ctx, actor, group, toValue(values as Record<string, unknown>))) ? '保存成功' : '没有修改'),
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
      reply: SettingsPageReply,
      handler: async () => success('获取成功', await settingsPage(ctx)),
    }),
    defineRoute({
      method: 'POST',
      url: '/api/setting/company',
      summary: '公司名称和标志（顶栏显示）',
      tag: 'system',
      access: 'login',
      record: 'none',
      input: Fields({}),
      reply: CompanyBrandReply,
      handler: async () => success('获取成功', await companyBrand(ctx)),
    }),
    defineRoute({
      method: 'POST',
      url: '/api/setting/logs',
      summary: '基础设置的修改记录（谁、何时、改了什么）',
      tag: 'system',
      access: can('system', 'basic'),
      record: 'none',
      input: Fields({ ...Paging(20) }),
      reply: SettingsLogReply,
      handler: async ({ input }) => settingsLog(ctx, input.page, input.rows),
    }),
    save('company', '/api/setting/saveCompany', Fields({ companyName: RequiredText('公司名称', 50), companyLogo: Text('公司标志', 300) }), (v) => ({
      companyName: v.companyName,
      companyLogo: v.companyLogo,
    })),
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
    save(
      'upload',
      '/api/setting/saveUpload',
      Fields({ uploadMaxMb: Integer('上传文件大小上限', { min: 1, max: 1024 }, { messages: { invalid: '上传文件大小上限必须是1到1024之间的整数（MB）' } }) }),
      (v) => v,
    ),
  ]);
}
