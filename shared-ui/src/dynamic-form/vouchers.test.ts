import { voucherUrls } from './dynamic-detail-view';
import type { FormDefinition } from './types';

const finance: FormDefinition = {
  mode: 'finance',
  cols: 2,
  api_add: 'api/module/add',
  api_edit: 'api/module/Edit',
  api_detail: 'api/module/detail',
  items: [
    { json: JSON.stringify({ type: 'input', field: 'title', title: '标题' }) },
    { json: { type: 'picture', field: 'pics', title: '凭证图片' } },
    { json: { type: 'cover', field: 'cover', title: '封面' } },
  ],
};

it('collects the images of picture (JSON list or parsed) and cover fields', () => {
  const stored = {
    title: 'x',
    pics: JSON.stringify([
      { id: 1, url: '/files/1.png', filename: '1.png' },
      { id: 2, url: '/files/2.png' },
    ]),
    cover: '/files/c.png',
  };
  expect(voucherUrls(finance, stored)).toEqual(['/files/1.png', '/files/2.png', '/files/c.png']);
  expect(voucherUrls(finance, { pics: [{ url: '/files/3.png' }] })).toEqual(['/files/3.png']);
  expect(voucherUrls(finance, { pics: 'not json', cover: '' })).toEqual([]);
});
