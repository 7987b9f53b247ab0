import { sanitizeHtml } from './sanitize-html';

it('keeps formatting and removes everything that can run code', () => {
  expect(sanitizeHtml('<p><strong>加粗</strong> <a href="https://example.com">链接</a></p>')).toBe(
    '<p><strong>加粗</strong> <a href="https://example.com">链接</a></p>',
  );
  const dirty = [
    '<img src="x" onerror="alert(1)">',
    '<script>alert(1)</script>',
    '<a href="javascript:alert(1)">a</a>',
    '<a href="java&#x09;script:alert(1)">b</a>',
    '<iframe src="https://evil.example"></iframe>',
    '<svg><a xlink:href="javascript:alert(1)"><text>c</text></a></svg>',
  ].join('');
  const clean = sanitizeHtml(dirty);
  expect(clean).not.toMatch(/onerror|<script|javascript|<iframe/i);
  expect(clean).toContain('<img src="x">');
});
