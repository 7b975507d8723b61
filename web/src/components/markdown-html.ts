import DOMPurify from 'dompurify';
import { Marked } from 'marked';

/**
 * Markdown → sanitized HTML for AI answers (loaded lazily by Markdown.tsx: ~20 KB gzip kept off every
 * first load). marked parses (GFM, line breaks kept); raw HTML in the answer is dropped before parsing is
 * trusted, and DOMPurify keeps only text formatting (no scripts, styles, images or event handlers).
 */
const marked = new Marked({ gfm: true, breaks: true, async: false });
marked.use({ renderer: { html: () => '' } });

const ALLOWED_TAGS = [
  'p',
  'br',
  'strong',
  'em',
  'del',
  'ul',
  'ol',
  'li',
  'code',
  'pre',
  'blockquote',
  'h1',
  'h2',
  'h3',
  'h4',
  'hr',
  'a',
  'table',
  'thead',
  'tbody',
  'tr',
  'th',
  'td',
];

export function markdownToSafeHtml(markdown: string): string {
  const html = marked.parse(markdown) as string;
  const clean = DOMPurify.sanitize(html, { ALLOWED_TAGS, ALLOWED_ATTR: ['href', 'title'] });
  // Links open outside the app and never carry the page's referrer.
  const template = document.createElement('template');
  template.innerHTML = clean;
  for (const link of template.content.querySelectorAll('a')) {
    if (!/^https?:\/\//i.test(link.getAttribute('href') ?? '')) link.removeAttribute('href');
    link.setAttribute('target', '_blank');
    link.setAttribute('rel', 'noopener noreferrer');
  }
  return template.innerHTML;
}
