import { useState } from 'react';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { renderWithProviders } from '../../test/render-with-providers';
import { api } from '@portal/shared-core';
import type { DirectoryUser, PickedUser } from './directory-types';
import { UserPicker } from './user-picker';

jest.mock('@portal/shared-core', () => ({
  ...jest.requireActual('@portal/shared-core'),
  api: { list: jest.fn(), fetch: jest.fn(), command: jest.fn(), post: jest.fn(), get: jest.fn() },
}));

const mockedApi = jest.mocked(api);

const users: DirectoryUser[] = Array.from({ length: 6 }, (_, i) => ({
  UserID: i + 1,
  NickName: `员工${i + 1}`,
  Header: '',
  Headimg: '',
  rolename: '销售',
  BranchID: 11,
  BranchName: '销售一部',
  QuitStatus: i === 5 ? 1 : 0,
}));

let latest: PickedUser[] = [];

function Harness({ max }: { max: number }) {
  const [value, setValue] = useState<PickedUser[]>([]);
  latest = value;
  return <UserPicker value={value} onChange={setValue} max={max} />;
}

async function openPicker(max: number) {
  renderWithProviders(<Harness max={max} />);
  fireEvent.click(screen.getByRole('button', { name: /选择人员/ }));
  await screen.findByText('员工1');
}

function rowOf(name: string): HTMLElement {
  return screen.getByText(name).closest('tr') as HTMLElement;
}

/** The row's checkbox or radio (queried directly: role queries are slow on antd tables). */
function pickOf(name: string, type: 'checkbox' | 'radio'): HTMLInputElement {
  return rowOf(name).querySelector(`input[type="${type}"]`) as HTMLInputElement;
}

beforeEach(() => {
  jest.clearAllMocks();
  latest = [];
  mockedApi.post.mockResolvedValue([{ id: 11, text: '销售一部', attributes: 2 }]);
  mockedApi.list.mockResolvedValue({ rows: users, total: 6 });
});

// The first opening of the picker (a modal with a tree and a table) in this file builds their styles
// and compiles their code: a one-time cost of the file, paid here rather than by the first test.
beforeAll(async () => {
  mockedApi.post.mockResolvedValue([{ id: 11, text: '销售一部', attributes: 2 }]);
  mockedApi.list.mockResolvedValue({ rows: users, total: 6 });
  const { unmount } = renderWithProviders(<Harness max={0} />);
  fireEvent.click(screen.getByRole('button', { name: /选择人员/ }));
  await screen.findByText('员工1');
  unmount();
});

describe('UserPicker', () => {
  it('asks for 20 users per page and shows role, department and 在职/离职', async () => {
    await openPicker(0);
    expect(mockedApi.list).toHaveBeenCalledWith('api/user/GetGridJson', expect.objectContaining({ rows: 20, page: 1, NickName: '' }), { silent: true });
    expect(within(rowOf('员工1')).getByText('在职')).toBeInTheDocument();
    expect(within(rowOf('员工6')).getByText('离职')).toBeInTheDocument();
    expect(within(rowOf('员工1')).getByText('销售一部')).toBeInTheDocument();
  });

  it('with max 5 (CC) stops at five people', async () => {
    await openPicker(5);
    for (let i = 1; i <= 5; i++) fireEvent.click(pickOf(`员工${i}`, 'checkbox'));
    await waitFor(() => expect(latest.map((u) => u.userid)).toEqual([1, 2, 3, 4, 5]));
    expect(pickOf('员工6', 'checkbox')).toBeDisabled();
    expect(screen.getByText(/已选择 5 人/)).toBeInTheDocument();
    expect(latest[0]).toEqual({ userid: 1, username: '员工1', header: '', branchid: 11, rolename: '销售', branchname: '销售一部' });
  });

  it('with max 1 keeps a single person: a new choice replaces the old', async () => {
    await openPicker(1);
    fireEvent.click(pickOf('员工2', 'radio'));
    await waitFor(() => expect(latest.map((u) => u.userid)).toEqual([2]));
    fireEvent.click(pickOf('员工3', 'radio'));
    await waitFor(() => expect(latest.map((u) => u.userid)).toEqual([3]));
  });

  it('filters the table by department', async () => {
    await openPicker(0);
    const tree = document.querySelector('.ant-tree') as HTMLElement;
    fireEvent.click(within(tree).getByText('销售一部'));
    await waitFor(() =>
      expect(mockedApi.list).toHaveBeenLastCalledWith('api/user/GetGridJson', expect.objectContaining({ BranchID: 11, page: 1 }), { silent: true }),
    );
  });
});
