/**
 * Each complex control adapts its picker or widget to the form's value shapes (contract "In-form
 * value shapes"). The heavier pickers are stubbed here (they have their own tests); what is checked
 * is what each control reads from and writes to the form.
 */
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { renderWithProviders } from '../../../../test/render-with-providers';
import { api } from '@portal/shared-core';
import { complexControls } from '../complex-controls';
import { pickOption, renderDynamicForm } from '../../testing/render-dynamic-form';
import type { ControlType, FieldDefinition } from '../../types';

jest.mock('@portal/shared-core', () => ({
  ...jest.requireActual('@portal/shared-core'),
  api: { list: jest.fn(), fetch: jest.fn(), command: jest.fn(), post: jest.fn(), get: jest.fn() },
}));

jest.mock('../../../pickers/customer-picker', () => ({
  CustomerPicker: ({ open, onSelect }: { open: boolean; onSelect: (c: unknown) => void }) =>
    open ? (
      <>
        <button onClick={() => onSelect({ id: 5, CustomerName: '杭州云帆贸易' })}>选这个客户</button>
        <button onClick={() => onSelect({ id: 6, CustomerName: '上海华信科技' })}>选另一个客户</button>
      </>
    ) : null,
}));
jest.mock('../../../pickers/picture-picker', () => ({
  PicturePicker: ({ open, max, onSelect }: { open: boolean; max: number; onSelect: (p: unknown[]) => void }) =>
    open ? (
      <button data-max={max} onClick={() => onSelect([{ id: 2, url: '/files/b.png', filename: 'b.png' }])}>
        选这张图
      </button>
    ) : null,
}));
jest.mock('../../../pickers/department-picker', () => ({
  DepartmentPicker: ({ open, max, onSelect }: { open: boolean; max: number; onSelect: (n: unknown[]) => void }) =>
    open ? (
      <button
        data-max={max}
        onClick={() =>
          onSelect([
            { id: 11, text: '销售一部' },
            { id: 12, text: '销售二部' },
          ])
        }
      >
        选这些部门
      </button>
    ) : null,
}));
jest.mock('../../../widgets/upload-widget', () => ({
  UploadWidget: ({ params, max, onUploaded }: { params: Record<string, unknown>; max: number; onUploaded: (f: unknown) => void }) => (
    <button data-params={JSON.stringify(params)} data-max={max} onClick={() => onUploaded(uploadedFile)}>
      假装上传
    </button>
  ),
}));
jest.mock('../../../widgets/rich-text-editor', () => ({
  RichTextEditor: ({ value, onChange, height }: { value: string; onChange: (v: string) => void; height: number }) => (
    <textarea aria-label="正文" data-height={height} value={value} onChange={(e) => onChange(e.target.value)} />
  ),
}));

const mockedApi = jest.mocked(api);

const uploadedFile = { id: 9, FileName: '合同.pdf', url: '/files/9.pdf', format: 'pdf', size: 2048, userid: 7, username: '张三', addTime: '2026-11-05 10:00' };

type Harness = { values: Record<string, unknown>; onChange: jest.Mock };

function renderControl(type: ControlType, field: Partial<FieldDefinition>, initial: Record<string, unknown> = {}, disabled = false): Harness {
  const values: Record<string, unknown> = { ...initial };
  const definition: FieldDefinition = { type, field: 'f', title: '字段', ...field };
  const onChange = jest.fn((next: unknown) => {
    values[definition.field] = next;
  });
  const Control = complexControls[type];
  if (!Control) throw new Error(`no control for ${type}`);
  renderWithProviders(
    <Control
      field={definition}
      value={values[definition.field]}
      onChange={onChange}
      getFormValue={(name) => values[name]}
      setFormValue={(name, next) => {
        values[name] = next;
      }}
      params={{}}
      disabled={disabled}
      mode={disabled ? 'view' : 'create'}
      formCode="code-1"
      recordId="0"
    />,
  );
  return { values, onChange };
}

