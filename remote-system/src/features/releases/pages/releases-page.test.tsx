import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { renderWithProviders } from '@portal/shared-ui/test/render-with-providers';
import { api } from '@portal/shared-core';
import ReleasesPage from './releases-page';
import type { RemoteReleases } from '../api/releases-api';

afterEach(() => jest.restoreAllMocks());

const release = (folder: string, marks: Partial<{ current: boolean; lastGood: boolean; bad: boolean }> = {}) => ({
  folder,
  version: folder.split('-')[0],
  releasedAt: '2026-11-24 09:00:00',
  releasedBy: '命令行',
  shared: { react: '19.3.1', antd: '6.6.8' },
  current: false,
  lastGood: false,
  bad: false,
  ...marks,
});

const bi: RemoteReleases = {
  area: 'bi',
  title: '统计分析',
  packageName: '@portal/remote-bi',
  current: '0.2.0-b',
  lastGood: '0.1.0-a',
  bad: ['0.3.0-c'],
  releases: [release('0.3.0-c', { bad: true }), release('0.2.0-b', { current: true }), release('0.1.0-a', { lastGood: true })],
  log: [{ action: 'rollback', folder: '0.2.0-b', at: '2026-11-24 09:05:00', by: '自动', note: '' }],
};

it('lists the releases with their marks and shared versions, and rolls back after confirmation', async () => {
  const fetch = jest.spyOn(api, 'fetch').mockResolvedValue([bi]);
  const command = jest.spyOn(api, 'command').mockResolvedValue({ result: 'success', msg: '回滚成功' });
  renderWithProviders(<ReleasesPage routePath="/system/release" />);
  const card = await screen.findByTestId('releases-bi');
  expect(fetch).toHaveBeenCalledWith('api/release/list');
  expect(within(card).getByText('当前')).toBeInTheDocument();
  expect(within(card).getByText('上一个正常版本')).toBeInTheDocument();
  expect(within(card).getByText('故障')).toBeInTheDocument();
  expect(within(card).getAllByText('react 19.3.1')).toHaveLength(3);
  // Neither the current build nor a bad one offers 回滚.
  expect(within(card).getAllByText('回滚')).toHaveLength(1);

  fireEvent.click(within(card).getByLabelText('回滚到 0.1.0-a'));
  expect(await screen.findByText(/确定让用户使用版本 0\.1\.0-a 吗/)).toBeInTheDocument();
  fireEvent.click(await screen.findByText(/^回\s?滚$/, { selector: '.ant-modal-confirm button span' }));
  await waitFor(() => expect(command).toHaveBeenCalledWith('api/release/rollback', { remote: 'bi', folder: '0.1.0-a' }));
  await waitFor(() => expect(fetch).toHaveBeenCalledTimes(2));
});
