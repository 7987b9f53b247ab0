import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { renderWithProviders } from '@portal/shared-ui/test/render-with-providers';
import { api } from '@portal/shared-core';
import { PublicPoolsCard } from './public-pools-card';
import type { PublicPoolRow } from '../api/public-pools-api';

const base = {
  branchIds: [],
  branchNames: [],
  userIds: [],
  userNames: [],
  noFollowupDays: null,
  noDealDays: null,
  claimLimitPerDay: null,
  reclaimWaitDays: null,
  enabled: true,
  sort: 0,
};
const rows: PublicPoolRow[] = [
  { ...base, id: 0, name: '默认公海', isDefault: true, sort: -1, customers: 25 },
  { ...base, id: 3, name: '华东公海', isDefault: false, branchIds: [7], branchNames: ['华东分公司'], claimLimitPerDay: 5, customers: 2 },
];

afterEach(() => jest.restoreAllMocks());

it('lists the pools, inherited rules shown as 沿用, and edits one (only the filled overrides are sent)', async () => {
  jest.spyOn(api, 'list').mockResolvedValue({ rows, total: rows.length });
  const command = jest.spyOn(api, 'command').mockResolvedValue({ result: 'success', msg: '保存成功' });
  renderWithProviders(<PublicPoolsCard canEdit />);
  const east = (await screen.findByText('华东公海')).closest('tr') as HTMLElement;
  expect(within(east).getByText('华东分公司')).toBeInTheDocument();
  expect(within(east).getByText('5个')).toBeInTheDocument();
  expect(within(east).getAllByText('沿用')).toHaveLength(3);
  const fallback = screen.getByText('默认公海').closest('tr') as HTMLElement;
  expect(within(fallback).queryByText('编辑')).not.toBeInTheDocument();
  fireEvent.click(within(east).getByText('编辑'));
  const name = await screen.findByLabelText('公海名称');
  fireEvent.change(name, { target: { value: '华东大区公海' } });
  fireEvent.click(screen.getByRole('button', { name: /保\s?存/ }));
  await waitFor(() =>
    expect(command).toHaveBeenCalledWith('api/pool/edit', {
      id: 3,
      name: '华东大区公海',
      branchIds: [7],
      userIds: [],
      enabled: 1,
      sort: 0,
      claimLimitPerDay: 5,
    }),
  );
});

it('is read-only without basic:edit', async () => {
  jest.spyOn(api, 'list').mockResolvedValue({ rows, total: rows.length });
  renderWithProviders(<PublicPoolsCard canEdit={false} />);
  expect(await screen.findByText('华东公海')).toBeInTheDocument();
  expect(screen.queryByText('新建公海')).not.toBeInTheDocument();
  expect(screen.queryByText('编辑')).not.toBeInTheDocument();
});
