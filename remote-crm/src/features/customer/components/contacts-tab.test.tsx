/** 联系人 tab and 字段权限: hidden fields have no column or input and are not required; masked ones are not sent back unchanged. */
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { renderWithProviders } from '@portal/shared-ui/test/render-with-providers';
import { api } from '@portal/shared-core';
import { ContactsTab } from './contacts-tab';

jest.mock('@portal/shared-core', () => ({
  ...jest.requireActual('@portal/shared-core'),
  api: { list: jest.fn(), fetch: jest.fn(), command: jest.fn(), post: jest.fn(), get: jest.fn() },
}));
const mockedApi = jest.mocked(api);

function withMasks(contact: Record<string, string>, rows: Record<string, unknown>[]) {
  mockedApi.fetch.mockImplementation((async (url: string) => (url === 'api/user/myFieldMasks' ? { customer: {}, contact, contract: {} } : undefined)) as never);
  mockedApi.list.mockImplementation((async () => ({ rows, total: rows.length })) as never);
  mockedApi.command.mockResolvedValue({ result: 'success', msg: '保存成功' } as never);
}

const button = (name: string) => screen.getByText(name, { selector: 'button span' }).closest('button') as HTMLElement;

beforeEach(() => {
  jest.clearAllMocks();
});

it('hidden 姓名 and 手机号码: no column, no input, not required; the add sends neither', async () => {
  withMasks({ contactName: 'hidden', mobile: 'hidden' }, [{ id: 1, customerId: 9, wechat: 'wx1', qq: '', zhiwei: '经理', sex: '男', isPrimary: 1 }]);
  renderWithProviders(<ContactsTab customerId={9} canWrite />);
  expect(await screen.findByText('wx1')).toBeInTheDocument();
  await waitFor(() => expect(screen.queryByLabelText('联系人姓名')).not.toBeInTheDocument());
  expect(screen.queryByLabelText('手机号码')).not.toBeInTheDocument();
  expect(screen.queryByRole('columnheader', { name: '姓名' })).not.toBeInTheDocument();
  expect(screen.queryByRole('columnheader', { name: '手机号码' })).not.toBeInTheDocument();

  fireEvent.change(screen.getByLabelText('职位'), { target: { value: '采购' } });
  fireEvent.click(button('新增联系人'));
  await waitFor(() => expect(mockedApi.command).toHaveBeenCalledWith('api/contact/add', { customerId: 9, sex: '', wechat: '', qq: '', zhiwei: '采购' }));
});

it('visible 姓名 stays required', async () => {
  withMasks({}, []);
  renderWithProviders(<ContactsTab customerId={9} canWrite />);
  expect(await screen.findByLabelText('联系人姓名')).toBeInTheDocument();
  fireEvent.click(button('新增联系人'));
  expect(await screen.findByText('信息必须填写')).toBeInTheDocument();
  expect(mockedApi.command).not.toHaveBeenCalled();
});

it('编辑 shows masked values masked and leaves them out of the save unless changed', async () => {
  withMasks({ mobile: 'mask' }, [
    { id: 5, customerId: 9, contactName: '周明', mobile: '139****0123', wechat: '', qq: '', zhiwei: '经理', sex: '', isPrimary: 1 },
  ]);
  renderWithProviders(<ContactsTab customerId={9} canWrite />);
  const row = (await screen.findByText('周明')).closest('tr') as HTMLElement;
  expect(within(row).getByText('139****0123')).toBeInTheDocument();
  fireEvent.click(within(row).getByText('编辑').closest('button') as HTMLElement);
  await waitFor(() => expect(screen.getByLabelText('手机号码')).toHaveValue('139****0123'));
  fireEvent.change(screen.getByLabelText('职位'), { target: { value: '总经理' } });
  fireEvent.click(button('保存联系人'));
  await waitFor(() =>
    expect(mockedApi.command).toHaveBeenCalledWith('api/contact/Edit', { id: 5, sex: '', contactName: '周明', wechat: '', qq: '', zhiwei: '总经理' }),
  );

  // A new number typed over the masked one is sent.
  fireEvent.click(
    within((await screen.findByText('周明')).closest('tr') as HTMLElement)
      .getByText('编辑')
      .closest('button') as HTMLElement,
  );
  await waitFor(() => expect(screen.getByLabelText('手机号码')).toHaveValue('139****0123'));
  fireEvent.change(screen.getByLabelText('手机号码'), { target: { value: '13900001111' } });
  fireEvent.click(button('保存联系人'));
  await waitFor(() => expect(mockedApi.command).toHaveBeenLastCalledWith('api/contact/Edit', expect.objectContaining({ id: 5, mobile: '13900001111' })));
});
