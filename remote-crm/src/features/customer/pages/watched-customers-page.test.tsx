import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { renderWithProviders } from '@portal/shared-ui/test/render-with-providers';
import { api, emptyPermissionTree, useSessionStore, type PermissionTree } from '@portal/shared-core';
import WatchedCustomersPage from './watched-customers-page';
import { LEAD_SOURCES, makeCustomer, makeCustomerDetail } from '../testing/customer-fixtures';
import { selectOption } from '../testing/select-option';

jest.mock('@portal/shared-core', () => ({
  ...jest.requireActual('@portal/shared-core'),
  api: { list: jest.fn(), fetch: jest.fn(), command: jest.fn(), post: jest.fn(), get: jest.fn() },
}));

const mockedApi = jest.mocked(api);

const PAGE = 'customer/watched';
const rightsOf = (...actions: string[]) => [PAGE, ...actions.map((a) => `${PAGE}:${a}`)];
/** admin: every action; 销售: create, edit, import, pool, receive — not delete, export or assign. */
const ADMIN: PermissionTree = { ...emptyPermissionTree(), crm: rightsOf('create', 'edit', 'delete', 'import', 'export', 'assign', 'pool', 'receive') };
const SALES: PermissionTree = { ...emptyPermissionTree(), crm: rightsOf('create', 'edit', 'import', 'pool', 'receive') };

function logIn(permissions: PermissionTree) {
  useSessionStore.getState().login({ LoginToken: 'k', UserID: 7, NickName: '张三', header: '', ShopID: 1 }, permissions);
}

const customers = [
  makeCustomer({ id: 1, CustomerName: '上海华信科技有限公司', clue: 2, genjinTime: '2026-11-05 08:00:00' }),
  makeCustomer({ id: 2, CustomerName: '杭州云帆贸易', clue: 1, genjinTime: '', level: '' }),
];

function lastListQuery() {
  const calls = mockedApi.list.mock.calls.filter(([url]) => url === 'api/customer/index');
  return calls[calls.length - 1][1];
}

/** The customer form's fields for the column choice; the user shows all but 手机号码 (id 3). */
const FORM_FIELDS = [
  ['CustomerName', '客户名称'],
  ['contact_name', '联系人'],
  ['contact_mobile', '手机号码'],
  ['LaiYuan', '客户来源'],
  ['level', '客户级别'],
  ['industry', '所属行业'],
  ['nextgenjintime', '下次跟进时间'],
].map(([field, title], i) => ({ id: i + 1, title, checkbox: true, show: true, json: JSON.stringify({ type: 'input', field, title }) }));
const SHOWN_FIELDS = '1,2,4,5,6,7';

/** The drawer titled `title` (queried by text: role queries are slow on antd's large DOM). */
async function findPanel(title: string): Promise<HTMLElement> {
  const heading = await screen.findByText(title, { selector: '.ant-drawer-title' });
  return heading.closest('[role="dialog"]') as HTMLElement;
}

/**
 * The button showing `text` (queried by text: role queries are slow on antd's large DOM). antd puts
 * a button's text in a span; `contains` matches buttons with an icon before the text.
 */
function button(text: string, container: HTMLElement = document.body): HTMLElement {
  const label = within(container).getByText(
    (content, element) => element?.tagName === 'SPAN' && element.parentElement?.tagName === 'BUTTON' && content.trim() === text,
  );
  return label.closest('button') as HTMLElement;
}

/** Waits for the list's pending load to finish, so no update lands after the test. */
async function listSettled() {
  await waitFor(() => expect(document.querySelector('.ant-table-wrapper .ant-spin-spinning')).toBeNull());
}

function renderPage() {
  return renderWithProviders(
    <MemoryRouter>
      <WatchedCustomersPage />
    </MemoryRouter>,
  );
}