beforeEach(() => {
  jest.clearAllMocks();
  mockedApi.post.mockResolvedValue([{ id: 1, text: '华东分公司', attributes: 1, children: [{ id: 11, text: '销售一部', attributes: 2 }] }]);
  mockedApi.list.mockImplementation(async (url: string) =>
    url === 'api/contract/index'
      ? { rows: [{ id: 4, orderSn: 'HT-004', customerName: '华信', Money: 100 }], total: 1 }
      : { rows: [{ UserID: 2, NickName: '李四', Header: '/h/2.png', rolename: '销售', BranchID: 11, BranchName: '销售一部', QuitStatus: 0 }], total: 1 },
  );
  mockedApi.get.mockImplementation(async (_url: string, params?: Record<string, unknown>) => {
    const p = params as { type: number; parentid?: number };
    if (p.type === 1) return [{ id: 11, name: '北京市' }];
    if (p.type === 2) return [{ id: 1101, name: '市辖区' }];
    return [{ id: 110101, name: '东城区' }];
  });
});

describe('complex controls', () => {
  it('registers every picker-based type', () => {
    expect(Object.keys(complexControls).sort()).toEqual(
      ['branch', 'city', 'contract', 'county', 'cover', 'customer', 'editor', 'file', 'picture', 'product', 'tree', 'user', 'users'].sort(),
    );
  });

  it('user: id plus field2 name, one person from the user picker', async () => {
    const { values, onChange } = renderControl('user', { field2: 'fname' }, { f: 7, fname: '张三' });
    expect(screen.getByText('张三')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: /选择人员/ }));
    await screen.findByText('李四');
    fireEvent.click(screen.getByText('李四').closest('tr')?.querySelector('input[type="radio"]') as HTMLInputElement);
    expect(onChange).toHaveBeenCalledWith(2);
    expect(values.fname).toBe('李四');
  });

  it("users: 'id,id' plus field2 [{userid, username, header}]", () => {
    const { values, onChange } = renderControl(
      'users',
      { field2: 'people', max: 5 },
      {
        f: '1,2',
        people: [
          { userid: 1, username: '张三', header: '' },
          { userid: 2, username: '李四', header: '/h/2.png' },
        ],
      },
    );
    expect(screen.getByText('张三')).toBeInTheDocument();
    const firstTag = screen.getByText('张三').closest('.ant-tag') as HTMLElement;
    fireEvent.click(firstTag.querySelector('.ant-tag-close-icon') as HTMLElement);
    expect(onChange).toHaveBeenCalledWith('2');
    expect(values.people).toEqual([{ userid: 2, username: '李四', header: '/h/2.png' }]);
  });

  it('customer: id plus field2 name from the customer picker', () => {
    const { values, onChange } = renderControl('customer', { field2: 'cname' }, { f: 3, cname: '上海华信' });
    expect(screen.getByDisplayValue('上海华信')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: '选择' }));
    fireEvent.click(screen.getByText('选这个客户'));
    expect(onChange).toHaveBeenCalledWith(5);
    expect(values.cname).toBe('杭州云帆贸易');
  });

  it('contract: id plus field2 orderSn from the contract select', async () => {
    const { values, onChange } = renderControl('contract', { field2: 'sn' }, { f: 3, sn: 'HT-003' });
    expect(screen.getByText('HT-003')).toBeInTheDocument();
    fireEvent.mouseDown(screen.getByRole('combobox'));
    let option: HTMLElement | null = null;
    await waitFor(() => {
      option = document.querySelector('.ant-select-item-option[title="HT-004"]');
      expect(option).not.toBeNull();
    });
    expect(mockedApi.list).toHaveBeenCalledWith('api/contract/index', { dataType: 'all', key: '', page: 1, rows: 20 }, { silent: true });
    await act(async () => {
      fireEvent.click(option as unknown as HTMLElement);
    });
    expect(onChange).toHaveBeenCalledWith(4);
    expect(values.sn).toBe('HT-004');
  });

  it('product: the line items, read-only when the form is', () => {
    renderControl(
      'product',
      {},
      {
        f: [
          {
            id: 5,
            productid: 5,
            title: '矿泉水',
            standard: '500ml',
            number: 2,
            price: 1,
            sellingprice: 2.5,
            xinghao: 'P5',
            unit: '瓶',
            danwei: '瓶',
            shuihao: '',
            xiaoji: 5,
            warehousename: '默认仓库',
            warehouseid: 0,
          },
        ],
      },
      true,
    );
    expect(screen.getByText('矿泉水')).toBeInTheDocument();
    expect(screen.getByText('5.00')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /添加产品/ })).not.toBeInTheDocument();
  });

  it('picture: [{id, url, filename}], appended from the picture picker, removable', () => {
    const { onChange } = renderControl('picture', { max: 3 }, { f: [{ id: 1, url: '/files/a.png', filename: 'a.png' }] });
    expect(document.querySelector('img[src="/files/a.png"]')).not.toBeNull();
    fireEvent.click(screen.getByRole('button', { name: /选择图片/ }));
    expect(screen.getByText('选这张图')).toHaveAttribute('data-max', '2');
    fireEvent.click(screen.getByText('选这张图'));
    expect(onChange).toHaveBeenLastCalledWith([
      { id: 1, url: '/files/a.png', filename: 'a.png' },
      { id: 2, url: '/files/b.png', filename: 'b.png' },
    ]);
    fireEvent.click(screen.getByLabelText('移除图片'));
    expect(onChange).toHaveBeenLastCalledWith([]);
  });

  it('cover: the url of one picture', () => {
    const { onChange } = renderControl('cover', {});
    fireEvent.click(screen.getByRole('button', { name: /选择封面/ }));
    expect(screen.getByText('选这张图')).toHaveAttribute('data-max', '1');
    fireEvent.click(screen.getByText('选这张图'));
    expect(onChange).toHaveBeenCalledWith('/files/b.png');
  });

  it('file: uploaded files under the form code, at most max (default 1)', () => {
    const { onChange } = renderControl('file', { max: 2 }, { f: [] });
    const upload = screen.getByText('假装上传');
    expect(JSON.parse(upload.getAttribute('data-params') ?? '{}')).toEqual({ code: 'code-1', modelId: '0' });
    fireEvent.click(upload);
    expect(onChange).toHaveBeenCalledWith([uploadedFile]);
  });

  it('file: no more uploads once max files are attached; the list shows name and size', () => {
    renderControl('file', {}, { f: [uploadedFile] });
    expect(screen.getByText('合同.pdf')).toBeInTheDocument();
    expect(screen.getByText('2.0Mb')).toBeInTheDocument();
    expect(screen.queryByText('假装上传')).not.toBeInTheDocument();
  });

  it('editor: an HTML string, height 360 by default', () => {
    const { onChange } = renderControl('editor', {}, { f: '<p>旧</p>' });
    const editor = screen.getByLabelText('正文');
    expect(editor).toHaveAttribute('data-height', '360');
    fireEvent.change(editor, { target: { value: '<p>新</p>' } });
    expect(onChange).toHaveBeenCalledWith('<p>新</p>');
  });

  it('city: [provinceId, cityId] shown by name', async () => {
    renderControl('city', {}, { f: [11, 1101] });
    expect(await screen.findByText('北京市 / 市辖区')).toBeInTheDocument();
  });

  it('county: [provinceId, cityId, districtId] shown by name', async () => {
    renderControl('county', {}, { f: ['11', '1101', '110101'] });
    expect(await screen.findByText('北京市 / 市辖区 / 东城区')).toBeInTheDocument();
  });

  it("branch: 'id,id' plus field2 names from the department picker (max from the field)", () => {
    const { values, onChange } = renderControl('branch', { field2: 'bname', max: 2 });
    fireEvent.click(screen.getByRole('button', { name: '选择' }));
    expect(screen.getByText('选这些部门')).toHaveAttribute('data-max', '2');
    fireEvent.click(screen.getByText('选这些部门'));
    expect(onChange).toHaveBeenCalledWith('11,12');
    expect(values.bname).toBe('销售一部,销售二部');
  });

  it('tree: a node id plus field2 text from the tree popover', async () => {
    const { values, onChange } = renderControl('tree', { field2: 'tname' });
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: '选择' }));
    });
    expect(mockedApi.post).toHaveBeenCalledWith('api/branch/TreeJson', { group: true });
    const node = await screen.findByText('销售一部');
    fireEvent.click((node.closest('.ant-flex') as HTMLElement).querySelector('button') as HTMLButtonElement);
    expect(onChange).toHaveBeenCalledWith(11);
    expect(values.tname).toBe('销售一部');
  });
});

