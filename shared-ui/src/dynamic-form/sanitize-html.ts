/**
 * Rich text from the editor shown in read-only views, cleaned with DOMPurify (scripts, frames, event
 * handlers and script URLs, including encoded and whitespace-split ones, are removed), so a stored
 * body cannot run code in another user's session.
 */
import DOMPurify from 'dompurify';

export function sanitizeHtml(html: string): string {
  return DOMPurify.sanitize(html, { FORBID_TAGS: ['style', 'form'], FORBID_ATTR: ['style'] });
}
