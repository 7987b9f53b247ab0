/**
 * Demo data of the system pages: the company name in 基础设置 (with its change log), role remarks, an
 * extra department membership, and a week of login records (successful logins of the staff and a few
 * failed attempts under names that are no account), so 登录记录 shows something on first start, and
 * one contract print template.
 */
import type { DbOrTx } from '../database';
import { ROLE_ADMIN, ROLE_FINANCE, ROLE_MANAGER, ROLE_SALES } from '../../modules/system/role/seed-roles';
import type { UserSeed } from './accounts';

const ROLE_REMARKS: Record<string, string> = {
  [ROLE_ADMIN]: '全部权限和全部数据（内置）',
  [ROLE_MANAGER]: '本部门及下级部门的客户、合同和审批',
  [ROLE_SALES]: '自己负责或参与的客户',
  [ROLE_FINANCE]: '合同、进件审核和财务统计',
};

const BROWSERS = [
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36',
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36 Edg/126.0.0.0',
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_5) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15',
];

export async function seedSystemAdmin(db: DbOrTx, o: { now: Date; users: (UserSeed & { id: number })[]; branches: Record<string, number> }): Promise<void> {
  const admin = o.users.find((u) => u.role === ROLE_ADMIN);
  const at = new Date(o.now.getTime() - 30 * 86400_000).toISOString();
  const company = JSON.stringify({ companyName: '华信科技有限公司', companyLogo: '' });
  await db
    .insertInto('settings')
    .values({ key: 'company', value: company, updated_at: at, updated_by: admin?.id ?? null })
    .execute();
  await db
    .insertInto('settings_log')
    .values({
      key: 'company',
      old_value: JSON.stringify({ companyName: '销售门户', companyLogo: '' }),
      new_value: company,
      user_id: admin?.id ?? null,
      created_at: at,
    })
    .execute();
  for (const [name, remark] of Object.entries(ROLE_REMARKS)) await db.updateTable('roles').set({ remark, updated_at: at }).where('name', '=', name).execute();

  // 王芳 (财务部) also works for 行政部.
  const wangFang = o.users.find((u) => u.username === 'finance1');
  if (wangFang && o.branches.admin) await db.insertInto('user_branches').values({ user_id: wangFang.id, branch_id: o.branches.admin }).execute();

  const records: { user_id: number | null; username: string; created_at: string; ip: string; user_agent: string; success: number }[] = [];
  const day = 86400_000;
  o.users.forEach((u, i) => {
    if (u.quit) return;
    for (let d = 7; d >= 1; d -= 3) {
      const time = new Date(o.now.getTime() - d * day - (i * 7 + 30) * 60_000);
      records.push({
        user_id: u.id,
        username: u.username,
        created_at: time.toISOString(),
        ip: `192.168.1.${20 + i}`,
        user_agent: BROWSERS[i % BROWSERS.length] ?? '',
        success: 1,
      });
    }
  });
  for (const [k, name] of ['administrator', 'administrator', 'test'].entries()) {
    records.push({
      user_id: null,
      username: name,
      created_at: new Date(o.now.getTime() - 2 * day - k * 60_000).toISOString(),
      ip: '203.0.113.7',
      user_agent: 'python-requests/2.31',
      success: 0,
    });
  }
  records.sort((a, b) => a.created_at.localeCompare(b.created_at));
  await db.insertInto('login_logs').values(records).execute();

  await db
    .insertInto('print_templates')
    .values({
      name: '销售合同（标准版）',
      module: 'contract',
      content:
        '<h2 style="text-align:center">销售合同</h2><p>合同编号：{{orderSn}}　　签约日期：{{signDate}}</p><p>合同名称：{{title}}</p><p>甲方（客户）：{{customerName}}</p><p>合同金额：{{Money}} 元（大写：{{MoneyUpper}}）</p><p>合同期限：{{startDate}} 至 {{endDate}}</p><p>负责人：{{UserName}}（{{BranchName}}）　　审批状态：{{statusText}}</p><p>备注：{{beizhu}}</p><p style="margin-top:32px">甲方签章：__________　　乙方签章：__________</p>',
      status: 1,
      created_by: admin?.id ?? null,
      created_at: at,
      updated_at: at,
    })
    .execute();
  await db
    .insertInto('print_templates')
    .values({
      name: '费用报销单',
      module: 'baoxiao',
      content:
        '<h2 style="text-align:center">费用报销单</h2><p>报销人：{{UserName}}　　提交时间：{{AddTime}}　　审批状态：{{statusText}}</p><p>报销类型：{{typeName}}　　发生日期：{{riqi}}　　项目：{{project}}</p><p>报销事由：{{title}}</p>{{items}}<p>合计：{{Money}} 元（大写：{{MoneyUpper}}）</p><p>备注：{{beizhu}}</p><p style="margin-top:32px">报销人签字：__________　　部门负责人：__________　　财务：__________</p>',
      status: 1,
      created_by: admin?.id ?? null,
      created_at: at,
      updated_at: at,
    })
    .execute();
}
