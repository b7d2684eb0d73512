// The one way our forms are set up with Conform: validate on blur, revalidate on
// input, with the same Zod schema the action uses; form-level errors also toast.
import {
  getInputProps,
  getSelectProps,
  getTextareaProps,
  useForm,
  type FieldMetadata,
  type SubmissionResult,
} from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { useEffect } from "react";
import { useLocation, useNavigation } from "react-router";
import type { z } from "zod";

import { showToast } from "#app/components/toaster.tsx";

/** A schema's constraints (required, lengths…): the same object for every render of its forms. */
const constraints = new WeakMap<z.ZodType, ReturnType<typeof getZodConstraint>>();
function constraintOf(schema: z.ZodType) {
  let constraint = constraints.get(schema);
  if (!constraint) {
    constraint = getZodConstraint(schema);
    constraints.set(schema, constraint);
  }
  return constraint;
}

type InputOptions = Parameters<typeof getInputProps>[1];

/**
 * The props of a form nobody has sent yet, kept by schema, form id, field, control and
 * options (server only; see `useSchemaForm`'s `props`).
 */
const pristineProps = new WeakMap<z.ZodType, Map<string, Record<string, unknown>>>();

export function useSchemaForm<Schema extends z.ZodType<Record<string, unknown>>>(
  id: string,
  schema: Schema,
  lastResult: SubmissionResult<string[]> | null | undefined,
  options: {
    /** Saved values, as the strings the controls show. */
    defaultValue?: Record<string, unknown>;
    /** Stay busy while the page the action redirects to loads, so the form does not flash back. */
    busyUntilLoaded?: boolean;
    /**
     * Check only when sent: for a composer, whose empty field is its resting state (leaving
     * it empty is no mistake to point out).
     */
    checkOnSubmit?: boolean;
  } = {},
) {
  type Shape = Extract<z.input<Schema>, Record<string, unknown>>;
  const [form, fields] = useForm<Shape>({
    id,
    lastResult,
    defaultValue: options.defaultValue as never,
    constraint: constraintOf(schema),
    shouldValidate: options.checkOnSubmit ? "onSubmit" : "onBlur",
    shouldRevalidate: "onInput",
    // parseWithZod is typed by the concrete schema; for a generic one the shapes
    // only differ in how TypeScript spells them.
    onValidate: ({ formData }) => parseWithZod(formData, { schema }) as never,
  });
  const formError = form.errors?.[0];
  // Spec §8: sign-in and registration failures also show in an error toast. The
  // inline alert already speaks the words, so the toast is not announced again.
  useEffect(() => {
    if (formError) showToast("error", formError, { announce: false });
  }, [formError, lastResult]);
  // Busy while this page's own form is being submitted.
  const navigation = useNavigation();
  const location = useLocation();
  const sending = options.busyUntilLoaded
    ? navigation.state !== "idle" && navigation.formMethod?.toUpperCase() === "POST"
    : navigation.state === "submitting";
  const pending =
    sending && new URL(navigation.formAction ?? "", "http://x").pathname === location.pathname;
  // getInputProps and its kin for one field. On the server, for a form nobody has sent yet
  // (no result, no saved values), they depend only on the schema, the form's id, the field's
  // name and the options: they are made once and kept. Conform builds a fresh proxy for each
  // property they read (a form of nine fields cost 0.6 ms of every conversation page).
  const pristine = import.meta.env.SSR && !lastResult && !options.defaultValue;
  const keep = <Props>(key: string, make: () => Props): Props => {
    if (!pristine) return make();
    let kept = pristineProps.get(schema);
    if (!kept) {
      kept = new Map();
      pristineProps.set(schema, kept);
    }
    const full = `${id}\0${key}`;
    if (!kept.has(full)) kept.set(full, make() as Record<string, unknown>);
    return kept.get(full) as Props;
  };
  type Name = keyof typeof fields & string;
  const field = (name: Name) => fields[name] as FieldMetadata<unknown>;
  const props = {
    input: (name: Name, inputOptions: InputOptions) =>
      keep(`${name}\0input\0${JSON.stringify(inputOptions)}`, () =>
        getInputProps(field(name), inputOptions),
      ),
    select: (name: Name) => keep(`${name}\0select`, () => getSelectProps(field(name))),
    textarea: (name: Name) => keep(`${name}\0textarea`, () => getTextareaProps(field(name))),
  };
  return { form, fields, formError, pending, props };
}
