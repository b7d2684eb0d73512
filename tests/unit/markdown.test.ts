// Operator-written pages (decision 019): a small Markdown subset whose every other
// character, HTML and unsafe links included, stays text that React escapes.
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, test } from "vitest";

import { Markdown } from "#app/components/markdown.tsx";
import { markdownPlainText, parseMarkdown, type MarkdownInline } from "#app/models/markdown.ts";

const text = (value: string): MarkdownInline => ({ type: "text", text: value });
/** The inline nodes of a one-paragraph source. */
function inline(source: string): MarkdownInline[] {
  const blocks = parseMarkdown(source);
  expect(blocks).toHaveLength(1);
  expect(blocks[0]!.type).toBe("paragraph");
  return blocks[0]!.type === "paragraph" ? blocks[0]!.children : [];
}
const html = (source: string) => renderToStaticMarkup(createElement(Markdown, { source }));

describe("blocks", () => {
  test("headings # to ### keep their level; #### and #tag are text", () => {
    expect(parseMarkdown("# One\n## Two\n### Three")).toEqual([
      { type: "heading", level: 1, children: [text("One")] },
      { type: "heading", level: 2, children: [text("Two")] },
      { type: "heading", level: 3, children: [text("Three")] },
    ]);
    expect(parseMarkdown("#### Four")).toEqual([
      { type: "paragraph", children: [text("#### Four")] },
    ]);
    expect(parseMarkdown("#tag")).toEqual([{ type: "paragraph", children: [text("#tag")] }]);
  });

  test("lines join into paragraphs; blank lines separate them", () => {
    expect(parseMarkdown("one\ntwo\n\n\nthree")).toEqual([
      { type: "paragraph", children: [text("one two")] },
      { type: "paragraph", children: [text("three")] },
    ]);
  });

  test("CRLF, lone CR and tabs are line breaks and spaces", () => {
    expect(parseMarkdown("# Title\r\none\r\ntwo\r\rthree\t four\n-\titem")).toEqual([
      { type: "heading", level: 1, children: [text("Title")] },
      { type: "paragraph", children: [text("one two")] },
      { type: "paragraph", children: [text("three  four")] },
      { type: "list", ordered: false, start: 1, items: [[text("item")]] },
    ]);
  });

  test("- and * make a bulleted list; a wrapped line continues its item", () => {
    expect(parseMarkdown("- one\n* two\n  more\n\n- three")).toEqual([
      {
        type: "list",
        ordered: false,
        start: 1,
        items: [[text("one")], [text("two more")], [text("three")]],
      },
    ]);
  });

  test("1. makes a numbered list that keeps its first number", () => {
    expect(parseMarkdown("3. three\n4. four\n\n- bullet")).toEqual([
      { type: "list", ordered: true, start: 3, items: [[text("three")], [text("four")]] },
      { type: "list", ordered: false, start: 1, items: [[text("bullet")]] },
    ]);
  });

  test("empty text and blank lines make no blocks", () => {
    expect(parseMarkdown("")).toEqual([]);
    expect(parseMarkdown(" \n\t\r\n")).toEqual([]);
  });
});

describe("inline", () => {
  test("**bold**, *italic* and _italic_", () => {
    expect(inline("a **b** *c* _d_")).toEqual([
      text("a "),
      { type: "strong", children: [text("b")] },
      text(" "),
      { type: "emphasis", children: [text("c")] },
      text(" "),
      { type: "emphasis", children: [text("d")] },
    ]);
  });

  test("italic inside bold, bold inside a list item", () => {
    expect(inline("**a *b* c**")).toEqual([
      {
        type: "strong",
        children: [text("a "), { type: "emphasis", children: [text("b")] }, text(" c")],
      },
    ]);
    expect(parseMarkdown("- **Price** in euros\n1. see *below*")).toEqual([
      {
        type: "list",
        ordered: false,
        start: 1,
        items: [[{ type: "strong", children: [text("Price")] }, text(" in euros")]],
      },
      {
        type: "list",
        ordered: true,
        start: 1,
        items: [[text("see "), { type: "emphasis", children: [text("below")] }]],
      },
    ]);
  });

  test("unclosed and spaced markers stay literal", () => {
    for (const source of [
      "**open",
      "*open",
      "_open",
      "2 * 3 * 4",
      "** x **",
      "a**",
      "[open",
      "[a](/x",
    ]) {
      expect(inline(source), source).toEqual([text(source)]);
    }
  });

  test("underscores inside words are not italic", () => {
    expect(inline("snake_case_name")).toEqual([text("snake_case_name")]);
  });

  test("links to https:, mailto: and / are links", () => {
    expect(
      inline("[Shop](/cars) [Mail](mailto:a@b.example) [Site](https://x.example/a_b)"),
    ).toEqual([
      { type: "link", href: "/cars", children: [text("Shop")] },
      text(" "),
      { type: "link", href: "mailto:a@b.example", children: [text("Mail")] },
      text(" "),
      { type: "link", href: "https://x.example/a_b", children: [text("Site")] },
    ]);
    expect(inline("[**Home**](/)")).toEqual([
      { type: "link", href: "/", children: [{ type: "strong", children: [text("Home")] }] },
    ]);
  });

  test.each([
    "javascript:alert(1)",
    "JaVaScRiPt:alert(1)",
    "data:text/html,<script>alert(1)</script>",
    "//evil.com",
    "/\\evil.com",
    "http://evil.com",
    "relative/page",
    "https://",
    "/a b",
    "/a\u0000b",
  ])("a link to %j is its literal source", (url) => {
    const source = `see [click](${url}) now`;
    expect(inline(source)).toEqual([text(source)]);
  });
});

