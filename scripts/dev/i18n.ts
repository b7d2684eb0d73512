// The message catalogue's keeper (decision 020). Reads every message the code uses —
// `t("…")`, `msg("…")`, `<Rich message="…">` — and writes the English part files
// (app/i18n/messages/en/*.json) from them; adds what the other languages lack as ""
// and drops what the code no longer uses. `--check` writes nothing and lists what is
// wrong: a message the code uses but the catalogue lacks, one not written in a
// language, placeholders that differ between languages, ICU that does not parse.
//
//   npm run i18n            write the catalogue's files
//   npm run i18n -- --check exit 1 when something is wrong (the tests run this)
import fs from "node:fs";
import path from "node:path";
import { parseArgs } from "node:util";

import { compileMessageOrThrow, type CompiledMessage } from "@lingui/message-utils/compileMessage";
import ts from "typescript";

import { LANGUAGES } from "#app/i18n/languages.ts";
import { NAMESPACES, namespaceOfFile, type Namespace } from "#app/i18n/namespaces.ts";

const ROOT = path.resolve(import.meta.dirname, "../..");
const MESSAGES = path.join(ROOT, "app/i18n/messages");
/** The functions whose first argument is a message. */
const MESSAGE_CALLS = new Set(["t", "msg"]);

export type Catalogue = Record<Namespace, Record<string, string>>;

function sourceFiles(dir: string): string[] {
  const found: string[] = [];
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) {
      if (full !== MESSAGES) found.push(...sourceFiles(full));
    } else if (/\.tsx?$/.test(entry.name) && !/\.d\.ts$/.test(entry.name)) found.push(full);
  }
  return found;
}

function literalText(node: ts.Node | undefined): string | null {
  if (!node) return null;
  if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) return node.text;
  if (ts.isJsxExpression(node)) return literalText(node.expression);
  return null;
}

