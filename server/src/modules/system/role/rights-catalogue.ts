import type { CatalogueAction, CatalogueArea, CatalogueGroup, CataloguePage } from '@portal/shared-contract';
import { PAGE_ACTIONS, ROUTE_PERMISSIONS, type ActionKey, type RightArea } from './permission-tree';

/**
 * What the rights editor shows: area → group → page → actions, with the Chinese titles of the
 * remotes' route tables. It is built from the server's own table of rights (ROUTE_PERMISSIONS,
 * PAGE_ACTIONS), so the editor offers exactly what the server enforces; a page without a title here
 * shows its path.
 */
export const AREA_TITLES: Readonly<Record<RightArea, string>> = { crm: '客户', oa: '办公审批', bi: '统计分析', system: '系统设置' };

const GROUP_TITLES: Readonly<Record<RightArea, Readonly<Record<string, string>>>> = {
  crm: { customer: '客户管理', report: '报表', usergkset: '接口配置', signorentry: '合同/进件' },
  oa: { approval: '审批' },
  bi: { customer: '客户统计', attendance: '考勤统计' },
  system: {},
};

const PAGE_TITLES: Readonly<Record<string, string>> = {
  'crm index': '工作台',
  'crm customer/watched': '我的客户',
  'crm customer/watched/:id': '新建申请',
  'crm customer/zaifenpei': '再分配客户',
  'crm customer/zaifenpei/:id': '再分配客户详情',
  'crm customer/nodispose': '未处理客户',
  'crm customer/total': '公海客户',
  'crm customer/daifenpei': '待分配客户',
  'crm customer/teamkehu': '团队客户',
  'crm customer/search': '客户查询',
  'crm customer/fangke': '访客登记',
  'crm customer/lizhi': '离职员工客户',
  'crm customer/black': '黑名单客户',
  'crm customer/form': '客户信息表单',
  'crm report/call': '通话记录',
  'crm report/callTongji': '通话统计',
  'crm report/Briefing': '工作简报',
  'crm report/daydata': '客户数据统计',
  'crm report/total2': '综合排名',
  'crm report/resultrank': '业绩排名',
  'crm report/resulmx': '业绩明细排名',
  'crm report/fangke': '访客统计',
  'crm usergkset/userset': '接口配置管理',
  'crm usergkset/teamreport': '指标管理',
  'crm usergkset/userAuto': '员工列表',
  'crm usergkset/daydata': '接口数据报表',
  'crm signorentry/sign': '合同管理',
  'crm signorentry/entry': '进件管理',
  'crm signorentry/entry/:id': '新建进件',
  'crm signorentry/sigeshenpi': '合同审核',
  'crm signorentry/entryshenpi': '进件审核',
  'oa approval/todo': '待我审批',
  'oa approval/approvaled': '我已审批',
  'oa approval/mySubmit': '我发起的',
  'oa approval/Cc': '抄送我的',
  'oa approval/sub': '下属审批',
  'oa approval/all': '全部审批',
  'oa approval/logs': '审批意见',
  'oa approval/approval': '审批统计',
  'oa createApproval': '新建流程',
  'oa flow': '流程设置',
  'oa flow/view/:id': '流程查看',
  'bi customer/count': '客户数量统计',
  'bi customer/customerTotal': '员工业绩',
  'bi attendance/total': '考勤日历',
  'bi attendance/attendreport': '考勤报表',
  'bi customerRank': '客户排名',
  'bi financeTotal': '财务收款统计',
  'bi financePayment': '财务支出统计',
  'system role': '角色管理',
  'system user': '员工管理',
  'system branch': '部门管理',
  'system status': '数据字典',
  'system basic': '基础设置',
  'system Loglos': '登录记录',
  'system customForm': '自定义表单',
  'system customForm/view/:module/:type/:id': '自定义表单查看',
  'system workForm': '工作流表单',
  'system workForm/view/:module/:type/:id': '工作流表单查看',
  'system release': '版本管理',
};

export const ACTION_TITLES: Readonly<Record<ActionKey, string>> = {
  create: '新建',
  edit: '编辑',
  delete: '删除',
  import: '批量导入',
  export: '批量导出',
  assign: '分配',
  transfer: '转移',
  pool: '放入公海',
  receive: '领取',
  approve: '审核',
  blacklist: '加入黑名单',
};

/** The reply's shapes are the contract's (the rights editor reads the same types). */
export type { CatalogueAction, CatalogueArea, CatalogueGroup, CataloguePage };

/** The whole catalogue; pages without a group (`index`, `role`) form a group of their own title. */
export function rightsCatalogue(): CatalogueArea[] {
  return (Object.keys(ROUTE_PERMISSIONS) as RightArea[]).map((area) => {
    const groups: CatalogueGroup[] = [];
    for (const path of ROUTE_PERMISSIONS[area]) {
      const head = path.split('/')[0] ?? path;
      const groupTitle = GROUP_TITLES[area][head];
      const key = groupTitle ? head : path;
      let group = groups.find((g) => g.key === key);
      const title = PAGE_TITLES[`${area} ${path}`] ?? path;
      if (!group) {
        group = { key, title: groupTitle ?? title, pages: [] };
        groups.push(group);
      }
      const actions = (PAGE_ACTIONS[area][path] ?? []).map((a) => ({ key: a, right: `${path}:${a}`, title: ACTION_TITLES[a] }));
      group.pages.push({ path, title, actions });
    }
    return { area, title: AREA_TITLES[area], groups };
  });
}
