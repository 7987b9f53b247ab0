/** 跟进记录: the list, the add form's required content, the call it makes and 跟进失败！ on an error. */
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { renderWithProviders } from '@portal/shared-ui/test/render-with-providers';
import { api } from '@portal/shared-core';
import { FollowUpTab } from './follow-up-tab';

jest.mock('@portal/shared-core', () => ({
  ...jest.requireActual('@portal/shared-core'),
  api: { list: jest.fn(), fetch: jest.fn(), command: jest.fn(), post: jest.fn(), get: jest.fn() },
}));
const mockedApi = jest.mocked(api);

beforeEach(() => {
  jest.clearAllMocks();
  mockedApi.list.mockImplementation(
    async (url: string) =>
      (url === 'api/customer/kehudetail'
        ? {
            rows: [
              {
                id: 1,
                contactName: '王五',
                status: '初次接触',
                Ext: '微信',
                genjinTime: '2026-11-20 10:00:00',
                nextgenjintime: '',
                beizhu: '微信沟通了报价',
                gjtype: 2,
                CretateName: '李娜',
              },
            ],
            total: 1,
          }
        : { rows: [], total: 0 }) as never,
  );
  mockedApi.get.mockResolvedValue([] as never);
});

function submit() {
  fireEvent.click(screen.getByText('添加跟进', { selector: 'button span' }).closest('button') as HTMLElement);
}

async function renderTab() {
  renderWithProviders(<FollowUpTab customerId={9} canWrite />);
  expect(await screen.findByText('微信沟通了报价')).toBeInTheDocument();
}

it('lists follow-ups and refuses empty content', async () => {
  await renderTab();
  expect(screen.getByText('初次接触')).toBeInTheDocument();

  submit();
  expect(await screen.findByText('信息必须填写')).toBeInTheDocument();
  expect(mockedApi.command).not.toHaveBeenCalled();
});

it('sends the follow-up', async () => {
  await renderTab();
  mockedApi.command.mockResolvedValueOnce({ result: 'success', msg: '跟进成功' });
  fireEvent.change(screen.getByLabelText('跟进内容'), { target: { value: '电话确认了需求' } });
  submit();
  await waitFor(() =>
    expect(mockedApi.command).toHaveBeenCalledWith(
      'api/customer/CustomerTrackAdd',
      { customerId: 9, gjtype: 0, status: '', beizhu: '电话确认了需求', nextgenjintime: '' },
      { silent: true },
    ),
  );
});

it('shows 跟进失败！ with the reason when it fails', async () => {
  await renderTab();
  mockedApi.command.mockRejectedValueOnce(new Error('客户不存在'));
  fireEvent.change(screen.getByLabelText('跟进内容'), { target: { value: '再次电话' } });
  submit();
  expect(await screen.findByText('跟进失败！：客户不存在')).toBeInTheDocument();
});
