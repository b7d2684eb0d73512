// "Propose times to see the car": up to three rows of a day and time, a safe place from the
// admins' list or another address. A <details> opens it, so it works without JavaScript; the
// errors sit next to their fields, and what was typed comes back with them.
import { getFormProps, type SubmissionResult } from "@conform-to/react";
import { useState } from "react";
import { Form, useNavigation } from "react-router";

import { useHydrated } from "#app/components/ui/use-hydrated.ts";
import { Field, FormError, inputClass, SubmitButton } from "#app/components/ui/form.tsx";
import { selectClass } from "#app/components/ui/fields.tsx";
import { useSchemaForm } from "#app/components/use-schema-form.ts";
import { useT } from "#app/i18n/i18n-provider.tsx";
import { validTimeZone } from "#app/models/time-zone.ts";
import type { SafePlace } from "#app/models/viewing-list.server.ts";
import {
  OTHER_ADDRESS,
  proposeViewingSchema,
  VIEWING_ADDRESS_MAX,
  VIEWING_SLOTS,
} from "#app/models/viewing.ts";

export function ProposeViewingForm({
  places,
  proposalKey,
  timeZone,
  lastResult,
  answering,
}: {
  places: SafePlace[];
  proposalKey: string;
  timeZone: string;
  lastResult: SubmissionResult<string[]> | undefined;
  /** The other side proposed: this form proposes others instead. */
  answering: boolean;
}) {
  const t = useT();
  const { form, fields, props } = useSchemaForm(
    "propose-viewing",
    proposeViewingSchema,
    lastResult,
  );
  const navigation = useNavigation();
  const pending = navigation.state !== "idle" && navigation.formData?.get("intent") === "propose";
  // Kept while this proposal is being made, so sending it twice stores it once.
  const [key] = useState(proposalKey);
  // The times are read in the zone this form names: the server's guess (the tz cookie, else
  // UTC) until the browser says its own.
  const hydrated = useHydrated();
  const zone =
    (hydrated && validTimeZone(Intl.DateTimeFormat().resolvedOptions().timeZone)) || timeZone;
  const formError = form.errors?.[0];
  const field = (name: string) => fields[name as keyof typeof fields];
  return (
    <details
      open={Boolean(lastResult) || undefined}
      className="group mt-4 rounded-xl ring-1 ring-slate-200 open:bg-white"
    >
      <summary className="cursor-pointer rounded-xl px-4 py-3 font-semibold text-brand-700 hover:bg-brand-50">
        {answering ? t("Propose other times") : t("Propose times to see the car")}
      </summary>
      <Form
        method="post"
        preventScrollReset
        className="space-y-4 px-4 pb-4"
        {...getFormProps(form)}
      >
        <input type="hidden" name="intent" value="propose" />
        <input type="hidden" name="proposalKey" value={key} />
        <input type="hidden" name="timeZone" value={zone} />
        <p className="text-sm text-slate-600">
          {t(
            "Up to three times, at least an hour from now. A safe place is public, busy and watched by cameras: the safest place to meet a stranger. Times are in {zone}.",
            { zone: zone.replace(/_/g, " ") },
          )}
        </p>
        <FormError message={formError ?? null} />
        {VIEWING_SLOTS.map((n) => {
          const at = field(`at${n}`);
          const place = field(`place${n}`);
          const address = field(`address${n}`);
          return (
            <fieldset
              key={n}
              className="grid gap-x-4 rounded-lg bg-slate-50 p-3 ring-1 ring-slate-200 sm:grid-cols-2"
            >
              <legend className="px-1 text-sm font-semibold text-slate-800">
                {n === 1
                  ? t("First time")
                  : n === 2
                    ? t("Second time (optional)")
                    : t("Third time (optional)")}
              </legend>
              <Field label={t("Day and time")} errors={at.errors} errorId={at.errorId}>
                <input
                  {...props.input(`at${n}`, { type: "datetime-local" })}
                  className={inputClass}
                />
              </Field>
              <Field label={t("Place")} errors={place.errors} errorId={place.errorId}>
                <select
                  {...props.select(`place${n}`)}
                  defaultValue={place.initialValue ?? (places.length > 0 ? "" : OTHER_ADDRESS)}
                  className={selectClass}
                >
                  <option value="">{t("Choose a place")}</option>
                  {places.length > 0 ? (
                    <optgroup label={t("Safe places")}>
                      {places.map((item) => (
                        <option key={item.id} value={String(item.id)} translate="no">
                          {item.name} — {item.address}
                        </option>
                      ))}
                    </optgroup>
                  ) : null}
                  <option value={OTHER_ADDRESS}>{t("Another address (write it below)")}</option>
                </select>
              </Field>
              <Field
                className="sm:col-span-2"
                label={t("Another address")}
                hint={t("Only when you chose another address.")}
                errors={address.errors}
                errorId={address.errorId}
              >
                <input
                  {...props.input(`address${n}`, { type: "text" })}
                  maxLength={VIEWING_ADDRESS_MAX}
                  translate="no"
                  className={inputClass}
                />
              </Field>
            </fieldset>
          );
        })}
        {places.length > 0 ? <SafePlaceList places={places} /> : null}
        <div className="flex justify-end">
          <SubmitButton
            pending={pending}
            pendingLabel={t("Proposing…")}
            className="sm:w-auto sm:px-8"
          >
            {t("Propose these times")}
          </SubmitButton>
        </div>
      </Form>
    </details>
  );
}

/** The safe places with their opening hours and notes, to choose among. */
function SafePlaceList({ places }: { places: SafePlace[] }) {
  const t = useT();
  return (
    <div className="text-sm">
      <h3 className="font-semibold text-slate-800">{t("The safe places")}</h3>
      <ul className="mt-1 grid gap-2 sm:grid-cols-2">
        {places.map((place) => (
          <li key={place.id} className="rounded-lg p-2 ring-1 ring-slate-200" translate="no">
            <span className="block font-semibold text-slate-900">{place.name}</span>
            <span className="block text-slate-700">{place.address}</span>
            <span className="block text-slate-600">{place.hours}</span>
            {place.note ? <span className="block text-slate-600 italic">{place.note}</span> : null}
          </li>
        ))}
      </ul>
    </div>
  );
}