describe('a contract select that depends on the customer (进件’s 关联合同)', () => {
  it('asks for nothing before a customer is chosen, then for that customer’s contracts with their names; another customer clears the choice', async () => {
    mockedApi.list.mockImplementation((async (url: string, params: { customerId?: number }) =>
      url === 'api/contract/index'
        ? params.customerId === 5
          ? { rows: [{ id: 4, orderSn: 'HT-004', title: '年度服务合同', customerName: '杭州云帆贸易' }], total: 1 }
          : { rows: [{ id: 7, orderSn: 'HT-007', title: '设备采购合同', customerName: '上海华信科技' }], total: 1 }
        : { rows: [], total: 0 }) as never);
    const { form } = renderDynamicForm([
      { type: 'customer', field: 'customerId', field2: 'customerName', title: '客户' },
      {
        type: 'contract',
        field: 'contractId',
        field2: 'contractName',
        title: '关联合同',
        url: 'api/contract/index',
        params: '{"dataType":"all"}',
        parent: 'customerId',
      },
    ]);
    // No customer yet: the select is closed to choice and asks for nothing.
    expect(screen.getByRole('combobox', { name: '关联合同' })).toBeDisabled();
    expect(screen.getByText('请先选择客户')).toBeInTheDocument();
    expect(mockedApi.list).not.toHaveBeenCalled();

    fireEvent.click(screen.getByRole('button', { name: '选择' }));
    fireEvent.click(screen.getByText('选这个客户'));
    await waitFor(() => expect(screen.getByRole('combobox', { name: '关联合同' })).toBeEnabled());
    await pickOption('关联合同', 'HT-004（年度服务合同）');
    expect(mockedApi.list).toHaveBeenCalledWith('api/contract/index', { dataType: 'all', customerId: 5, key: '', page: 1, rows: 20 }, { silent: true });
    expect(mockedApi.list).not.toHaveBeenCalledWith('api/contract/index', expect.not.objectContaining({ customerId: expect.anything() }), expect.anything());
    expect(form.getFieldsValue(true)).toMatchObject({ customerId: 5, contractId: 4, contractName: 'HT-004' });

    // Another customer: the stale contract is cleared and the list asked again for the new one.
    fireEvent.click(screen.getByRole('button', { name: '选择' }));
    fireEvent.click(screen.getByText('选另一个客户'));
    expect(form.getFieldValue('contractId')).toBeUndefined();
    expect(form.getFieldValue('contractName')).toBeUndefined();
    await pickOption('关联合同', 'HT-007（设备采购合同）');
    expect(mockedApi.list).toHaveBeenLastCalledWith('api/contract/index', { dataType: 'all', customerId: 6, key: '', page: 1, rows: 20 }, { silent: true });
    expect(form.getFieldsValue(true)).toMatchObject({ customerId: 6, contractId: 7, contractName: 'HT-007' });
  });
});
