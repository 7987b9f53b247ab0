import { Value } from '@sinclair/typebox/value';
import { Type } from '@sinclair/typebox';
import { Envelope, ListOf, Maskable } from './wire';

describe('wire shapes', () => {
  it('an envelope takes success and error replies, with or without data', () => {
    const schema = Envelope(Type.Object({ id: Type.Number() }));
    expect(Value.Check(schema, { result: 'success', msg: '保存成功', data: { id: 1 } })).toBe(true);
    expect(Value.Check(schema, { result: 'error', msg: '客户不存在' })).toBe(true);
    expect(Value.Check(schema, { result: 'ok', msg: '' })).toBe(false);
  });

  it('a list is rows and a total, optionally capped', () => {
    const schema = ListOf(Type.Object({ CustomerName: Maskable() }));
    expect(Value.Check(schema, { rows: [{ CustomerName: '1**' }, {}], total: 2 })).toBe(true);
    expect(Value.Check(schema, { rows: [], total: 10000, totalCapped: true })).toBe(true);
    expect(Value.Check(schema, { rows: [{ CustomerName: 5 }], total: 1 })).toBe(false);
  });
});
