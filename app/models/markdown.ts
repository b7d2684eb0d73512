// The Markdown that operators write for Terms, Privacy and About (decision 019):
// `#`–`###` headings, paragraphs, `-`/`*` and `1.` lists, `**bold**`, `*italic*`,
// `_italic_` and links to `https://`, `mailto:` or `/`. Everything else, HTML
// included, stays literal text for React to escape. Pure and dependency-free: the
// page renders it in the browser too. Every closer is found by a forward search
// that remembers its answer, so a run of 20,000 `*` or `[` parses in linear time.

export type MarkdownInline =
  | { type: "text"; text: string }
  | { type: "strong" | "emphasis"; children: MarkdownInline[] }
  | { type: "link"; href: string; children: MarkdownInline[] };

/** Heading levels are the source's `#` count; the page's h1 is its title, so `#` renders as h2. */
export type MarkdownBlock =
  | { type: "heading"; level: 1 | 2 | 3; children: MarkdownInline[] }
  | { type: "paragraph"; children: MarkdownInline[] }
  /** `start` is the first item's number (1 for a bulleted list). */
  | { type: "list"; ordered: boolean; start: number; items: MarkdownInline[][] };

type RawBlock =
  | { type: "heading"; level: 1 | 2 | 3; text: string }
  | { type: "paragraph"; text: string }
  | { type: "list"; ordered: boolean; start: number; items: string[] };

