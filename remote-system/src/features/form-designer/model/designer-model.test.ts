import { CONTROL_TYPES } from '@portal/shared-ui';
import { CONTROL_CATALOGUE } from './control-catalogue';
import { fieldAtFault, fromReply, insertField, moveField, newField, removeField, saveBody, updateField, type DesignField } from './designer-model';

const field = (title: string, name: string, type = 'input'): DesignField => ({ key: name, def: { type, field: name, title }, status: 1, isshow: 1 });

describe('designer model', () => {
  it('the palette has exactly the 30 control types of the engine', () => {
    expect(CONTROL_CATALOGUE.map((c) => c.type).sort()).toEqual([...CONTROL_TYPES].sort());
  });

  it('new fields get free names, their type’s defaults and placeholders', () => {
    const a = newField([], 'input');
    expect(a.def).toMatchObject({ type: 'input', field: 'input1', title: '单行文本', placeholder: '请输入单行文本', max: 100 });
    const b = newField([a], 'input');
    expect(b.def.field).toBe('input2');
    expect(newField([], 'user').def).toMatchObject({ field: 'user1', field2: 'user1_name', max: 1 });
    expect(newField([], 'divider').def.field).toBe('');
    expect(newField([], 'select').def.options).toHaveLength(2);
  });

  it('inserts, moves, removes and updates', () => {
    let list = [field('甲', 'a'), field('乙', 'b'), field('丙', 'c')];
    list = moveField(list, 2, 0);
    expect(list.map((f) => f.key)).toEqual(['c', 'a', 'b']);
    expect(moveField(list, 0, 9).map((f) => f.key)).toEqual(['c', 'a', 'b']);
    list = insertField(list, field('丁', 'd'), 1);
    expect(list.map((f) => f.key)).toEqual(['c', 'd', 'a', 'b']);
    list = removeField(list, 'a');
    list = updateField(list, 'b', { title: '新乙', placeholder: '', required: true });
    expect(list.find((f) => f.key === 'b')?.def).toEqual({ type: 'input', field: 'b', title: '新乙', required: true });
  });

  it('names the field a server message is about', () => {
    const list = [field('客户名称', 'name'), field('金额', 'amount'), field('金额2', 'amount2')];
    expect(fieldAtFault(list, '第2个字段的定义不是有效的JSON')).toBe(1);
    expect(fieldAtFault(list, '字段“金额”已有数据，不能把控件类型从“单行文本”改为“数字”')).toBe(1);
    expect(fieldAtFault(list, '字段名“amount”重复（字段“金额”和“金额2”）')).toBe(2);
    expect(fieldAtFault(list, '字段“客户名称”的联动条件字段“zz”不存在')).toBe(0);
    expect(fieldAtFault(list, '表单标识“x”已存在')).toBe(-1);
  });

  it('reads a stored design and sends the settings with the complete list', () => {
    const state = fromReply({
      id: 5,
      mode: 'visit',
      title: '拜访',
      category: '',
      cols: 2,
      labelwidth: 100,
      labelposition: 'top',
      labelbg: '',
      is_workflow: 0,
      is_builtin: 0,
      api_add: 'api/module/add',
      api_edit: '',
      api_detail: '',
      fieldCount: 1,
      AddTime: '2025-01-02 09:00:00',
      UpdateTime: '2025-01-02 09:00:00',
      items: [{ id: 9, json: '{"type":"input","field":"a","title":"甲"}', status: 1, isshow: 0 }],
    });
    expect(state.settings.labelposition).toBe('top');
    const edit = saveBody(5, { ...state, fields: [...state.fields, field('乙', 'b')] });
    expect(edit).toMatchObject({ id: 5, title: '拜访', cols: 2 });
    expect(edit).not.toHaveProperty('mode');
    expect(JSON.parse(edit.items as string)).toEqual([
      { id: 9, json: { type: 'input', field: 'a', title: '甲' }, status: 1, isshow: 0 },
      { json: { type: 'input', field: 'b', title: '乙' }, status: 1, isshow: 1 },
    ]);
    expect(saveBody(0, state)).toMatchObject({ mode: 'visit' });
  });
});
