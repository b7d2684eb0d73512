// The one way our forms are set up with Conform: validate on blur, revalidate on
// input, with the same Zod schema the action uses; form-level errors also toast.
import { useForm, type SubmissionResult } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { useEffect } from "react";
import { useLocation, useNavigation } from "react-router";
import type { z } from "zod";

import { showToast } from "#app/components/toaster.tsx";

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
    constraint: getZodConstraint(schema),
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
  return { form, fields, formError, pending };
}