const HEADING = /^(#{1,3}) +/;
const BULLET = /^[-*] +/;
const NUMBERED = /^(\d{1,9})\. +/;
/** `https://host`, `mailto:…`, or a path on this site (`//host` and `/\host` are other sites). */
const SAFE_URL = /^(?:https:\/\/[^/\\]|mailto:.|\/(?![/\\]))/i;
const URL_SPACE_OR_CONTROL = /[\s\p{Cc}]/u;
const WORD_CHAR = /[\p{L}\p{N}_]/u;
const SPACE = /\s/;
/** Where a span may start; parseInline sets lastIndex before each search. */
const MARKER = /[*_[]/g;

export function parseMarkdown(text: string): MarkdownBlock[] {
  const blocks: RawBlock[] = [];
  let open: RawBlock | null = null; // the paragraph or list the next line continues
  for (const rawLine of text.replace(/\r\n?/g, "\n").split("\n")) {
    const line = rawLine.replaceAll("\t", " ").trim();
    const heading = HEADING.exec(line);
    const item = BULLET.exec(line) ?? NUMBERED.exec(line);
    const last = blocks.at(-1);
    if (line === "") open = null;
    else if (heading) {
      const level = heading[1]!.length as 1 | 2 | 3;
      blocks.push({ type: "heading", level, text: line.slice(heading[0].length) });
      open = null;
    } else if (item) {
      const ordered = item[1] !== undefined;
      const itemText = line.slice(item[0].length);
      // A blank line between items keeps one list.
      if (last?.type === "list" && last.ordered === ordered) last.items.push(itemText);
      else blocks.push({ type: "list", ordered, start: Number(item[1] ?? 1), items: [itemText] });
      open = blocks.at(-1)!;
    } else if (open?.type === "paragraph") open.text += ` ${line}`;
    else if (open?.type === "list") open.items[open.items.length - 1] += ` ${line}`;
    else blocks.push((open = { type: "paragraph", text: line }));
  }
  return blocks.map((block) =>
    block.type === "list"
      ? { ...block, items: block.items.map(parseInline) }
      : block.type === "heading"
        ? { type: "heading", level: block.level, children: parseInline(block.text) }
        : { type: "paragraph", children: parseInline(block.text) },
  );
}

type Needle = "**" | "*" | "_" | "[" | "]" | ")";
type Span = { node: MarkdownInline; end: number };

/** Whitespace, or the edge of the text. */
const isSpace = (char: string | undefined) => char === undefined || SPACE.test(char);

/** Whether the `needle` at `at` can close a span (`[`, `]` and `)` always can). */
function closes(text: string, needle: Needle, at: number): boolean {
  const before = text[at - 1];
  if (needle === "**" || needle === "*") {
    if (isSpace(before) || before === "*") return false;
    return needle === "**" || text[at + 1] !== "*";
  }
  if (needle === "_")
    return !isSpace(before) && before !== "_" && !WORD_CHAR.test(text[at + 1] ?? " ");
  return true;
}

/** The first closing `needle` at or after `from`; each answer is reused while it still holds. */
function closerFinder(text: string) {
  const found = new Map<Needle, { from: number; at: number }>();
  return (needle: Needle, from: number): number => {
    const known = found.get(needle);
    if (known && from >= known.from && (known.at === -1 || known.at >= from)) return known.at;
    let at = text.indexOf(needle, from);
    while (at !== -1 && !closes(text, needle, at)) at = text.indexOf(needle, at + 1);
    found.set(needle, { from, at });
    return at;
  };
}

function emphasisAt(text: string, i: number, find: ReturnType<typeof closerFinder>): Span | null {
  const marker = text.startsWith("**", i) ? "**" : text[i];
  if (marker !== "**" && marker !== "*" && marker !== "_") return null;
  const next = text[i + marker.length];
  if (isSpace(next) || next === marker[0]) return null;
  if (marker === "_" && WORD_CHAR.test(text[i - 1] ?? " ")) return null;
  const close = find(marker, i + marker.length + 1);
  if (close === -1) return null;
  const children = parseInline(text.slice(i + marker.length, close));
  return {
    node: { type: marker === "**" ? "strong" : "emphasis", children },
    end: close + marker.length,
  };
}

function linkAt(text: string, i: number, find: ReturnType<typeof closerFinder>): Span | null {
  const close = find("]", i + 1);
  if (close === -1 || text[close + 1] !== "(") return null;
  const inner = find("[", i + 1);
  if ((inner !== -1 && inner < close) || close === i + 1) return null;
  const end = find(")", close + 2);
  if (end === -1) return null;
  const href = text.slice(close + 2, end);
  if (!SAFE_URL.test(href) || URL_SPACE_OR_CONTROL.test(href)) {
    return { node: { type: "text", text: text.slice(i, end + 1) }, end: end + 1 };
  }
  return {
    node: { type: "link", href, children: parseInline(text.slice(i + 1, close)) },
    end: end + 1,
  };
}

/** Inline spans of one block's text; markers that open nothing stay literal. */
function parseInline(text: string): MarkdownInline[] {
  const nodes: MarkdownInline[] = [];
  const find = closerFinder(text);
  let literal = "";
  let i = 0;
  while (i < text.length) {
    MARKER.lastIndex = i;
    const at = MARKER.exec(text)?.index ?? text.length;
    literal += text.slice(i, at);
    if (at === text.length) break;
    const span = text[at] === "[" ? linkAt(text, at, find) : emphasisAt(text, at, find);
    if (!span) {
      literal += text[at];
      i = at + 1;
      continue;
    }
    if (span.node.type === "text") literal += span.node.text;
    else {
      if (literal) nodes.push({ type: "text", text: literal });
      literal = "";
      nodes.push(span.node);
    }
    i = span.end;
  }
  if (literal) nodes.push({ type: "text", text: literal });
  return nodes;
}

const plain = (nodes: MarkdownInline[]): string =>
  nodes.map((node) => (node.type === "text" ? node.text : plain(node.children))).join("");

/** The text without its markers, whitespace collapsed, cut at a word to at most `max` chars. */
export function markdownPlainText(text: string, max: number): string {
  const whole = parseMarkdown(text)
    .flatMap((block) => (block.type === "list" ? block.items : [block.children]))
    .map(plain)
    .join(" ")
    .replace(/\s+/g, " ")
    .trim();
  if (whole.length <= max) return whole;
  // A space at `max - 1` still leaves room for the ellipsis after the word before it.
  const space = whole.slice(0, max).lastIndexOf(" ");
  const kept =
    space > 0
      ? whole.slice(0, space)
      : whole.slice(0, Math.max(0, max - 1)).replace(/[\ud800-\udbff]$/, "");
  return `${kept.replace(/[\s,;:.–—-]+$/, "")}…`;
}
