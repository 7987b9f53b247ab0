import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { renderWithProviders } from '../../test/render-with-providers';
import { ListPage } from './list-page';
import { compactSearchValues } from './search-values';
import type { FieldDefinition } from '../dynamic-form/types';

type Row = { id: number; name: string };

const FIELDS: FieldDefinition[] = [
  { type: 'input', field: 'CustomerName', title: '客户名称', required: true },
  { type: 'input', field: 'industry', title: '所属行业' },
  { type: 'number', field: 'amount', title: '金额' },
  { type: 'select', field: 'level', title: '客户级别', options: [{ label: 'A', value: 'A' }] },
  // Pickers have no plain search control: never offered.
  { type: 'user', field: 'owner_id', title: '负责人' },
];

function renderSearch(values: Record<string, unknown> = {}) {
  const onSearch = jest.fn();
  renderWithProviders(
    <ListPage<Row>
      rowKey="id"
      columns={[{ title: '客户名称', dataIndex: 'name' }]}
      rows={[]}
      total={0}
      page={1}
      pageSize={10}
      onPageChange={jest.fn()}
      advancedSearch={{ fields: FIELDS, values, onSearch }}
    />,
  );
  return onSearch;
}

async function openDrawer(): Promise<HTMLElement> {
  fireEvent.click(screen.getByRole('button', { name: /高级搜索/ }));
  const title = await screen.findByText('高级搜索', { selector: '.ant-drawer-title' });
  return title.closest('[role="dialog"]') as HTMLElement;
}

describe('高级搜索', () => {
  it('drops empty values, trims text and runs the filter', async () => {
    const onSearch = renderSearch();
    const drawer = await openDrawer();
    // The first three searchable fields are offered at first; none is marked required.
    expect(within(drawer).getByLabelText('客户名称')).toBeInTheDocument();
    expect(within(drawer).getByLabelText('所属行业')).toBeInTheDocument();
    expect(drawer.querySelector('.ant-form-item-required')).toBeNull();
    fireEvent.change(within(drawer).getByLabelText('客户名称'), { target: { value: '  华信 ' } });
    fireEvent.change(within(drawer).getByLabelText('所属行业'), { target: { value: '   ' } });
    fireEvent.click(within(drawer).getByRole('button', { name: '搜索' }));
    await waitFor(() => expect(onSearch).toHaveBeenCalledWith({ CustomerName: '华信' }));
  });

  it('lets the user pick other fields, and never offers pickers', async () => {
    const onSearch = renderSearch();
    const drawer = await openDrawer();
    fireEvent.mouseDown(within(drawer).getByRole('combobox', { name: '搜索字段' }));
    const listbox = await screen.findAllByTitle('客户级别');
    expect(screen.queryByTitle('负责人')).toBeNull();
    fireEvent.click(listbox[listbox.length - 1]);
    fireEvent.mouseDown(await within(drawer).findByRole('combobox', { name: '客户级别' }));
    const options = await screen.findAllByTitle('A');
    fireEvent.click(options[options.length - 1]);
    fireEvent.click(within(drawer).getByRole('button', { name: '搜索' }));
    await waitFor(() => expect(onSearch).toHaveBeenCalledWith({ level: 'A' }));
  });

  it('opens on the filter in force', async () => {
    renderSearch({ industry: '制造' });
    const drawer = await openDrawer();
    expect(within(drawer).getByLabelText('所属行业')).toHaveValue('制造');
    expect(within(drawer).queryByLabelText('客户名称')).toBeNull();
  });
});

describe('compactSearchValues', () => {
  it('leaves out undefined, null, blank text and empty lists, keeping 0 and false', () => {
    expect(compactSearchValues({ a: undefined, b: null, c: ' ', d: [], e: 0, f: false, g: ' x ', h: ['1'] })).toEqual({ e: 0, f: false, g: 'x', h: ['1'] });
  });
});
