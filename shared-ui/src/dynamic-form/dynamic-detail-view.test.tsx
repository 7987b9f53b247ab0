import { screen, within } from '@testing-library/react';
import { renderWithProviders } from '../../test/render-with-providers';
import { api, MESSAGES } from '@portal/shared-core';
import { detailItems, DynamicDetailView } from './dynamic-detail-view';
import { definitionOf } from './testing/render-dynamic-form';

const definition = definitionOf(
  [
    { type: 'divider', field: '', title: '基本信息' },
    { type: 'userinfo', field: 'creator', title: '填写人' },
    { type: 'input', field: 'name', title: '名称' },
    { type: 'input', field: 'empty', title: '空字段' },
    { type: 'select', field: 'level', title: '级别', options: [{ label: '重要', value: 1 }] },
    { type: 'switch', field: 'on', title: '启用' },
    { type: 'daterange', field: 'span', title: '周期' },
    { type: 'user', field: 'owner', field2: 'ownerName', title: '负责人' },
    {
      type: 'tags',
      field: 'tags',
      title: '标签',
      options: [
        { label: '紧急', value: 'a' },
        { label: '跟进', value: 'b' },
      ],
    },
    { type: 'picture', field: 'pics', title: '图片' },
    { type: 'file', field: 'files', title: '附件' },
    { type: 'product', field: 'products', title: '产品' },
    { type: 'property', field: 'props', title: '属性' },
    { type: 'editor', field: 'body', title: '正文' },
  ],
  { cols: 2 },
);

const stored = {
  creator: 1,
  creator_name: '系统管理员',
  name: '华信科技',
  empty: '',
  level: '1',
  on: '1',
  span: '2024/05/01 00:00:00,2024/05/31 23:59:59',
  owner: 3,
  ownerName: '张三',
  tags: 'a,b',
  pics: '[{"id":1,"url":"/files/a.png","filename":"a.png"}]',
  files: '[{"id":2,"FileName":"合同.pdf","url":"/files/b.pdf","format":"pdf","size":2048,"userid":1,"username":"管理员","addTime":"2024-05-01"}]',
  products: '[{"id":1,"productid":8,"title":"打印机","number":2,"sellingprice":1000,"xiaoji":2000,"warehousename":"默认仓库","danwei":"台"}]',
  props: '[{"label":"颜色","value":"红"}]',
  body: '<p>正文<img src="x" onerror="alert(1)"><script>alert(2)</script></p>',
};

function valueOf(label: string): HTMLElement {
  const th = screen.getByText(label, { selector: 'th.ant-descriptions-item-label, th.ant-descriptions-item-label *' }).closest('th') as HTMLElement;
  return th.nextElementSibling as HTMLElement;
}

describe('DynamicDetailView', () => {
  it('shows stored values read-only through the definition', async () => {
    renderWithProviders(<DynamicDetailView module="fieldDemo" definition={definition} values={stored} />);
    expect(await screen.findByText('华信科技')).toBeInTheDocument();
    expect(screen.queryByText('基本信息')).not.toBeInTheDocument();
    expect(valueOf('填写人')).toHaveTextContent('系统管理员');
    expect(valueOf('空字段')).toHaveTextContent(MESSAGES.empty);
    expect(valueOf('级别')).toHaveTextContent('重要');
    expect(valueOf('启用')).toHaveTextContent('是');
    expect(valueOf('周期')).toHaveTextContent('2024/05/01 00:00:00 至 2024/05/31 23:59:59');
    expect(valueOf('负责人')).toHaveTextContent('张三');
    expect(valueOf('标签')).toHaveTextContent('紧急、跟进');
    expect(within(valueOf('图片')).getByRole('img')).toHaveAttribute('src', '/files/a.png');
    expect(within(valueOf('附件')).getByRole('link', { name: '合同.pdf' })).toHaveAttribute('href', '/files/b.pdf');
    expect(valueOf('附件')).toHaveTextContent('2.0Mb');
    expect(within(valueOf('产品')).getByText('打印机')).toBeInTheDocument();
    expect(within(valueOf('产品')).getByText('2000.00')).toBeInTheDocument();
    expect(valueOf('属性')).toHaveTextContent('颜色：红');
    expect(valueOf('正文')).toHaveTextContent('正文');
    expect(valueOf('正文').innerHTML).not.toMatch(/onerror|script/);
  });

  it('starts each wide value on a row of its own', () => {
    const spans = detailItems(
      definitionOf([
        { type: 'input', field: 'a', title: 'A' },
        { type: 'file', field: 'b', title: 'B' },
        { type: 'input', field: 'c', title: 'C' },
        { type: 'input', field: 'd', title: 'D' },
        { type: 'product', field: 'e', title: 'E' },
      ]),
      {},
    ).map((i) => [i.label, i.span]);
    expect(spans).toEqual([
      ['A', 2],
      ['B', 2],
      ['C', 1],
      ['D', 1],
      ['E', 2],
    ]);
  });

  it('loads the definition and the record when not given', async () => {
    const fetch = jest.spyOn(api, 'fetch').mockImplementation(async (url) => (url === 'api/module/detail' ? { name: '远程记录' } : definition));
    renderWithProviders(<DynamicDetailView module="fieldDemo" id={4} />);
    expect(await screen.findByText('远程记录')).toBeInTheDocument();
    expect(fetch).toHaveBeenCalledWith('api/module/detail', { id: '4', module: 'fieldDemo' });
    jest.restoreAllMocks();
  });
});
