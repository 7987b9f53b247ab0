/** 合同 tab: the customer's contracts from api/contract/index {customerId}; 暂无合同 when none; 打印 per row. */
import { act, fireEvent, screen } from '@testing-library/react';
import { renderWithProviders } from '@portal/shared-ui/test/render-with-providers';
import { api } from '@portal/shared-core';
import { ContractsTab } from './contracts-tab';

jest.mock('@portal/shared-core', () => ({
  ...jest.requireActual('@portal/shared-core'),
  api: { list: jest.fn(), fetch: jest.fn(), command: jest.fn(), post: jest.fn(), get: jest.fn() },
}));
const mockedApi = jest.mocked(api);

beforeEach(() => jest.clearAllMocks());
afterEach(() => jest.restoreAllMocks());

it('lists number, title, amount, status and sign date of the customer’s contracts', async () => {
  mockedApi.list.mockResolvedValue({
    rows: [{ id: 3, orderSn: 'HT2026112000003', title: '年度服务合同', Money: 12800.5, status: 2, signDate: '2026-11-20', UserName: '李娜' }],
    total: 1,
  } as never);
  renderWithProviders(<ContractsTab customerId={7} />);
  expect(await screen.findByText('HT2026112000003')).toBeInTheDocument();
  expect(screen.getByText('年度服务合同')).toBeInTheDocument();
  expect(screen.getByText('¥12,800.50')).toBeInTheDocument();
  expect(screen.getByText('通过')).toBeInTheDocument();
  expect(screen.getByText('2026-11-20')).toBeInTheDocument();
  expect(mockedApi.list).toHaveBeenCalledWith('api/contract/index', { customerId: 7, page: 1, rows: 10 }, { silent: true });
});

it('says 暂无合同 when the customer has none', async () => {
  mockedApi.list.mockResolvedValue({ rows: [], total: 0 } as never);
  renderWithProviders(<ContractsTab customerId={8} />);
  expect(await screen.findByText('暂无合同')).toBeInTheDocument();
});

const ROW = { id: 3, orderSn: 'HT2026112000003', title: '年度服务合同', Money: 12800.5, status: 2, signDate: '2026-11-20', UserName: '李娜' };
const DETAIL = {
  ...ROW,
  customerName: '上海华信科技有限公司',
  startDate: '2026-12-01',
  endDate: '2027-11-30',
  BranchName: '销售一部',
  isInvoiced: 0,
  beizhu: '',
};
const TEMPLATE =
  '<p>{{orderSn}} {{title}}</p><p>客户：{{customerName}}</p><p>金额：{{Money}} 元（{{MoneyUpper}}）</p><p>签约：{{signDate}} 期限：{{startDate}}至{{endDate}} 负责人：{{UserName}} {{statusText}}</p>';

/** What the print frame holds when print() is called (jsdom cannot print). */
function capturePrint(): { text: () => string } {
  let printed = '';
  const append = document.body.appendChild.bind(document.body);
  jest.spyOn(document.body, 'appendChild').mockImplementation(<T extends Node>(node: T): T => {
    const added = append(node);
    const win = node instanceof HTMLIFrameElement ? node.contentWindow : null;
    if (win) {
      win.focus = () => undefined;
      win.print = () => {
        printed = win.document.body.textContent ?? '';
      };
    }
    return added;
  });
  return { text: () => printed };
}

function mockPrintCalls(detail: Record<string, unknown>) {
  mockedApi.list.mockImplementation((async (url: string) =>
    url === 'api/printTemp/index' ? { rows: [{ id: 5, name: '销售合同（标准版）' }], total: 1 } : { rows: [ROW], total: 1 }) as never);
  mockedApi.fetch.mockImplementation((async (url: string) => (url === 'api/printTemp/detail' ? { content: TEMPLATE } : detail)) as never);
}

it('打印 fills the enabled contract template from the contract’s details: money formatted, in capitals', async () => {
  mockPrintCalls(DETAIL);
  const print = capturePrint();
  renderWithProviders(<ContractsTab customerId={7} />);
  await act(async () => fireEvent.click(await screen.findByText('打印')));
  expect(mockedApi.list).toHaveBeenCalledWith('api/printTemp/index', expect.objectContaining({ module: 'contract', status: '1' }));
  expect(mockedApi.fetch).toHaveBeenCalledWith('api/contract/Views', { id: 3 });
  expect(mockedApi.fetch).toHaveBeenCalledWith('api/printTemp/detail', { id: 5 });
  expect(print.text()).toBe(
    'HT2026112000003 年度服务合同客户：上海华信科技有限公司金额：12,800.50 元（壹万贰仟捌佰元伍角）签约：2026-11-20 期限：2026-12-01至2027-11-30 负责人：李娜 通过',
  );
});

it('an amount the server masks (字段权限) shows and prints as ****', async () => {
  mockPrintCalls({ ...DETAIL, Money: '****' });
  mockedApi.list.mockImplementation((async (url: string) =>
    url === 'api/printTemp/index' ? { rows: [{ id: 5, name: '销售合同（标准版）' }], total: 1 } : { rows: [{ ...ROW, Money: '****' }], total: 1 }) as never);
  const print = capturePrint();
  renderWithProviders(<ContractsTab customerId={7} />);
  expect(await screen.findByText('****')).toBeInTheDocument();
  await act(async () => fireEvent.click(screen.getByText('打印')));
  expect(print.text()).toContain('金额：**** 元（****）');
  expect(print.text()).not.toContain('12,800');
});
