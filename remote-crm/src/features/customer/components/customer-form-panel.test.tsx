/** 新建客户 / 编辑客户 in the form panel: required fields, the saved values, and the lists told to reload. */
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { renderWithProviders } from '@portal/shared-ui/test/render-with-providers';
import { ApiError, api, customerKeys } from '@portal/shared-core';
import { CustomerFormPanel } from './customer-form-panel';
import { LEAD_SOURCES, makeCustomerDetail } from '../testing/customer-fixtures';
import { selectOption } from '../testing/select-option';

jest.mock('@portal/shared-core', () => ({
  ...jest.requireActual('@portal/shared-core'),
  api: { list: jest.fn(), fetch: jest.fn(), command: jest.fn(), post: jest.fn(), get: jest.fn() },
}));

const mockedApi = jest.mocked(api);

/** The button showing `text` (by text: role queries are slow on antd's DOM). */
function button(text: string, container: HTMLElement): HTMLElement {
  const label = within(container).getByText(
    (content, element) => element?.tagName === 'SPAN' && element.parentElement?.tagName === 'BUTTON' && content.trim() === text,
  );
  return label.closest('button') as HTMLElement;
}

async function findPanel(title: string): Promise<HTMLElement> {
  const heading = await screen.findByText(title, { selector: '.ant-drawer-title' });
  return heading.closest('[role="dialog"]') as HTMLElement;
}

/** Renders the panel with a customer list already cached, to see whether saving invalidates it. */
function renderPanel(customer: ReturnType<typeof makeCustomerDetail> | null) {
  const onClose = jest.fn();
  const view = renderWithProviders(<CustomerFormPanel open customer={customer} onClose={onClose} />);
  view.queryClient.setQueryData(customerKeys.list({ page: 1 }), { rows: [], total: 0 });
  const listInvalidated = () => view.queryClient.getQueryState(customerKeys.list({ page: 1 }))?.isInvalidated === true;
  return { onClose, listInvalidated };
}

beforeEach(() => {
  jest.clearAllMocks();
  mockedApi.post.mockResolvedValue(LEAD_SOURCES);
  mockedApi.command.mockResolvedValue({ result: 'success', msg: '保存成功', data: { id: 3 } });
});

it('新建客户 refuses to save with required fields empty, then creates the customer and reloads the lists', async () => {
  const { listInvalidated } = renderPanel(null);
  const panel = await findPanel('新建客户');

  fireEvent.click(button('保存', panel));
  const fieldError = { selector: '.ant-form-item-explain-error' };
  await waitFor(() => expect(within(panel).getAllByText('信息必须填写', fieldError)).toHaveLength(3));
  expect(within(panel).getByText('请选择', fieldError)).toBeInTheDocument();
  expect(mockedApi.command).not.toHaveBeenCalled();

  fireEvent.change(within(panel).getByPlaceholderText('请输入客户名称'), { target: { value: '苏州恒远机械' } });
  fireEvent.change(within(panel).getByPlaceholderText('请输入联系人'), { target: { value: '李娜' } });
  fireEvent.change(within(panel).getByPlaceholderText('请输入手机号码'), { target: { value: '13912345678' } });
  await selectOption('客户来源', '展会', panel);
  fireEvent.click(button('保存', panel));

  await waitFor(() =>
    expect(mockedApi.command).toHaveBeenCalledWith(
      'api/customer/CustomerAddEndit',
      expect.objectContaining({ id: '0', CustomerName: '苏州恒远机械', contact_name: '李娜', contact_mobile: '13912345678', LaiYuan: 2 }),
    ),
  );
  await waitFor(() => expect(listInvalidated()).toBe(true));
});

it('编辑客户 saves the customer as loaded, without 保存并继续录入', async () => {
  const { listInvalidated } = renderPanel(makeCustomerDetail());
  const form = await findPanel('编辑客户');
  await waitFor(() => expect(within(form).getByPlaceholderText('请输入客户名称')).toHaveValue('上海华信科技有限公司'));
  expect(within(form).queryByText('保存并继续录入')).not.toBeInTheDocument();
  fireEvent.click(button('保存', form));
  await waitFor(() =>
    expect(mockedApi.command).toHaveBeenCalledWith(
      'api/customer/CustomerAddEndit',
      expect.objectContaining({ id: '1', CustomerName: '上海华信科技有限公司', LaiYuan: 1, nextgenjintime: '2026-11-25 14:00' }),
    ),
  );
  await waitFor(() => expect(listInvalidated()).toBe(true));
});

