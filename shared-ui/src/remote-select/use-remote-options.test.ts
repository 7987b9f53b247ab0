import { replyRows, toOptions } from './use-remote-options';

describe('remote options', () => {
  it('unwraps a reply by the dotted loadFilter path', () => {
    expect(replyRows({ data: { list: [{ id: 1 }] } }, 'data.list')).toEqual([{ id: 1 }]);
    expect(replyRows({ data: {} }, 'data.list')).toEqual([]);
  });

  it('finds the rows of the usual reply shapes without a loadFilter', () => {
    expect(replyRows([{ id: 1 }])).toEqual([{ id: 1 }]);
    expect(replyRows({ rows: [{ id: 2 }], total: 1 })).toEqual([{ id: 2 }]);
    expect(replyRows({ result: 'success', data: [{ id: 3 }] })).toEqual([{ id: 3 }]);
    expect(replyRows({ result: 'success', data: { rows: [{ id: 4 }] } })).toEqual([{ id: 4 }]);
    expect(replyRows({ result: 'success', msg: 'x' })).toEqual([]);
  });

  it('reads options through optionText / optionValue (default name / id), skipping rows without a value', () => {
    expect(toOptions([{ id: 1, name: '官网' }, { name: '无编号' }])).toEqual([{ label: '官网', value: 1 }]);
    expect(toOptions([{ orderSn: 'HT-1', cid: 'a' }], 'orderSn', 'cid')).toEqual([{ label: 'HT-1', value: 'a' }]);
    expect(toOptions(['甲', 2])).toEqual([
      { label: '甲', value: '甲' },
      { label: '2', value: 2 },
    ]);
  });
});
