/** The view table and its rights: pure, no DOM. */
import { ACTION_CALLS, ACTION_NEEDS } from './api/customer-actions-api';
import { viewRights } from './pages/customer-view-page';
import { CUSTOMER_VIEWS } from '@portal/shared-contract/customer-views';
import { grants } from './views';

const SALES = [
  'customer/watched',
  'customer/watched:create',
  'customer/watched:edit',
  'customer/watched:import',
  'customer/watched:pool',
  'customer/total',
  'customer/total:receive',
  'customer/zaifenpei',
  'customer/zaifenpei:pool',
];

describe('customer views', () => {
  it('a right needs its page and, for an action, the page:action entry', () => {
    expect(grants(SALES, { page: 'customer/total', action: 'receive' })).toBe(true);
    expect(grants(SALES, { page: 'customer/total', action: 'assign' })).toBe(false);
    expect(grants(SALES, { page: 'customer/black' })).toBe(false);
    expect(grants(['customer/total:receive'], { page: 'customer/total', action: 'receive' })).toBe(false);
  });

  it('a rep gets 领取 on the pool, 放入公海 on 我的客户, and no 分配, 黑名单 or 删除', () => {
    expect(viewRights('total', SALES).actions.map((a) => a.label)).toEqual(['领取']);
    expect(viewRights('watched', SALES).actions.map((a) => a.label)).toEqual(['置顶', '关注', '取消关注', '放入公海']);
    // 合并 needs the delete right (the merged customers leave the lists).
    expect(viewRights('watched', [...SALES, 'customer/watched:delete']).actions.map((a) => a.key)).toContain('merge');
    expect(viewRights('watched', SALES)).toMatchObject({ create: true, import: true, export: false, delete: false });
    // 公海 offers no 新建; its import (into the pool) follows the pool page's own import right.
    expect(viewRights('total', [...SALES, 'customer/watched:export'])).toMatchObject({ create: false, import: false, export: true });
    expect(viewRights('total', [...SALES, 'customer/total:import'])).toMatchObject({ create: false, import: true });
    // 转移公海 goes with 公海客户 › 分配.
    expect(viewRights('total', [...SALES, 'customer/total:assign']).actions.map((a) => a.label)).toEqual(['领取', '分配', '转移公海']);
  });

  it('every view action calls an endpoint and says what it asks for; reasons go to the pool, the blacklist and closing leads', () => {
    for (const def of Object.values(CUSTOMER_VIEWS)) {
      for (const a of def.actions)
        if (a.key !== 'delete' && a.key !== 'merge' && a.key !== 'movepool') expect(ACTION_CALLS[a.key].url).toMatch(/^api\/(customer|clues)\//);
    }
    expect(ACTION_CALLS.pool.body({ ids: [1, 2], reason: '暂无需求' })).toEqual({ ids: '1,2', reason: '暂无需求' });
    expect(ACTION_CALLS.assign.body({ ids: [3], userid: 9, owners: [0] })).toEqual({ ids: '3', userid: 9, owners: '0' });
    expect(
      Object.entries(ACTION_NEEDS)
        .filter(([, need]) => need === 'reason')
        .map(([key]) => key),
    ).toEqual(['pool', 'togonghai', 'blacklist', 'close']);
  });
});