/** The messages one file uses. */
export function messagesInSource(text: string, fileName = "file.tsx"): string[] {
  const source = ts.createSourceFile(fileName, text, ts.ScriptTarget.Latest, true);
  const found: string[] = [];
  const visit = (node: ts.Node) => {
    if (ts.isCallExpression(node)) {
      const callee = node.expression;
      const name = ts.isIdentifier(callee)
        ? callee.text
        : ts.isPropertyAccessExpression(callee)
          ? callee.name.text
          : null;
      if (name && MESSAGE_CALLS.has(name)) {
        const message = literalText(node.arguments[0]);
        if (message !== null) found.push(message);
      }
    }
    if (
      (ts.isJsxSelfClosingElement(node) || ts.isJsxOpeningElement(node)) &&
      node.tagName.getText(source) === "Rich"
    ) {
      for (const attribute of node.attributes.properties) {
        if (ts.isJsxAttribute(attribute) && attribute.name.getText(source) === "message") {
          const message = literalText(attribute.initializer);
          if (message !== null) found.push(message);
        }
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

/** Every message the code uses, by part of the catalogue. */
export function extractMessages(): Catalogue {
  const catalogue = Object.fromEntries(NAMESPACES.map((ns) => [ns, {}])) as Catalogue;
  for (const file of sourceFiles(path.join(ROOT, "app"))) {
    const relative = path.relative(ROOT, file).split(path.sep).join("/");
    const namespace = namespaceOfFile(relative);
    for (const message of messagesInSource(fs.readFileSync(file, "utf8"), file)) {
      catalogue[namespace][message] = message;
    }
  }
  return catalogue;
}

function readPart(language: string, namespace: Namespace): Record<string, string> {
  const file = path.join(MESSAGES, language, `${namespace}.json`);
  return fs.existsSync(file)
    ? (JSON.parse(fs.readFileSync(file, "utf8")) as Record<string, string>)
    : {};
}

function sorted(part: Record<string, string>): Record<string, string> {
  return Object.fromEntries(Object.entries(part).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
}

/** The names a message's placeholders use, with the kind of each (plural, select, …). */
export function placeholdersOf(message: string): string[] {
  const names = new Set<string>();
  const walk = (compiled: CompiledMessage) => {
    for (const token of compiled) {
      if (typeof token === "string") continue;
      const [name, kind, options] = token;
      names.add(kind ? `${name}:${kind}` : name);
      if (
        /^(?:plural|select|selectordinal)$/.test(kind ?? "") &&
        !Object.hasOwn((options as object | null) ?? {}, "other")
      ) {
        throw new Error(`{${name}, ${kind}} has no "other" case`);
      }
      if (options && typeof options === "object") {
        for (const value of Object.values(options)) if (Array.isArray(value)) walk(value);
      }
    }
  };
  walk(compileMessageOrThrow(message));
  return [...names].sort();
}

/** What is wrong with the catalogue against the code: one line each; none when all is well. */
export function catalogueProblems(extracted = extractMessages()): string[] {
  const problems: string[] = [];
  for (const namespace of NAMESPACES) {
    const english = extracted[namespace];
    const written = readPart("en", namespace);
    for (const key of Object.keys(english)) {
      if (!(key in written))
        problems.push(`en/${namespace}: the code uses ${JSON.stringify(key)}; run npm run i18n`);
    }
    for (const key of Object.keys(written)) {
      if (!(key in english))
        problems.push(
          `en/${namespace}: ${JSON.stringify(key)} is no longer used; run npm run i18n`,
        );
    }
    for (const key of Object.keys(english)) {
      let expected: string[];
      try {
        expected = placeholdersOf(key);
      } catch (error) {
        problems.push(
          `en/${namespace}: ${JSON.stringify(key)} is not ICU MessageFormat (${(error as Error).message})`,
        );
        continue;
      }
      for (const language of LANGUAGES) {
        if (language === "en") continue;
        const text = readPart(language, namespace)[key];
        if (text === undefined || text === "") {
          problems.push(`${language}/${namespace}: ${JSON.stringify(key)} is not translated`);
          continue;
        }
        try {
          const found = placeholdersOf(text);
          if (found.join() !== expected.join()) {
            problems.push(
              `${language}/${namespace}: ${JSON.stringify(key)} has placeholders {${found.join(", ")}}, the English {${expected.join(", ")}}`,
            );
          }
        } catch (error) {
          problems.push(
            `${language}/${namespace}: ${JSON.stringify(key)}: ${(error as Error).message}`,
          );
        }
      }
    }
  }
  return problems;
}

/** Writes the English files from the code; the other languages gain "" and lose unused keys. */
export function writeCatalogue(extracted = extractMessages()): void {
  for (const language of LANGUAGES) {
    // A message moved to another part keeps its translation.
    const known = new Map<string, string>();
    for (const namespace of NAMESPACES) {
      for (const [key, text] of Object.entries(readPart(language, namespace)))
        if (text) known.set(key, text);
    }
    for (const namespace of NAMESPACES) {
      const current = readPart(language, namespace);
      const next: Record<string, string> = {};
      for (const key of Object.keys(extracted[namespace])) {
        next[key] = language === "en" ? key : current[key] || known.get(key) || "";
      }
      const file = path.join(MESSAGES, language, `${namespace}.json`);
      const text = `${JSON.stringify(sorted(next), null, 2)}\n`;
      if (!fs.existsSync(file) || fs.readFileSync(file, "utf8") !== text)
        fs.writeFileSync(file, text);
    }
  }
}

if (import.meta.main) {
  const { values } = parseArgs({ options: { check: { type: "boolean", default: false } } });
  if (values.check) {
    const problems = catalogueProblems();
    for (const problem of problems) console.error(problem);
    console.log(
      problems.length === 0 ? "The catalogue is complete." : `${problems.length} problems.`,
    );
    process.exitCode = problems.length === 0 ? 0 : 1;
  } else {
    writeCatalogue();
    const problems = catalogueProblems();
    console.log(
      problems.length === 0
        ? "The catalogue is complete."
        : `Written. ${problems.length} messages still need work (npm run i18n -- --check lists them).`,
    );
  }
}
