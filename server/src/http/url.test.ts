import { normaliseApiUrl } from './url';

test('API paths are lower-cased without a trailing slash; the query and other paths keep their case', () => {
  expect(normaliseApiUrl('/Api/menu/auth/')).toBe('/api/menu/auth');
  expect(normaliseApiUrl('/api/customer/Views?Id=1')).toBe('/api/customer/views?Id=1');
  expect(normaliseApiUrl('/main/Role/index')).toBe('/main/role/index');
  expect(normaliseApiUrl('/mf/remote-crm/V1/RemoteEntry.js')).toBe('/mf/remote-crm/V1/RemoteEntry.js');
  expect(normaliseApiUrl('/apiary')).toBe('/apiary');
});