// The first render of the page's antd components builds their styles (cached for the rest of the
// file): a one-time cost of this file, paid here rather than by whichever test runs first.
beforeAll(async () => {
  setUpApi();
  logIn(ADMIN);
  const { unmount } = renderPage();
  await screen.findByText('上海华信科技有限公司');
  await listSettled();
  unmount();
}, 60_000);

beforeEach(() => {
  jest.clearAllMocks();
  logIn(ADMIN);
  setUpApi();
});

function setUpApi() {
  mockedApi.list.mockImplementation(async (url: string) => {
    if (url === 'api/field/list') return { rows: FORM_FIELDS, total: FORM_FIELDS.length } as never;
    if (url === 'api/customer/CheckDuplicate') return { rows: [], total: 0 };
    return { rows: customers, total: 57 } as never;
  });
  mockedApi.post.mockResolvedValue(LEAD_SOURCES);
  mockedApi.fetch.mockImplementation(async (url: string) => {
    if (url === 'api/field/my') return { show: SHOWN_FIELDS } as never;
    if (url === 'api/customer/Subtotal') return { followups: 2, contact: 1, contract: 0, files: 0 } as never;
    if (url === 'api/customer/ExportStart') return { jobId: 'j'.repeat(32), total: 57 } as never;
    if (url === 'api/customer/ExportProgress') return { done: 10, total: 57, finished: false } as never;
    return makeCustomerDetail() as never;
  });
  mockedApi.command.mockResolvedValue({ result: 'success', msg: '保存成功', data: { id: 3 } });
}

describe('我的客户 list', () => {
  it('loads the first page of 10 with the default scene and sort, and shows the total', async () => {
    renderPage();
    expect(await screen.findByText('上海华信科技有限公司')).toBeInTheDocument();
    expect(mockedApi.list).toHaveBeenCalledWith(
      'api/customer/index',
      { page: 1, rows: 10, key: '', scene: 'all', sort: 'AddTime', order: 'desc', view: 'watched', filters: {} },
      { silent: true },
    );
    expect(screen.getByText('共 57 条')).toBeInTheDocument();
  });

  it('shows the deal state and a dash for missing values', async () => {
    renderPage();
    const dealRow = (await screen.findByText('上海华信科技有限公司')).closest('tr') as HTMLElement;
    expect(within(dealRow).getByText('已成交')).toBeInTheDocument();
    expect(within(dealRow).getByText('2026-11-05 08:00')).toBeInTheDocument();
    const openRow = screen.getByText('杭州云帆贸易').closest('tr') as HTMLElement;
    expect(within(openRow).getByText('未成交')).toBeInTheDocument();
    expect(within(openRow).getAllByText('-')).toHaveLength(3); // 客户级别, 最后跟进, 距进入公海 (not sent)
  });

  it('searches by key from page 1', async () => {
    renderPage();
    await screen.findByText('上海华信科技有限公司');
    fireEvent.click(screen.getByTitle('2'));
    await waitFor(() => expect(lastListQuery()).toMatchObject({ page: 2 }));
    const box = screen.getByPlaceholderText('客户名称/手机号/编号');
    fireEvent.change(box, { target: { value: '华信' } });
    fireEvent.keyDown(box, { key: 'Enter', code: 'Enter', keyCode: 13 });
    await waitFor(() => expect(lastListQuery()).toMatchObject({ page: 1, key: '华信' }));
    await listSettled();
  });

  it('filters by scene, then by a quick date range', async () => {
    renderPage();
    await screen.findByText('上海华信科技有限公司');
    fireEvent.click(screen.getByText('下属客户'));
    await waitFor(() => expect(lastListQuery()).toMatchObject({ scene: 'subordinates' }));
    fireEvent.click(screen.getByText('近30天'));
    await waitFor(() => expect(lastListQuery()).toMatchObject({ scene: 'subordinates', filters: { days: 30 } }));
    await listSettled();
  });

  it('filters by a quick date range and level together', async () => {
    renderPage();
    await screen.findByText('上海华信科技有限公司');
    fireEvent.click(screen.getByText('近30天'));
    await waitFor(() => expect(lastListQuery()).toMatchObject({ filters: { days: 30 } }));
    await selectOption('客户级别', 'B');
    await waitFor(() => expect(lastListQuery()).toMatchObject({ filters: { days: 30, level: 'B' } }));
    await listSettled();
  });

  it('sorts by the chosen field, then in the chosen order', async () => {
    renderPage();
    await screen.findByText('上海华信科技有限公司');
    await selectOption('排序字段', '最后跟进时间');
    await waitFor(() => expect(lastListQuery()).toMatchObject({ sort: 'genjinTime', order: 'desc' }));
    await selectOption('排序方式', '升序');
    await waitFor(() => expect(lastListQuery()).toMatchObject({ sort: 'genjinTime', order: 'asc' }));
    await listSettled();
  });

  it('shows why the list could not load', async () => {
    mockedApi.list.mockImplementation(async (url: string) => {
      if (url === 'api/customer/index') throw new Error('没有权限执行此操作');
      return { rows: [], total: 0 };
    });
    renderPage();
    expect(await screen.findByText('没有权限执行此操作')).toBeInTheDocument();
  });
});

