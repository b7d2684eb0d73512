// useSchemaForm's `props` give a control exactly what Conform's getInputProps, getSelectProps
// and getTextareaProps give it, whether the form is pristine (on the server, kept from the
// first render) or sent back with errors and values (made afresh).
import {
  getInputProps,
  getSelectProps,
  getTextareaProps,
  type FieldMetadata,
  type SubmissionResult,
} from "@conform-to/react";
import { createElement as h, type ReactNode } from "react";
import { renderToString } from "react-dom/server";
import { createMemoryRouter, RouterProvider } from "react-router";
import { describe, expect, test } from "vitest";
import { z } from "zod";

import { useSchemaForm } from "#app/components/use-schema-form.ts";

const schema = z.object({
  when: z.string({ error: "Choose a day and time." }),
  place: z.string().optional(),
  note: z.string().max(300).optional(),
  name: z.string().min(2).max(40),
});

type Result = SubmissionResult<string[]> | undefined;

/** The same form twice: through `props`, and through Conform's helpers directly. */
function Ours({ result }: { result: Result }) {
  const { props } = useSchemaForm("test-form", schema, result);
  return h(
    "form",
    null,
    h("input", props.input("when", { type: "datetime-local" })),
    h("select", props.select("place"), h("option", { value: "" }, "—")),
    h("textarea", props.textarea("note")),
    h("input", props.input("name", { type: "text" })),
  );
}

function Theirs({ result }: { result: Result }) {
  const { fields } = useSchemaForm("test-form", schema, result);
  const field = (name: keyof typeof fields) => fields[name] as FieldMetadata<unknown>;
  return h(
    "form",
    null,
    h("input", getInputProps(field("when"), { type: "datetime-local" })),
    h("select", getSelectProps(field("place")), h("option", { value: "" }, "—")),
    h("textarea", getTextareaProps(field("note"))),
    h("input", getInputProps(field("name"), { type: "text" })),
  );
}

function html(element: ReactNode): string {
  const router = createMemoryRouter([{ path: "*", element }], { initialEntries: ["/"] });
  return renderToString(h(RouterProvider, { router }));
}

const sent: Result = {
  status: "error",
  initialValue: { when: "2026-12-24T10:00", place: "3", note: "Gate B", name: "x" },
  error: { name: ["Too short"] },
};

describe("useSchemaForm's props", () => {
  test("a pristine form: Conform's props, the same again from what was kept", () => {
    expect(import.meta.env.SSR).toBe(true);
    const first = html(h(Ours, { result: undefined }));
    expect(first).toBe(html(h(Theirs, { result: undefined })));
    expect(first).toContain('<input required="" id="test-form-name" form="test-form" type="text"');
    expect(html(h(Ours, { result: undefined }))).toBe(first);
  });

  test("a form sent back: its values and errors, not the pristine props", () => {
    html(h(Ours, { result: undefined }));
    const again = html(h(Ours, { result: sent }));
    expect(again).toBe(html(h(Theirs, { result: sent })));
    expect(again).toContain('aria-invalid="true"');
    expect(again).toContain('value="2026-12-24T10:00"');
    // And the pristine form is still pristine afterwards.
    expect(html(h(Ours, { result: undefined }))).not.toContain("aria-invalid");
  });
});
