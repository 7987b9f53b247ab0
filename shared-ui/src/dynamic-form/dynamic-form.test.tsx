import { screen, waitFor } from '@testing-library/react';
import { api, MESSAGES } from '@portal/shared-core';
import { fieldSpan, labelLayout } from './dynamic-form';
import { pickOption, renderDynamicForm } from './testing/render-dynamic-form';

afterEach(() => jest.restoreAllMocks());

describe('DynamicForm', () => {
  it('shows 未知控件类型 for a type no control knows, and still renders the others', () => {
    renderDynamicForm([
      { type: 'hologram', field: 'x', title: '全息' },
      { type: 'input', field: 'name', title: '名称' },
    ]);
    expect(screen.getByText(MESSAGES.unknownControl)).toBeInTheDocument();
    expect(screen.getByText('全息')).toBeInTheDocument();
    expect(screen.getByLabelText('名称')).toBeInTheDocument();
  });

  it('re-parameterises a dependent field and clears it when the parent changes', async () => {
    const post = jest.spyOn(api, 'post').mockImplementation(async (_url, data) => {
      const parentid = (data as { parentid?: number }).parentid;
      return parentid === 1 ? [{ id: 11, name: '杭州' }] : [{ id: 21, name: '南京' }];
    });
    const { form } = renderDynamicForm([
      {
        type: 'select',
        field: 'province',
        title: '省份',
        options: [
          { label: '浙江', value: 1 },
          { label: '江苏', value: 2 },
        ],
      },
      {
        type: 'jcselect',
        field: 'city',
        field2: 'cityName',
        title: '城市',
        url: 'api/city/options',
        parent: 'province',
        parentParams: '{"parentid":"$parent"}',
      },
    ]);
    // No parent yet: the child asks for nothing.
    expect(post).not.toHaveBeenCalled();
    await pickOption('省份', '浙江');
    await waitFor(() => expect(post).toHaveBeenLastCalledWith('api/city/options', { parentid: 1 }, { silent: true }));
    await pickOption('城市', '杭州');
    expect(form.getFieldsValue(true)).toMatchObject({ province: 1, city: 11, cityName: '杭州' });

    await pickOption('省份', '江苏');
    expect(form.getFieldValue('city')).toBeUndefined();
    expect(form.getFieldValue('cityName')).toBeUndefined();
    await waitFor(() => expect(post).toHaveBeenLastCalledWith('api/city/options', { parentid: 2 }, { silent: true }));
    await pickOption('城市', '南京');
    expect(form.getFieldValue('city')).toBe(21);
  });

  it('lays fields out in the definition columns', () => {
    expect(fieldSpan({ type: 'input', field: 'a', title: 'A' }, 2)).toBe(12);
    expect(fieldSpan({ type: 'input', field: 'a', title: 'A', column: 2 }, 2)).toBe(24);
    expect(fieldSpan({ type: 'input', field: 'a', title: 'A' }, 3)).toBe(8);
    expect(fieldSpan({ type: 'input', field: 'a', title: 'A', column: 2 }, 3)).toBe(16);
    expect(fieldSpan({ type: 'divider', field: '', title: '分组' }, 3)).toBe(24);
  });

  it('takes label width, position and background from the definition (width 100 by default)', () => {
    expect(labelLayout({})).toMatchObject({ labelCol: { flex: '100px' }, labelAlign: 'right', wrapperCol: { flex: '1 1 0' } });
    expect(labelLayout({ labelwidth: 140, labelposition: 'left', labelbg: '#f5f5f5' })).toMatchObject({
      labelAlign: 'left',
      labelCol: { flex: '140px', style: { background: '#f5f5f5' } },
    });
    expect(labelLayout({ labelposition: 'top' })).toMatchObject({ layout: 'vertical' });
    renderDynamicForm([{ type: 'input', field: 'name', title: '名称' }], { definition: { labelwidth: 130, labelbg: 'rgb(250, 250, 250)' } });
    const label = screen.getByText('名称').closest('.ant-form-item-label') as HTMLElement;
    expect(label.style.flex).toContain('130px');
    expect(label.style.background).toBe('rgb(250, 250, 250)');
  });
});
