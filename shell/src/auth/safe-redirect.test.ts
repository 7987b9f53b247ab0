import { isPublicPath, loginPathFor, safeRedirect } from './safe-redirect';

it('keeps only paths of this site as redirect targets', () => {
  expect(safeRedirect('/crm/customer/watched?x=1')).toBe('/crm/customer/watched?x=1');
  expect(safeRedirect('//evil.example')).toBe('/');
  expect(safeRedirect('https://evil.example')).toBe('/');
  expect(safeRedirect('/login?redirect=/x')).toBe('/');
  expect(safeRedirect(null)).toBe('/');
});

it('builds the login path with the wanted path and knows the public route', () => {
  expect(loginPathFor('/oa/approval/todo?page=2')).toBe('/login?redirect=%2Foa%2Fapproval%2Ftodo%3Fpage%3D2');
  expect(isPublicPath('/crm/customer/search')).toBe(true);
  expect(isPublicPath('/crm/customer/search/')).toBe(true);
  expect(isPublicPath('/crm/customer/watched')).toBe(false);
});