describe("HTML and hostile input", () => {
  test.each(["<script>alert(1)</script>", "<img src=x onerror=alert(1)>", "<b>bold</b> &amp;"])(
    "%s stays text",
    (source) => {
      expect(inline(source)).toEqual([text(source)]);
    },
  );

  test.each(["*", "[", "_", "**a", "[a](", "[a]", "](", "*a", "#", "- "])(
    "20,000 × %j parses in well under a second",
    (unit) => {
      const source = unit.repeat(20_000);
      const started = performance.now();
      const blocks = parseMarkdown(source);
      markdownPlainText(source, 160);
      expect(performance.now() - started).toBeLessThan(500);
      expect(blocks.length).toBeGreaterThan(0);
    },
  );

  test("a 5,000-item page parses in well under a second", () => {
    const source = "- **a** [b](/c) *d*\n".repeat(5_000);
    const started = performance.now();
    const [list] = parseMarkdown(source);
    expect(performance.now() - started).toBeLessThan(500);
    expect(list?.type === "list" && list.items.length).toBe(5_000);
  });
});

describe("<Markdown>", () => {
  test("renders headings one level down, lists, emphasis and links", () => {
    const link = 'class="font-semibold text-brand-700 underline underline-offset-2"';
    const source = "# Terms\n\nRead **this**.\n\n3. [Us](/about)\n\n- [Map](https://maps.example)";
    expect(html(source)).toBe(
      '<div class="max-w-prose space-y-4 text-slate-700">' +
        '<h2 class="text-2xl font-bold text-slate-900">Terms</h2>' +
        "<p>Read <strong>this</strong>.</p>" +
        `<ol class="list-decimal space-y-1 ps-6" start="3"><li><a href="/about" ${link}>Us</a></li></ol>` +
        '<ul class="list-disc space-y-1 ps-6">' +
        `<li><a href="https://maps.example" ${link} rel="noopener noreferrer">Map</a></li></ul>` +
        "</div>",
    );
    expect(html("## A\n### B\n\n1. [Mail](mailto:a@b.example)")).toBe(
      '<div class="max-w-prose space-y-4 text-slate-700">' +
        '<h3 class="text-xl font-bold text-slate-900">A</h3>' +
        '<h4 class="text-lg font-bold text-slate-900">B</h4>' +
        `<ol class="list-decimal space-y-1 ps-6"><li><a href="mailto:a@b.example" ${link}>Mail</a></li></ol>` +
        "</div>",
    );
  });

  test("HTML and unsafe links come out as escaped text only", () => {
    const out = html(
      [
        "<script>alert(1)</script>",
        "# <img src=x onerror=alert(1)>",
        "- [x](javascript:alert(1)) <iframe src=//evil.com>",
        '**<svg onload="alert(1)">**',
      ].join("\n\n"),
    );
    expect(out).not.toMatch(/<(script|img|iframe|svg)/i);
    expect(out).not.toMatch(/<[^>]* on\w+=/i);
    expect(out).not.toContain("href=");
    expect(out).toContain("&lt;script&gt;alert(1)&lt;/script&gt;");
    expect(out).toContain("&lt;img src=x onerror=alert(1)&gt;");
    expect(out).toContain("[x](javascript:alert(1))");
  });
});

describe("markdownPlainText", () => {
  test("strips markers and collapses whitespace", () => {
    const source = "# About us\n\nWe **sell** *cars*\t in [Lyon](/lyon).\n\n- Fair\n- Fast";
    expect(markdownPlainText(source, 200)).toBe("About us We sell cars in Lyon. Fair Fast");
  });

  test("cuts at a word boundary to at most max characters with an ellipsis", () => {
    const excerpt = markdownPlainText("The quick brown fox jumps over the lazy dog.", 20);
    expect(excerpt).toBe("The quick brown fox…");
    expect(excerpt.length).toBeLessThanOrEqual(20);
    expect(markdownPlainText("Short, sweet: and then some more", 14)).toBe("Short, sweet…");
    expect(markdownPlainText("Unbreakablewordhere", 10)).toBe("Unbreakab…");
    expect(markdownPlainText("", 10)).toBe("");
  });

  test("keeps unsafe links and HTML as their text", () => {
    expect(markdownPlainText("[x](javascript:alert(1)) <b>hi</b>", 100)).toBe(
      "[x](javascript:alert(1)) <b>hi</b>",
    );
  });
});
