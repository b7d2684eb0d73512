import type { ReactNode } from "react";

import { translatorOfMatches, useT } from "#app/i18n/i18n-provider.tsx";
import { pageWords } from "#app/i18n/language.server.ts";
import { seoMeta, siteNameOf } from "#app/models/seo.ts";

import type { Route } from "./+types/route";

export const meta: Route.MetaFunction = ({ matches }) => {
  const { t } = translatorOfMatches(matches);
  return seoMeta({
    title: t("Blogs"),
    description: t(
      "Short written answers from the {site} team to common web-development questions.",
      { site: siteNameOf(matches) },
    ),
    path: "/blogs",
    matches,
  });
};

export function loader({ context }: Route.LoaderArgs) {
  return { words: pageWords(context, "public") };
}

function Code({ children }: { children: ReactNode }) {
  return (
    <code className="rounded bg-slate-100 px-1.5 py-0.5 font-mono text-[0.875em] text-slate-800">
      {children}
    </code>
  );
}

function CodeBlock({ label, code }: { label: string; code: string }) {
  return (
    <pre
      tabIndex={0}
      aria-label={label}
      className="overflow-x-auto rounded-xl bg-slate-900 p-4 text-sm leading-6 text-slate-100"
    >
      <code className="font-mono">{code}</code>
    </pre>
  );
}

function Item({ title, children }: { title: string; children: ReactNode }) {
  return (
    <li>
      <span className="font-semibold text-slate-900">{title}</span> {children}
    </li>
  );
}

const listClass = "list-disc space-y-2 ps-5 marker:text-brand-600";

const frameworks = ["React", "Angular", "Vue"];
const comparison = [
  ["Type", "UI library", "Full framework", "Progressive framework"],
  ["UI syntax", "JSX (JavaScript)", "HTML templates", "HTML templates (SFC)"],
  ["Reactivity", "Re-render, diff virtual DOM", "Signals, change detection", "Automatic tracking"],
  ["Language", "JS or TS", "TypeScript", "JS or TS"],
  ["Learning curve", "Small core, many choices", "Steepest (DI, RxJS)", "Gentlest"],
  ["Typical fit", "Flexible apps, React Native", "Large teams, conventions", "Gradual adoption"],
];

type Article = { id: string; tag: string; question: string; body: ReactNode };

