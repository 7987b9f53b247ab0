import { bigrams, normaliseForSearch, searchTerms } from './search-terms';

test('normalises to lower-case letters and digits', () => {
  expect(normaliseForSearch('华信（北京）Tech-01')).toBe('华信北京tech01');
});

test('every 2-character window is a term, per field', () => {
  expect(bigrams('华信科技')).toEqual(['华信', '信科', '科技']);
  expect(bigrams('华')).toEqual([]);
  expect(searchTerms({ name: '华信科', mobile: '138', code: 'KH1' })).toBe('华信 信科 13 38 kh h1');
});
