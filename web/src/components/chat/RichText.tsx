import type { ReactNode } from 'react';

/**
 * The assistants answer in light Markdown (`**bold**`, `_italic_`, `- ` bullets). This renders just
 * that as React elements (never as HTML), keeping line breaks.
 */
export function RichText({ text, className }: { text: string; className?: string }) {
  return (
    <div className={className}>
      {text.split('\n').map((line, index) => {
        const bullet = /^\s*[-*•]\s+/.exec(line);
        const content = inline(bullet ? line.slice(bullet[0].length) : line);
        if (bullet)
          return (
            <p key={index} className="pl-3 -indent-3">
              • {content}
            </p>
          );
        return line.trim() ? (
          <p key={index}>{content}</p>
        ) : (
          <div key={index} className="h-2" aria-hidden="true" />
        );
      })}
    </div>
  );
}

function inline(line: string): ReactNode[] {
  const parts: ReactNode[] = [];
  const pattern = /\*\*(.+?)\*\*|(?<![\w])_(.+?)_(?![\w])/g;
  let last = 0;
  for (const match of line.matchAll(pattern)) {
    if (match.index > last) parts.push(line.slice(last, match.index));
    parts.push(
      match[1] !== undefined ? (
        <strong key={match.index} className="font-semibold text-white">
          {match[1]}
        </strong>
      ) : (
        <em key={match.index}>{match[2]}</em>
      ),
    );
    last = match.index + match[0].length;
  }
  if (last < line.length) parts.push(line.slice(last));
  return parts;
}
