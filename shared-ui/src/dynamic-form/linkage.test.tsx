import { act, screen, waitFor } from '@testing-library/react';
import { detailItems } from './dynamic-detail-view';
import { linkageKey, linkageState, ruleMatches, valueTexts } from './linkage';
import { definitionOf } from './testing/render-dynamic-form';
import { renderDynamicForm } from './testing/render-dynamic-form';
import type { FieldDefinition } from './types';

describe('field linkage rules', () => {
  const fields: FieldDefinition[] = [
    { type: 'radio', field: 'kind', title: '类别', required: true },
    { type: 'input', field: 'other', title: '其他', linkage: [{ when: 'kind', values: ['other'], effect: 'show' }] },
    { type: 'input', field: 'detail', title: '详情', linkage: [{ when: 'other', values: ['yes'], effect: 'show' }] },
    { type: 'input', field: 'secret', title: '内部', linkage: [{ when: 'kind', values: ['public'], effect: 'hide' }] },
    { type: 'input', field: 'reason', title: '原因', linkage: [{ when: 'kind', values: ['late', 'other'], effect: 'require' }] },
  ];

  it('matches single values, comma lists, arrays and booleans', () => {
    expect(valueTexts('a, b')).toEqual(['a, b', 'a', 'b']);
    expect(ruleMatches({ values: ['b'] }, 'a,b')).toBe(true);
    expect(ruleMatches({ values: ['1'] }, true)).toBe(true);
    expect(ruleMatches({ values: ['2'] }, 2)).toBe(true);
    expect(ruleMatches({ values: ['x'] }, undefined)).toBe(false);
  });

  it('shows, hides and requires, following chains through hidden fields', () => {
    const values: Record<string, unknown> = { kind: 'other', other: 'yes' };
    const a = linkageState(fields, (n) => values[n]);
    expect(a.get('other')).toEqual({ visible: true, required: false });
    expect(a.get('detail')?.visible).toBe(true);
    expect(a.get('reason')).toEqual({ visible: true, required: true });
    values.kind = 'public';
    const b = linkageState(fields, (n) => values[n]);
    expect(b.get('other')?.visible).toBe(false);
    expect(b.get('detail')?.visible).toBe(false);
    expect(b.get('secret')?.visible).toBe(false);
    expect(b.get('reason')).toEqual({ visible: true, required: false });
    expect(linkageKey(fields, (n) => values[n])).toBe('rhhhv');
    expect(linkageKey([{ field: 'x' }], () => undefined)).toBe('');
  });

  it('leaves hidden fields out of the detail view', () => {
    const definition = definitionOf([
      { type: 'input', field: 'kind', title: '类别' },
      { type: 'input', field: 'other', title: '其他说明', linkage: [{ when: 'kind', values: ['其他'], effect: 'show' }] },
    ]);
    expect(detailItems(definition, { kind: '普通' }).map((i) => i.label)).toEqual(['类别']);
    expect(detailItems(definition, { kind: '其他', other: 'x' }).map((i) => i.label)).toEqual(['类别', '其他说明']);
  });

  it('is applied live by the dynamic form', async () => {
    const { form, validate } = renderDynamicForm([
      {
        type: 'radio',
        field: 'kind',
        title: '类别',
        options: [
          { label: '普通', value: 'normal' },
          { label: '其他', value: 'other' },
        ],
      },
      {
        type: 'input',
        field: 'note',
        title: '说明',
        linkage: [
          { when: 'kind', values: ['other'], effect: 'show' },
          { when: 'kind', values: ['other'], effect: 'require' },
        ],
      },
    ]);
    expect(screen.queryByLabelText('说明')).toBeNull();
    act(() => form.setFieldValue('kind', 'other'));
    expect(await screen.findByLabelText('说明')).toBeInTheDocument();
    expect((await validate()).errors).toEqual(['信息必须填写']);
    act(() => form.setFieldValue('kind', 'normal'));
    await waitFor(() => expect(screen.queryByLabelText('说明')).toBeNull());
    expect((await validate()).errors).toEqual([]);
  });
});
