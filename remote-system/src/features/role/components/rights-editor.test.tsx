import { fireEvent, screen } from '@testing-library/react';
import { useState } from 'react';
import { renderWithProviders } from '@portal/shared-ui/test/render-with-providers';
import type { PermissionTree } from '@portal/shared-core';
import type { CatalogueArea } from '../api/role-api';
import { RightsEditor } from './rights-editor';
import { nextAreaRights } from './rights-model';

const crm: CatalogueArea = {
  area: 'crm',
  title: '客户',
  groups: [
    { key: 'index', title: '工作台', pages: [{ path: 'index', title: '工作台', actions: [] }] },
    {
      key: 'customer',
      title: '客户管理',
      pages: [
        { path: 'customer/watched', title: '我的客户', actions: [{ key: 'delete', right: 'customer/watched:delete', title: '删除' }] },
        { path: 'customer/total', title: '公海客户', actions: [] },
      ],
    },
  ],
};

describe('rights model', () => {
  it('an action brings its page; unchecking 查看 takes the actions away; unknown keys are dropped', () => {
    expect(nextAreaRights(crm, ['customer/watched:delete'], 'customer/watched:delete', true)).toEqual(['customer/watched', 'customer/watched:delete']);
    expect(nextAreaRights(crm, ['customer/watched:delete', 'group:customer'], 'customer/watched', false)).toEqual([]);
    expect(nextAreaRights(crm, ['index', 'page:customer/watched', 'nonsense'], 'index', true)).toEqual(['index']);
  });
});

function Harness({ initial }: { initial: Partial<PermissionTree> }) {
  const [value, setValue] = useState(initial);
  return (
    <>
      <RightsEditor catalogue={[crm]} value={value} onChange={setValue} />
      <output data-testid="value">{(value.crm ?? []).join(',')}</output>
    </>
  );
}

describe('RightsEditor', () => {
  it('shows the count per area, 全选 grants every right of the area and 清空 removes them', () => {
    renderWithProviders(<Harness initial={{ crm: ['index'] }} />);
    expect(screen.getByText('客户（1/4）')).toBeInTheDocument();
    fireEvent.click(screen.getByText('全选'));
    expect(screen.getByTestId('value').textContent).toBe('index,customer/watched,customer/watched:delete,customer/total');
    fireEvent.click(screen.getByText('清空'));
    expect(screen.getByTestId('value').textContent).toBe('');
  });

  it('checking an action checks its page; the group shows half-checked', () => {
    const { container } = renderWithProviders(<Harness initial={{ crm: [] }} />);
    fireEvent.click(screen.getByText('删除'));
    expect(screen.getByTestId('value').textContent).toBe('customer/watched,customer/watched:delete');
    expect(container.querySelectorAll('.ant-tree-checkbox-indeterminate').length).toBeGreaterThan(0);
  });
});
