// The conversation's "Viewing" box (issue 27, decision 023): the agreed viewing (with
// "Cancel"), the open proposal (the other side's times with "Accept", or one's own with
// "Withdraw"), past viewings with "We met" / "It didn't happen", and the form to propose
// times. Every button is a small form that posts to the conversation, so all of it works
// without JavaScript; the page's event stream shows the other side's changes.
import type { SubmissionResult } from "@conform-to/react";
import type { ReactNode } from "react";
import { Form, useNavigation } from "react-router";

import { ConfirmDialog } from "#app/components/confirm-dialog.tsx";
import { outlineButton, primaryButton } from "#app/components/ui/buttons.ts";
import { FormError } from "#app/components/ui/form.tsx";
import { useSite } from "#app/components/use-site.ts";
import { useT, useTranslator } from "#app/i18n/i18n-provider.tsx";
import { dateLocaleOf } from "#app/models/dates.ts";
import type { SafePlace, ViewingItem } from "#app/models/viewing-list.server.ts";
import { VIEWING_OUTCOME_LABEL, VIEWING_OUTCOMES } from "#app/models/viewing.ts";

import { ProposeViewingForm } from "./viewing-form.tsx";

export type ViewingData = {
  viewings: ViewingItem[];
  places: SafePlace[];
  proposalKey: string;
  timeZone: string;
};

export function ViewingPanel({
  data,
  otherName,
  open,
  lastResult,
  error,
}: {
  data: ViewingData;
  /** Why the last button did nothing (the viewing changed meanwhile). */
  error?: string;
  otherName: string;
  /** The conversation takes changes (not closed). */
  open: boolean;
  lastResult: SubmissionResult<string[]> | undefined;
}) {
  const t = useT();
  const agreed = data.viewings.filter((item) => item.status === "accepted");
  const upcoming = agreed.find((item) => !item.past);
  const past = agreed.filter((item) => item.past);
  // A proposed time that has come can no longer be accepted.
  const proposed = data.viewings.filter((item) => item.status === "proposed" && !item.started);
  const theirs = proposed.filter((item) => !item.mine);
  const mine = proposed.filter((item) => item.mine);
  if (!open && agreed.length === 0) return null;
  return (
    <section
      aria-labelledby="viewing-title"
      className="mt-4 rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200"
    >
      <h2 id="viewing-title" className="text-lg font-bold text-slate-900">
        {t("Viewing")}
      </h2>
      {error ? (
        <div className="mt-2">
          <FormError message={error} />
        </div>
      ) : null}
      {upcoming ? (
        // Cancelling stays possible after the conversation closed (the car sold, a block).
        <Agreed item={upcoming} cancellable={!upcoming.started} otherName={otherName} />
      ) : theirs.length > 0 && open ? (
        <Times
          intro={t("{name} proposes these times. Accept one, or propose others.", {
            name: otherName,
          })}
          items={theirs}
          action={(item) => (
            <ViewingButton
              intent="accept"
              id={item.id}
              className={primaryButton}
              describedBy={`viewing-${item.id}`}
            >
              {t("Accept")}
            </ViewingButton>
          )}
        />
      ) : mine.length > 0 && open ? (
        <>
          <Times
            intro={t("You proposed these times. Waiting for {name}'s answer.", { name: otherName })}
            items={mine}
          />
          <div className="mt-3">
            <ViewingButton intent="cancel-viewing" id={mine[0]!.id} className={outlineButton}>
              {t("Withdraw the proposal")}
            </ViewingButton>
          </div>
        </>
      ) : open ? (
        <p className="mt-1 text-sm text-slate-600">
          {t(
            "See the car before you pay anything. Propose a time at one of the safe places, where meeting a stranger is safest.",
          )}
        </p>
      ) : null}
      {past.map((item) => (
        <Outcome key={item.id} item={item} otherName={otherName} />
      ))}
      {open && !upcoming ? (
        <ProposeViewingForm
          // A new form (with a new key) once a proposal is in or gone: the next one is new.
          key={data.viewings.map((item) => `${item.id}:${item.status}`).join(" ") || "no proposals"}
          places={data.places}
          proposalKey={data.proposalKey}
          timeZone={data.timeZone}
          lastResult={lastResult}
          answering={theirs.length > 0}
        />
      ) : null}
    </section>
  );
}

