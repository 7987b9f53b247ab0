/**
 * 下次跟进时间 (issue #31): a time that has passed is marked 已逾期 where it is shown (the customer
 * list, the customer's details, the follow-up records), and a new one is picked only from now on —
 * the pickers offer no earlier day, and a time that passed while the form was open is refused in the
 * server's words; an edit keeps a stored time that has passed.
 */
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { renderWithProviders } from '@portal/shared-ui/test/render-with-providers';
import { api, dayjs, emptyPermissionTree, useSessionStore } from '@portal/shared-core';
import { nextFollowUpRule } from '@portal/shared-ui';
import { columnsOf } from './customer-columns';
import { CustomerDetailPanel } from './customer-detail-panel';
import { CustomerFormPanel } from './customer-form-panel';
import { FollowUpTab } from './follow-up-tab';
import { LEAD_SOURCES, makeCustomer, makeCustomerDetail } from '../testing/customer-fixtures';

jest.mock('@portal/shared-core', () => ({
  ...jest.requireActual('@portal/shared-core'),
  api: { list: jest.fn(), fetch: jest.fn(), command: jest.fn(), post: jest.fn(), get: jest.fn() },
}));
const mockedApi = jest.mocked(api);

const PAST = dayjs().subtract(2, 'day').format('YYYY-MM-DD HH:mm:ss');
const FUTURE = dayjs().add(2, 'day').format('YYYY-MM-DD HH:mm:ss');

beforeEach(() => {
  jest.clearAllMocks();
  useSessionStore.getState().login({ LoginToken: 'k', UserID: 7, NickName: '张三', header: '', ShopID: 1 }, emptyPermissionTree());
  mockedApi.list.mockResolvedValue({ rows: [], total: 0 });
  mockedApi.fetch.mockImplementation(async (url: string) => (url === 'api/customer/Subtotal' ? { followups: 0 } : undefined) as never);
  mockedApi.post.mockResolvedValue(LEAD_SOURCES);
  mockedApi.get.mockResolvedValue([] as never);
});

/** What the customer list's 下次跟进 column shows for a value. */
function listCell(nextgenjintime: string | null) {
  const [column] = columnsOf(['nextgenjintime']) as { render: (v: unknown, row: unknown, i: number) => React.ReactNode }[];
  return render(<div data-testid="cell">{column.render(nextgenjintime, makeCustomer({ nextgenjintime: nextgenjintime ?? '' }), 0)}</div>);
}

it('the customer list marks a passed next follow-up 已逾期, not a coming one', () => {
  const { unmount } = listCell(PAST);
  expect(within(screen.getByTestId('cell')).getByText('已逾期')).toBeInTheDocument();
  expect(screen.getByTestId('cell')).toHaveTextContent(PAST.slice(0, 16));
  unmount();
  listCell(FUTURE);
  expect(within(screen.getByTestId('cell')).queryByText('已逾期')).toBeNull();
});

it('the customer’s details mark it 已逾期', async () => {
  renderWithProviders(
    <MemoryRouter>
      <CustomerDetailPanel
        open
        customer={makeCustomerDetail({ nextgenjintime: PAST })}
        loading={false}
        canEdit
        canDelete
        onClose={() => undefined}
        onEdit={() => undefined}
      />
    </MemoryRouter>,
  );
  const row = (await screen.findByText('下次跟进时间')).closest('tr') as HTMLElement;
  expect(within(row).getByText('已逾期')).toBeInTheDocument();
});

it('a follow-up record marks its passed next follow-up; the add form offers no day before today', async () => {
  mockedApi.list.mockResolvedValue({
    rows: [
      { id: 1, contactName: '', status: '', Ext: '电话', genjinTime: PAST, nextgenjintime: PAST, beizhu: '电话沟通', gjtype: 0, CretateName: '李娜' },
      { id: 2, contactName: '', status: '', Ext: '电话', genjinTime: PAST, nextgenjintime: FUTURE, beizhu: '再次电话', gjtype: 0, CretateName: '李娜' },
    ],
    total: 2,
  });
  renderWithProviders(<FollowUpTab customerId={9} canWrite />);
  const first = (await screen.findByText('电话沟通')).closest('.ant-list-item') as HTMLElement;
  expect(within(first).getByText('已逾期')).toBeInTheDocument();
  expect(within(screen.getByText('再次电话').closest('.ant-list-item') as HTMLElement).queryByText('已逾期')).toBeNull();

  const picker = screen.getByLabelText('下次跟进时间') as HTMLInputElement;
  await act(async () => {
    fireEvent.mouseDown(picker);
    fireEvent.focus(picker);
    fireEvent.click(picker);
  });
  const cell = (day: dayjs.Dayjs) => document.querySelector(`.ant-picker-dropdown td[title="${day.format('YYYY-MM-DD')}"]`);
  await waitFor(() => expect(cell(dayjs())).not.toBeNull());
  expect(cell(dayjs())).not.toHaveClass('ant-picker-cell-disabled');
  const yesterday = cell(dayjs().subtract(1, 'day'));
  if (yesterday) expect(yesterday).toHaveClass('ant-picker-cell-disabled');
  expect(cell(dayjs().add(1, 'day')) ?? cell(dayjs())).not.toHaveClass('ant-picker-cell-disabled');
});

it('the rule refuses a time before this minute in the server’s words, and lets an edit keep its stored time', async () => {
  const validate = (value: dayjs.Dayjs | null, stored?: string) => {
    const rule = nextFollowUpRule(stored) as { validator: (r: unknown, v: unknown) => Promise<void> };
    return rule.validator({}, value);
  };
  await expect(validate(dayjs().subtract(5, 'minute'))).rejects.toThrow('下次跟进时间不能早于当前时间');
  await expect(validate(dayjs().add(5, 'minute'))).resolves.toBeUndefined();
  await expect(validate(null)).resolves.toBeUndefined();
  await expect(validate(dayjs(PAST), PAST)).resolves.toBeUndefined();
});

it('新建客户 offers no day before today for 下次跟进时间', async () => {
  renderWithProviders(<CustomerFormPanel open customer={null} onClose={() => undefined} />);
  await screen.findByText('新建客户', { selector: '.ant-drawer-title' });
  const picker = screen.getByLabelText('下次跟进时间') as HTMLInputElement;
  await act(async () => {
    fireEvent.mouseDown(picker);
    fireEvent.focus(picker);
    fireEvent.click(picker);
  });
  const yesterday = document.querySelector(`.ant-picker-dropdown td[title="${dayjs().subtract(1, 'day').format('YYYY-MM-DD')}"]`);
  const today = document.querySelector(`.ant-picker-dropdown td[title="${dayjs().format('YYYY-MM-DD')}"]`);
  expect(today).not.toHaveClass('ant-picker-cell-disabled');
  if (yesterday) expect(yesterday).toHaveClass('ant-picker-cell-disabled');
});
