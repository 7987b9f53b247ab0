import { buildRoutesAndMenus, emptyPermissionTree } from '@portal/shared-core';
import { flattenRoutes } from '@portal/shared-ui/route-table';
import { routeTableProblems } from '@portal/shared-ui/test/route-table-check';
import routesModule from './routes';

const pages = {
  'approval/todo': '待我审批',
  'approval/approvaled': '我已审批',
  'approval/mySubmit': '我发起的',
  'approval/Cc': '抄送我的',
  'approval/sub': '下属审批',
  'approval/all': '全部审批',
  'approval/logs': '审批意见',
  'approval/approval': '审批统计',
  createApproval: '新建流程',
  flow: '流程设置',
  'flow/view/:id': '流程查看',
};

describe('oa route table', () => {
  it('matches spec §2.2: every path, title, permission and flag', () => {
    expect(
      routeTableProblems(routesModule, {
        pages,
        groups: { approval: '审批' },
        hidden: ['createApproval', 'flow/view/:id'],
      }),
    ).toEqual([]);
    expect(routesModule.area).toBe('oa');
  });

  it('opens on approval/todo and keeps hidden routes out of the menu', () => {
    const built = buildRoutesAndMenus({ ...emptyPermissionTree(), oa: Object.keys(pages) }, [routesModule], { loggedIn: true });
    expect(built.rootRedirect).toBe('/oa/approval/todo');
    expect(built.menus[0].items.map((i) => i.key)).toEqual(['/oa/approval', '/oa/flow']);
    expect(built.findRoute('/oa/flow/view/12')?.path).toBe('/oa/flow/view/:id');
    expect(built.findRoute('/oa/createApproval')?.hidden).toBe(true);
  });

  it('builds every oa page (none is left on 功能建设中)', () => {
    const notYet = flattenRoutes(routesModule).filter((r) => r.route.page && !r.route.page.toString().includes('features/'));
    expect(notYet.map((r) => r.fullPath)).toEqual([]);
  });

  it('records the React and antd instances it runs with', () => {
    expect(globalThis.__PORTAL_SHARED__?.some((r) => r.owner === 'oa')).toBe(true);
  });
});