const articles: Article[] = [
  {
    id: "react-state",
    tag: "React",
    question: "What are the different ways to manage state in a React application?",
    body: (
      <>
        <p>
          State is any data that changes over time and affects what is on screen. The real question
          is not which library to use, but <em>where</em> each piece of state should live. React
          gives you several places, from the most local to the most global:
        </p>
        <ul className={listClass}>
          <Item title="Local state.">
            <Code>useState</Code> for simple values such as an open menu or a form input;{" "}
            <Code>useReducer</Code> when several fields change together or updates follow clear
            rules.
          </Item>
          <Item title="Lifted state.">
            When two siblings need the same value, move it to their nearest common parent and pass
            it down as props, along with a function to change it.
          </Item>
          <Item title="Context.">
            Good for values that many components read but that rarely change, like the theme or the
            signed-in user. It delivers a value; it is not a store, and every consumer re-renders
            when that value changes.
          </Item>
          <Item title="The URL.">
            Filters, sort order, the current page and the selected tab belong in route and search
            params: they survive a reload and can be shared as a link. With React Router, loaders
            fetch the data for a route and actions revalidate it, so most server data never needs a
            client store.
          </Item>
          <Item title="Server-cache libraries.">
            TanStack Query or SWR cache responses, remove duplicate requests and refetch in the
            background when data comes from an API outside your router.
          </Item>
          <Item title="External stores.">
            Redux Toolkit, Zustand or Jotai suit complex client-side state that many distant parts
            of the app read and write, such as an editor or a multi-step builder.
          </Item>
        </ul>
        <p>
          A useful rule: keep state as close as possible to where it is used, and move it outward
          only when you feel real pain. Ask first whether it belongs in the URL, then whether it is
          really server data. Whatever is left is usually small enough for local state or context.
        </p>
      </>
    ),
  },
  {
    id: "prototypes",
    tag: "JavaScript",
    question: "How does prototypical inheritance work in JavaScript?",
    body: (
      <>
        <p>
          Every JavaScript object has a hidden link, called <Code>[[Prototype]]</Code>, to another
          object or to <Code>null</Code>. When you read a property, the engine looks on the object
          itself first. If it is not there, it follows the link to the prototype, then to that
          object&rsquo;s prototype, and so on. This is the prototype chain; if the end is reached
          without a match, the result is <Code>undefined</Code>.
        </p>
        <p>
          <Code>Object.create(proto)</Code> makes a new object whose prototype is <Code>proto</Code>
          , which shows the idea without any extra syntax:
        </p>
        <CodeBlock
          label="Prototype chain example"
          code={`const vehicle = {
  wheels: 4,
  describe() {
    return \`\${this.make} with \${this.wheels} wheels\`;
  },
};

const car = Object.create(vehicle);
car.make = "Volvo";

car.describe();                          // "Volvo with 4 wheels"
Object.getPrototypeOf(car) === vehicle;  // true

car.wheels = 6;   // own property, shadows vehicle.wheels
vehicle.wheels;   // still 4`}
        />
        <p>
          Reading walks up the chain, but a normal assignment creates or updates a property on the
          object itself. That is called shadowing: <Code>car.wheels</Code> now hides the inherited
          value without changing the shared prototype.
        </p>
        <p>
          Constructor functions use the same mechanism. Calling <Code>new Car()</Code> creates an
          object whose prototype is <Code>Car.prototype</Code>, so methods placed there are shared
          by every instance. The <Code>class</Code> keyword is mostly cleaner syntax for this:
          methods end up on the prototype, and <Code>extends</Code> links one prototype to another.
          Classes add a few rules of their own, such as requiring <Code>new</Code> and supporting
          private fields, but underneath it is still the prototype chain.
        </p>
      </>
    ),
  },
  {
    id: "unit-tests",
    tag: "Testing",
    question: "What is a unit test, and why should we write them?",
    body: (
      <>
        <p>
          A unit test checks one small piece of behaviour, usually a single function or module, on
          its own. It calls the code with known inputs and asserts on the result. Good unit tests
          are <strong className="text-slate-900">fast</strong> (milliseconds),{" "}
          <strong className="text-slate-900">isolated</strong> (no network, real database or shared
          state) and <strong className="text-slate-900">repeatable</strong> (the same result on
          every run, on any machine, in any order).
        </p>
        <CodeBlock
          label="Unit test example"
          code={`// mileage.ts
export function kmToMiles(km: number): number {
  return Math.round(km * 0.621371);
}

// mileage.test.ts
import { expect, test } from "vitest";
import { kmToMiles } from "./mileage";

test("converts kilometres to whole miles", () => {
  expect(kmToMiles(100)).toBe(62);
  expect(kmToMiles(0)).toBe(0);
});`}
        />
        <p>
          Why bother? Tests catch regressions the moment they happen, let you refactor without fear,
          and document how the code is meant to behave. Code that is hard to test is often a sign
          that it does too much or is too tightly coupled.
        </p>
        <p>
          You can write the test first (test-driven development: red, green, refactor) or after the
          code. Either works, as long as you have seen the test fail at least once. A test that
          cannot fail proves nothing, so break the code on purpose if you wrote the test last.
        </p>
        <p>
          Test through the public interface and at the boundaries: zero, empty input, negative
          numbers, the largest allowed value, one past the limit. Avoid asserting on internal
          details, or every refactor will break your tests. Unit tests do not replace integration or
          end-to-end tests; they are the fast, cheap base underneath them.
        </p>
      </>
    ),
  },
  {
    id: "frameworks",
    tag: "Frameworks",
    question: "React vs. Angular vs. Vue: what are the differences?",
    body: (
      <>
        <p>
          <strong className="text-slate-900">React</strong> is a UI library: it handles components
          and rendering, and you pick routing, data loading and forms from other packages or a
          framework built on top of it. <strong className="text-slate-900">Angular</strong> is a
          complete framework with a router, forms, HTTP client, dependency injection and CLI in one
          box. <strong className="text-slate-900">Vue</strong> sits in between: a small core plus
          official router and state packages that you can adopt step by step.
        </p>
        <p>
          React describes UI with JSX, which is plain JavaScript with markup mixed in. Angular and
          Vue use HTML-based templates with their own syntax for loops, conditions and bindings. For
          updates, React re-renders a component when its state changes and compares the result with
          the previous one. Vue tracks which data each part of the page uses and updates only that.
          Angular traditionally checked the whole tree for changes, and newer versions add signals
          for finer-grained updates.
        </p>
        <div
          tabIndex={0}
          role="region"
          aria-label="Comparison of React, Angular and Vue"
          className="overflow-x-auto rounded-xl ring-1 ring-slate-200"
        >
          <table className="w-full min-w-[34rem] text-start text-sm">
            <caption className="bg-slate-50 px-4 py-3 text-start font-semibold text-slate-900">
              React, Angular and Vue at a glance
            </caption>
            <thead className="bg-slate-50 text-slate-900">
              <tr>
                <th scope="col" className="px-4 py-2 font-semibold">
                  Aspect
                </th>
                {frameworks.map((name) => (
                  <th key={name} scope="col" className="px-4 py-2 font-semibold">
                    {name}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-200 text-slate-700">
              {comparison.map(([aspect, ...cells]) => (
                <tr key={aspect}>
                  <th scope="row" className="px-4 py-2 align-top font-medium text-slate-900">
                    {aspect}
                  </th>
                  {cells.map((cell, i) => (
                    <td key={frameworks[i]} className="px-4 py-2 align-top">
                      {cell}
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
        <p>
          All three are mature, fast enough for almost any product and well supported. In practice
          the best choice usually depends on your team&rsquo;s experience, hiring, and how much
          structure you want decided for you, rather than on benchmarks.
        </p>
      </>
    ),
  },
];

export default function Blogs() {
  const t = useT();
  return (
    <div className="mx-auto max-w-3xl px-4 py-12 sm:px-6">
      <h1 className="text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">{t("Blogs")}</h1>
      <p className="mt-3 text-lg leading-8 text-slate-600">
        {t(
          "Short, practical answers to questions we often hear from developers building for the web.",
        )}
      </p>

      <nav
        aria-label={t("Table of contents")}
        className="mt-8 rounded-2xl bg-slate-50 p-5 ring-1 ring-slate-200"
      >
        <p className="text-sm font-semibold tracking-wide text-slate-900 uppercase">
          {t("On this page")}
        </p>
        {/* The posts are demo content, written in English whatever the page's language. */}
        <ol
          translate="no"
          lang="en"
          className="mt-3 list-decimal space-y-2 ps-5 text-sm marker:text-slate-600"
        >
          {articles.map((a) => (
            <li key={a.id}>
              <a
                href={`#${a.id}`}
                className="font-medium text-brand-700 underline-offset-4 hover:underline"
              >
                {a.question}
              </a>
            </li>
          ))}
        </ol>
      </nav>

      <div className="mt-10 space-y-8">
        {articles.map((a) => (
          <article
            key={a.id}
            id={a.id}
            translate="no"
            lang="en"
            aria-labelledby={`${a.id}-title`}
            className="scroll-mt-24 rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200 sm:p-8"
          >
            <p className="inline-block rounded-full bg-brand-50 px-3 py-1 text-xs font-semibold tracking-wide text-brand-700 uppercase ring-1 ring-brand-100">
              {a.tag}
            </p>
            <h2
              id={`${a.id}-title`}
              className="mt-3 text-xl font-bold tracking-tight text-balance text-slate-900 sm:text-2xl"
            >
              {a.question}
            </h2>
            <div className="mt-5 space-y-4 text-base leading-7 text-slate-700">{a.body}</div>
          </article>
        ))}
      </div>
    </div>
  );
}
