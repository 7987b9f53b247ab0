import { dependentsOf, fieldParams, formFields, parentReady } from './fields';
import type { FieldDefinition } from './types';

describe('form definition fields', () => {
  it('parses items given as JSON strings or objects; an unreadable one becomes an unknown type', () => {
    const fields = formFields({
      items: [{ json: '{"type":"input","field":"name","title":"名称"}' }, { json: { type: 'date', field: 'day', title: '日期' } }, { json: '{oops' }],
    });
    expect(fields.map((f) => f.type)).toEqual(['input', 'date', 'unreadable']);
    expect(fields[0].title).toBe('名称');
  });

  it('adds the parent value to the params under the parentParams names', () => {
    const values: Record<string, unknown> = { province: 11, kind: 'a' };
    const child: FieldDefinition = {
      type: 'jcselect',
      field: 'city',
      title: '城市',
      params: '{"type":2}',
      parent: 'province',
      parentParams: '{"parentid":"$parent","k":"kind"}',
    };
    expect(fieldParams(child, (n) => values[n])).toEqual({ type: 2, parentid: 11, k: 'a' });
    expect(fieldParams({ ...child, parentParams: undefined }, (n) => values[n])).toEqual({ type: 2, province: 11 });
    expect(parentReady(child, (n) => values[n])).toBe(true);
    expect(parentReady(child, () => '')).toBe(false);
  });

  it('finds dependents through every generation', () => {
    const fields: FieldDefinition[] = [
      { type: 'select', field: 'a', title: 'A' },
      { type: 'jcselect', field: 'b', title: 'B', parent: 'a' },
      { type: 'jcselect', field: 'c', title: 'C', parent: 'b' },
      { type: 'input', field: 'd', title: 'D' },
    ];
    expect(dependentsOf(fields, 'a').map((f) => f.field)).toEqual(['b', 'c']);
    expect(dependentsOf(fields, 'd')).toEqual([]);
  });
});
