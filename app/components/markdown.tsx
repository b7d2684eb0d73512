// Operator-written pages (Terms, Privacy, About) as React elements: the parser's
// tree becomes tags and text, so whatever the source holds is escaped text, never
// markup (decision 019). Links to other sites leak neither the opener nor the URL.
import { type ReactNode } from "react";

import { type MarkdownBlock, type MarkdownInline, parseMarkdown } from "#app/models/markdown.ts";

/** `#` renders as h2: the page's title is its h1. */
const HEADINGS = {
  1: { Tag: "h2", className: "text-2xl font-bold text-slate-900" },
  2: { Tag: "h3", className: "text-xl font-bold text-slate-900" },
  3: { Tag: "h4", className: "text-lg font-bold text-slate-900" },
} as const;
const LINK = "font-semibold text-brand-700 underline underline-offset-2";

function inline(nodes: MarkdownInline[]): ReactNode[] {
  return nodes.map((node, index) => {
    switch (node.type) {
      case "text":
        return node.text;
      case "strong":
        return <strong key={index}>{inline(node.children)}</strong>;
      case "emphasis":
        return <em key={index}>{inline(node.children)}</em>;
      case "link":
        return (
          <a
            key={index}
            href={node.href}
            className={LINK}
            rel={/^https:/i.test(node.href) ? "noopener noreferrer" : undefined}
          >
            {inline(node.children)}
          </a>
        );
    }
  });
}

function Block({ block }: { block: MarkdownBlock }) {
  if (block.type === "heading") {
    const { Tag, className } = HEADINGS[block.level];
    return <Tag className={className}>{inline(block.children)}</Tag>;
  }
  if (block.type === "paragraph") return <p>{inline(block.children)}</p>;
  const items = block.items.map((item, index) => <li key={index}>{inline(item)}</li>);
  return block.ordered ? (
    <ol className="list-decimal space-y-1 ps-6" start={block.start === 1 ? undefined : block.start}>
      {items}
    </ol>
  ) : (
    <ul className="list-disc space-y-1 ps-6">{items}</ul>
  );
}

export function Markdown({ source }: { source: string }) {
  return (
    <div className="max-w-prose space-y-4 text-slate-700">
      {parseMarkdown(source).map((block, index) => (
        <Block key={index} block={block} />
      ))}
    </div>
  );
}
