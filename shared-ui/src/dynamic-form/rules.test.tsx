import { act } from '@testing-library/react';
import { renderWithProviders } from '../../test/render-with-providers';
import { Form, type FormInstance } from 'antd';
import { MESSAGES } from '@portal/shared-core';
import { BRANCH_PATTERN_MESSAGE, fieldRules, textLimitMessage, WORD_PATTERN_MESSAGE } from './rules';
import type { FieldDefinition } from './types';

function Nothing(_props: { value?: unknown }) {
  return null;
}

/** The messages antd's Form gives `value` under the field's rules. */
async function errorsFor(field: Partial<FieldDefinition> & { type: string }, value: unknown): Promise<string[]> {
  const definition: FieldDefinition = { field: 'x', title: '名称', ...field };
  let form: FormInstance | undefined;
  function Harness() {
    const [instance] = Form.useForm();
    form = instance;
    return (
      <Form form={instance} initialValues={{ x: value }}>
        <Form.Item name="x" rules={fieldRules(definition)}>
          <Nothing />
        </Form.Item>
      </Form>
    );
  }
  const { unmount } = renderWithProviders(<Harness />);
  let errors: string[] = [];
  await act(async () => {
    try {
      await form!.validateFields();
    } catch (error) {
      errors = (error as { errorFields: { errors: string[] }[] }).errorFields.flatMap((f) => f.errors);
    }
  });
  unmount();
  return errors;
}

describe('fieldRules', () => {
  it.each([
    ['input', '', MESSAGES.required],
    ['input', '   ', MESSAGES.required],
    ['textarea', undefined, MESSAGES.required],
    ['number', undefined, MESSAGES.required],
    ['switch', undefined, MESSAGES.required],
    ['ColorPicker', '', MESSAGES.required],
    ['city', [], MESSAGES.required],
    ['select', undefined, MESSAGES.selectRequired],
    ['radio', undefined, MESSAGES.selectRequired],
    ['date', undefined, MESSAGES.selectRequired],
    ['daterange', [], MESSAGES.selectRequired],
    ['user', undefined, MESSAGES.selectRequired],
    ['county', [], MESSAGES.required],
    ['property', [], MESSAGES.required],
    ['tablelist', [], MESSAGES.required],
    ['tags', '', MESSAGES.selectRequired],
    ['product', [], MESSAGES.productRequired],
    ['product', [{ productid: '' }], MESSAGES.productPick],
    ['picture', [], MESSAGES.pictureRequired],
    ['cover', '', MESSAGES.pictureRequired],
    ['file', [], MESSAGES.fileRequired],
  ])('a required empty %s says its default message', async (type, value, message) => {
    expect(await errorsFor({ type, required: true }, value)).toEqual([message]);
  });

  it("uses the item's own message first", async () => {
    expect(await errorsFor({ type: 'input', required: true, message: '请填写名称' }, '')).toEqual(['请填写名称']);
    expect(await errorsFor({ type: 'file', required: true, message: '请上传合同' }, [])).toEqual(['请上传合同']);
  });

  it('accepts filled values and optional empty ones', async () => {
    expect(await errorsFor({ type: 'product', required: true }, [{ productid: 3 }])).toEqual([]);
    expect(await errorsFor({ type: 'city', required: true }, [11, 1101])).toEqual([]);
    expect(await errorsFor({ type: 'input' }, undefined)).toEqual([]);
    expect(await errorsFor({ type: 'number', required: true }, 0)).toEqual([]);
    expect(await errorsFor({ type: 'switch', required: true, active: 1, inactive: 0 }, 1)).toEqual([]);
    expect(await errorsFor({ type: 'select', required: true }, 2)).toEqual([]);
  });

  it('limits text to 300 characters', async () => {
    expect(await errorsFor({ type: 'textarea' }, 'a'.repeat(301))).toEqual([textLimitMessage('名称')]);
    expect(await errorsFor({ type: 'input' }, '字'.repeat(300))).toEqual([]);
    expect(await errorsFor({ type: 'input', max: 100 }, 'a'.repeat(101))).toEqual([textLimitMessage('名称', 100)]);
    expect(await errorsFor({ type: 'input', max: 1000 }, 'a'.repeat(301))).toEqual([textLimitMessage('名称', 300)]);
  });

  it('lets switches and each city id hold only letters, digits, underscore or Chinese', async () => {
    expect(await errorsFor({ type: 'switch' }, 'on-1')).toEqual([WORD_PATTERN_MESSAGE]);
    expect(await errorsFor({ type: 'switch' }, '开_1')).toEqual([]);
    expect(await errorsFor({ type: 'city' }, [11, '11 01'])).toEqual([WORD_PATTERN_MESSAGE]);
  });

  it('allows commas in branch values only', async () => {
    expect(await errorsFor({ type: 'branch' }, '2,3')).toEqual([]);
    expect(await errorsFor({ type: 'branch' }, '2;3')).toEqual([BRANCH_PATTERN_MESSAGE]);
  });

  it('refuses blank user, contract and customer values', async () => {
    expect(await errorsFor({ type: 'customer' }, '  ')).toEqual([MESSAGES.selectRequired]);
    expect(await errorsFor({ type: 'contract' }, 9)).toEqual([]);
  });
});
