import { useEffect, useState } from 'react';

type Render = (markdown: string) => string;
let renderer: Promise<Render> | undefined;
const loadRenderer = () =>
  (renderer ??= import('./markdown-html').then((module) => module.markdownToSafeHtml));

/**
 * An AI answer written in Markdown, shown formatted: parsed by marked and sanitized by DOMPurify (loaded
 * on first use). Until the renderer has loaded, and if it cannot load, the text shows as it is.
 */
export function Markdown({ text, className = '' }: { text: string; className?: string }) {
  const [html, setHtml] = useState<string | null>(null);
  useEffect(() => {
    let active = true;
    loadRenderer().then(
      (render) => active && setHtml(render(text)),
      () => active && setHtml(null),
    );
    return () => {
      active = false;
    };
  }, [text]);
  if (html === null) return <div className={`whitespace-pre-wrap ${className}`}>{text}</div>;
  return (
    <div
      data-testid="markdown"
      className={`markdown ${className}`}
      // Sanitized by DOMPurify in markdown-html.ts (allow-list of text formatting tags).
      dangerouslySetInnerHTML={{ __html: html }}
    />
  );
}
