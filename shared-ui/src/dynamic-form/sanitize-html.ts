/**
 * Rich text from the editor shown in read-only views: scripts, frames, event handlers and
 * javascript: links removed, so a stored body cannot run code in another user's session.
 */
const DROPPED_ELEMENTS = 'script, style, iframe, frame, object, embed, link, meta, base, form';

export function sanitizeHtml(html: string): string {
  const doc = new DOMParser().parseFromString(`<body>${html}</body>`, 'text/html');
  doc.body.querySelectorAll(DROPPED_ELEMENTS).forEach((element) => element.remove());
  doc.body.querySelectorAll('*').forEach((element) => {
    for (const attribute of Array.from(element.attributes)) {
      const name = attribute.name.toLowerCase();
      const unsafeUrl = (name === 'href' || name === 'src' || name === 'xlink:href' || name === 'action') && /^\s*(javascript|vbscript|data:text)/i.test(attribute.value);
      if (name.startsWith('on') || unsafeUrl) element.removeAttribute(attribute.name);
    }
  });
  return doc.body.innerHTML;
}
