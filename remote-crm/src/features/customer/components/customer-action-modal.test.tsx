/** The reason asked by 放入公海 / 加入黑名单 / 关闭: required, with the dictionary's values as quick picks. */
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { renderWithProviders } from '@portal/shared-ui/test/render-with-providers';
import { api } from '@portal/shared-core';
import { CustomerActionModal } from './customer-action-modal';

jest.mock('@portal/shared-core', () => ({
  ...jest.requireActual('@portal/shared-core'),
  api: { list: jest.fn(), fetch: jest.fn(), command: jest.fn(), post: jest.fn(), get: jest.fn() },
}));
const mockedApi = jest.mocked(api);

it('refuses an empty reason, offers the pool_reason values, and confirms with the chosen one', async () => {
  mockedApi.get.mockResolvedValue([{ id: 1, name: '客户无意向', value: '客户无意向', colour: '' }] as never);
  const onConfirm = jest.fn().mockResolvedValue(undefined);
  renderWithProviders(
    <CustomerActionModal ask={{ kind: 'reason', title: '放入公海', count: 2, reasons: 'pool_reason' }} onCancel={() => undefined} onConfirm={onConfirm} />,
  );
  expect(screen.getByText('放入公海（已选2个客户）')).toBeInTheDocument();
  const ok = () => fireEvent.click(screen.getByText(/^确\s?定$/, { selector: 'button span' }));
  ok();
  expect(await screen.findByText('请填写原因')).toBeInTheDocument();
  expect(onConfirm).not.toHaveBeenCalled();
  fireEvent.click(await screen.findByText('客户无意向'));
  expect(screen.getByLabelText('原因')).toHaveValue('客户无意向');
  ok();
  await waitFor(() => expect(onConfirm).toHaveBeenCalledWith({ reason: '客户无意向' }));
  expect(mockedApi.get).toHaveBeenCalledWith('api/Status/json', expect.objectContaining({ types: 'pool_reason' }), expect.anything());
});

it('takes its message back once the user answers it (请填写原因 goes when a reason is typed)', async () => {
  mockedApi.get.mockResolvedValue([] as never);
  renderWithProviders(<CustomerActionModal ask={{ kind: 'reason', title: '加入黑名单', count: 1 }} onCancel={() => undefined} onConfirm={jest.fn()} />);
  fireEvent.click(screen.getByText(/^确\s?定$/, { selector: 'button span' }));
  expect(await screen.findByText('请填写原因')).toBeInTheDocument();
  fireEvent.change(screen.getByLabelText('原因'), { target: { value: '恶意骚扰' } });
  await waitFor(() => expect(screen.queryByText('请填写原因')).toBeNull());
});