// The form panel and the detail panel have their own tests (components/customer-*-panel.test.tsx);
// here only that the page opens them with the right customer and rights.
describe('the panels the page opens', () => {
  it('新建客户 opens the empty form panel', async () => {
    renderPage();
    await screen.findByText('上海华信科技有限公司');
    fireEvent.click(button('新建客户'));
    const panel = await findPanel('新建客户');
    expect(within(panel).getByPlaceholderText('请输入客户名称')).toHaveValue('');
    await listSettled();
  });

  it('opens the detail of the clicked row, and 编辑 opens the form with that customer', async () => {
    renderPage();
    fireEvent.click(await screen.findByText('上海华信科技有限公司'));
    await waitFor(() => expect(mockedApi.fetch).toHaveBeenCalledWith('api/customer/Views', { id: 1 }));
    const panel = (await screen.findByText('详细资料')).closest('[role="dialog"]') as HTMLElement;
    expect(within(panel).getByText('KH20260001')).toBeInTheDocument();
    fireEvent.click(button('编辑', panel));
    const form = await findPanel('编辑客户');
    await waitFor(() => expect(within(form).getByPlaceholderText('请输入客户名称')).toHaveValue('上海华信科技有限公司'));
    await listSettled();
  });
});

describe('action rights', () => {
  async function openMore() {
    fireEvent.click(button('更多'));
    await screen.findByText('查重');
  }

  it('hides 删除 and 批量导出 from a 销售, keeping 新建客户, 批量导入 and 查重', async () => {
    logIn(SALES);
    renderPage();
    await screen.findByText('上海华信科技有限公司');
    expect(screen.getByText('新建客户', { selector: 'button span' })).toBeInTheDocument();
    await openMore();
    expect(screen.getByText('批量导入')).toBeInTheDocument();
    expect(screen.queryByText('批量导出')).toBeNull();
    expect(screen.queryByText('删除', { selector: 'button span' })).toBeNull();
    await listSettled();
  });

  it('gives a 销售 编辑 but not 删除 in the detail panel', async () => {
    logIn(SALES);
    renderPage();
    fireEvent.click(await screen.findByText('杭州云帆贸易'));
    const panel = (await screen.findByText('详细资料')).closest('[role="dialog"]') as HTMLElement;
    expect(within(panel).getByText('编辑')).toBeInTheDocument();
    expect(within(panel).queryByText('删除')).toBeNull();
    await listSettled();
  });

  it('shows 删除 and 批量导出 to an admin', async () => {
    renderPage();
    await screen.findByText('上海华信科技有限公司');
    await openMore();
    expect(screen.getByText('批量导出')).toBeInTheDocument();
    expect(screen.getByText('删除', { selector: 'button span' })).toBeInTheDocument();
    await listSettled();
  });

  it('gives an admin 删除 in the detail panel', async () => {
    renderPage();
    fireEvent.click(await screen.findByText('杭州云帆贸易'));
    const panel = (await screen.findByText('详细资料')).closest('[role="dialog"]') as HTMLElement;
    expect(within(panel).getByText('删除')).toBeInTheDocument();
    await listSettled();
  });

  it('offers no create, import, export or 查重 without those rights', async () => {
    logIn({ ...emptyPermissionTree(), crm: [PAGE] });
    renderPage();
    await screen.findByText('上海华信科技有限公司');
    expect(screen.queryByText('新建客户', { selector: 'button span' })).toBeNull();
    expect(screen.queryByRole('button', { name: /更多/ })).toBeNull();
    await listSettled();
  });
});