/** The time and the place of one viewing. */
function When({ item }: { item: ViewingItem }) {
  const site = useSite();
  const { language } = useTranslator();
  const when = new Intl.DateTimeFormat(dateLocaleOf(site.locale, language), {
    dateStyle: "full",
    timeStyle: "short",
    timeZone: item.timeZone,
  }).format(new Date(item.startsAt));
  return (
    <div id={`viewing-${item.id}`} translate="no">
      <p className="font-semibold text-slate-900">
        <time dateTime={item.startsAt}>{when}</time>{" "}
        <span className="text-sm font-normal text-slate-600">
          ({item.timeZone.replace(/_/g, " ")})
        </span>
      </p>
      {/* People's own words: their direction is their own (an English address on an Arabic page). */}
      <p dir="auto" className="text-slate-800">
        {item.placeName ? <span className="font-semibold">{item.placeName}, </span> : null}
        {item.address}
      </p>
      {item.placeNote ? (
        <p dir="auto" className="text-sm text-slate-600 italic">
          {item.placeNote}
        </p>
      ) : null}
    </div>
  );
}

function Times({
  intro,
  items,
  action,
}: {
  intro: string;
  items: ViewingItem[];
  action?: (item: ViewingItem) => ReactNode;
}) {
  return (
    <>
      <p className="mt-1 text-sm text-slate-700">{intro}</p>
      <ul className="mt-3 space-y-2">
        {items.map((item) => (
          <li
            key={item.id}
            className="flex flex-wrap items-center justify-between gap-3 rounded-xl bg-slate-50 p-3 ring-1 ring-slate-200"
          >
            <When item={item} />
            {action ? action(item) : null}
          </li>
        ))}
      </ul>
    </>
  );
}

function Agreed({
  item,
  cancellable,
  otherName,
}: {
  item: ViewingItem;
  cancellable: boolean;
  otherName: string;
}) {
  const t = useT();
  return (
    <div className="mt-2 rounded-xl bg-emerald-50 p-4 ring-1 ring-emerald-300">
      <p className="text-sm font-semibold text-emerald-900">
        {t("Viewing agreed with {name}. You both have it by email, with a calendar file.", {
          name: otherName,
        })}
      </p>
      <div className="mt-2">
        <When item={item} />
      </div>
      {cancellable ? (
        <div className="mt-3">
          <ConfirmDialog
            fields={{ intent: "cancel-viewing", viewingId: String(item.id) }}
            title={t("Cancel the viewing?")}
            message={t("{name} gets an email, and it leaves both calendars.", { name: otherName })}
            confirmLabel={t("Cancel the viewing")}
            pendingLabel={t("Cancelling…")}
            tone="danger"
            trigger={t("Cancel the viewing")}
            triggerClassName={outlineButton}
          />
        </div>
      ) : null}
    </div>
  );
}

/** After the time: did it happen? Each side answers for themselves. */
function Outcome({ item, otherName }: { item: ViewingItem; otherName: string }) {
  const t = useT();
  return (
    <div className="mt-3 rounded-xl bg-slate-50 p-4 ring-1 ring-slate-200">
      <When item={item} />
      <p className="mt-2 text-sm font-semibold text-slate-800">{t("Did the viewing happen?")}</p>
      <div className="mt-2 flex flex-wrap gap-2">
        {VIEWING_OUTCOMES.map((outcome) => (
          <ViewingButton
            key={outcome}
            intent="outcome"
            id={item.id}
            extra={{ outcome }}
            className={item.myOutcome === outcome ? primaryButton : outlineButton}
            pressed={item.myOutcome === outcome}
          >
            {t(VIEWING_OUTCOME_LABEL[outcome])}
          </ViewingButton>
        ))}
      </div>
      {item.theirOutcome ? (
        <p className="mt-2 text-sm text-slate-600">
          {item.theirOutcome === "met"
            ? t("{name} says you met.", { name: otherName })
            : t("{name} says it didn't happen.", { name: otherName })}
        </p>
      ) : null}
    </div>
  );
}

/** One button, one small form: accept, withdraw, or an answer afterwards. */
function ViewingButton({
  intent,
  id,
  extra = {},
  className,
  pressed,
  describedBy,
  children,
}: {
  intent: string;
  id: number;
  extra?: Record<string, string>;
  className: string;
  pressed?: boolean;
  /** The id of what the button is about (its time), for screen readers. */
  describedBy?: string;
  children: ReactNode;
}) {
  const navigation = useNavigation();
  const sent = navigation.formData;
  const busy =
    navigation.state !== "idle" &&
    sent?.get("intent") === intent &&
    sent.get("viewingId") === String(id) &&
    Object.entries(extra).every(([name, value]) => sent.get(name) === value);
  return (
    <Form method="post" preventScrollReset>
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="viewingId" value={id} />
      {Object.entries(extra).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <button
        type="submit"
        disabled={busy}
        aria-pressed={pressed}
        aria-describedby={describedBy}
        className={`${className} disabled:cursor-wait disabled:opacity-75`}
      >
        {children}
      </button>
    </Form>
  );
}