it('字段权限: fields hidden to the user are left out of the form and not required; the save sends them empty', async () => {
  mockedApi.fetch.mockImplementation((async (url: string) =>
    url === 'api/user/myFieldMasks'
      ? { customer: { contact_name: 'hidden', contact_mobile: 'hidden', address: 'hidden', level: 'mask' } }
      : undefined) as never);
  renderPanel(null);
  const panel = await findPanel('新建客户');
  await waitFor(() => expect(within(panel).queryByPlaceholderText('请输入手机号码')).toBeNull());
  expect(within(panel).queryByPlaceholderText('请输入联系人')).toBeNull();
  expect(within(panel).queryByPlaceholderText('请输入地址')).toBeNull();
  expect(within(panel).getByPlaceholderText('请输入所属行业')).toBeInTheDocument();

  fireEvent.click(button('保存', panel));
  const fieldError = { selector: '.ant-form-item-explain-error' };
  await waitFor(() => expect(within(panel).getAllByText('信息必须填写', fieldError)).toHaveLength(1));

  fireEvent.change(within(panel).getByPlaceholderText('请输入客户名称'), { target: { value: '苏州恒远机械' } });
  await selectOption('客户来源', '展会', panel);
  fireEvent.click(button('保存', panel));
  await waitFor(() =>
    expect(mockedApi.command).toHaveBeenCalledWith(
      'api/customer/CustomerAddEndit',
      expect.objectContaining({ id: '0', CustomerName: '苏州恒远机械', contact_name: '', contact_mobile: '', address: '', LaiYuan: 2 }),
    ),
  );
  expect(mockedApi.fetch).toHaveBeenCalledWith('api/user/myFieldMasks', {}, { silent: true });
});

it('a duplicate refused by the server stays in the panel with the input, the reason under the field it concerns', async () => {
  const NAME_TAKEN = '客户名称“苏州恒远机械”已存在（负责人：吴婷，销售二部），不能重复添加';
  const MOBILE_TAKEN = '手机号码已被其他客户使用（负责人：吴婷，销售二部），不能重复添加';
  mockedApi.fetch.mockImplementation((async () => undefined) as never);
  mockedApi.command.mockRejectedValueOnce(new ApiError('server', NAME_TAKEN, { status: 400, reply: { result: 'error', msg: NAME_TAKEN } }));
  const { onClose } = renderPanel(null);
  const panel = await findPanel('新建客户');
  fireEvent.change(within(panel).getByPlaceholderText('请输入客户名称'), { target: { value: '苏州恒远机械' } });
  fireEvent.change(within(panel).getByPlaceholderText('请输入联系人'), { target: { value: '李娜' } });
  fireEvent.change(within(panel).getByPlaceholderText('请输入手机号码'), { target: { value: '13912345678' } });
  await selectOption('客户来源', '展会', panel);
  fireEvent.click(button('保存', panel));
  const fieldError = { selector: '.ant-form-item-explain-error' };
  const nameItem = within(panel).getByPlaceholderText('请输入客户名称').closest('.ant-form-item') as HTMLElement;
  expect(await within(nameItem).findByText(NAME_TAKEN, fieldError)).toBeInTheDocument();
  expect(within(panel).getByPlaceholderText('请输入客户名称')).toHaveValue('苏州恒远机械');
  expect(onClose).not.toHaveBeenCalled();

  // Another name: the mobile is someone else's customer's.
  mockedApi.command.mockRejectedValueOnce(new ApiError('server', MOBILE_TAKEN, { status: 400, reply: { result: 'error', msg: MOBILE_TAKEN } }));
  fireEvent.change(within(panel).getByPlaceholderText('请输入客户名称'), { target: { value: '苏州恒远机械二厂' } });
  await waitFor(() => expect(within(nameItem).queryByText(NAME_TAKEN, fieldError)).toBeNull());
  fireEvent.click(button('保存', panel));
  const mobileItem = within(panel).getByPlaceholderText('请输入手机号码').closest('.ant-form-item') as HTMLElement;
  expect(await within(mobileItem).findByText(MOBILE_TAKEN, fieldError)).toBeInTheDocument();
  expect(onClose).not.toHaveBeenCalled();
});