describe('list settings and batch tools', () => {
  it('shows the columns the user chose for the customer form', async () => {
    renderPage();
    await screen.findByText('上海华信科技有限公司');
    await waitFor(() => expect(screen.queryByText('手机号码', { selector: 'th' })).toBeNull());
    expect(screen.getByText('所属行业', { selector: 'th' })).toBeInTheDocument();
    expect(mockedApi.list).toHaveBeenCalledWith('api/field/list', { formid: 'customer' }, { silent: true });
    expect(button('列设置')).toBeInTheDocument();
    await listSettled();
  });

  it('filters by the advanced search and shows the filter as a tag', async () => {
    renderPage();
    await screen.findByText('上海华信科技有限公司');
    fireEvent.click(button('高级搜索'));
    const drawer = (await screen.findByText('高级搜索', { selector: '.ant-drawer-title' })).closest('[role="dialog"]') as HTMLElement;
    fireEvent.change(within(drawer).getByLabelText('联系人'), { target: { value: ' 王磊 ' } });
    fireEvent.click(button('搜索', drawer));
    await waitFor(() => expect(lastListQuery()).toMatchObject({ page: 1, filters: { contact_name: '王磊' } }));
    expect(await screen.findByText('联系人：王磊')).toBeInTheDocument();
    await listSettled();
  });

  it('exports the current filter from the 更多 menu', async () => {
    renderPage();
    await screen.findByText('上海华信科技有限公司');
    fireEvent.click(screen.getByText('近30天'));
    await waitFor(() => expect(lastListQuery()).toMatchObject({ filters: { days: 30 } }));
    fireEvent.click(button('更多'));
    fireEvent.click(await screen.findByText('批量导出'));
    await waitFor(() =>
      expect(mockedApi.fetch).toHaveBeenCalledWith('api/customer/ExportStart', {
        page: 1,
        rows: 10,
        key: '',
        scene: 'all',
        sort: 'AddTime',
        order: 'desc',
        view: 'watched',
        filters: { days: 30 },
      }),
    );
    expect(await screen.findByText(/正在导出/)).toBeInTheDocument();
    fireEvent.click(button('取消'));
    await listSettled();
  });

  it('checks for duplicates, then goes on to 新建客户', async () => {
    renderPage();
    await screen.findByText('上海华信科技有限公司');
    fireEvent.click(button('更多'));
    fireEvent.click(await screen.findByText('查重'));
    fireEvent.change(await screen.findByPlaceholderText('QQ'), { target: { value: '10001' } });
    fireEvent.click(button('查询'));
    await waitFor(() => expect(mockedApi.list).toHaveBeenCalledWith('api/customer/CheckDuplicate', { name: '', mobile: '', wechat: '', qq: '10001' }));
    // The create panel opens only after 继续新建.
    expect(screen.queryByText('新建客户', { selector: '.ant-drawer-title' })).toBeNull();
    fireEvent.click(await waitFor(() => button('继续新建')));
    const createPanel = await findPanel('新建客户');
    await waitFor(() => expect(createPanel.closest('.ant-drawer')).toHaveClass('ant-drawer-open'));
    await listSettled();
  });
});
