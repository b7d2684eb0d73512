// A fetcher made when its form is first sent. React Router's useFetcher and
// <fetcher.Form> cost each row of a table their hooks and form machinery on every
// server render (80 of them on a page of My Products, about a sixth of the page's
// rendering), and most rows' buttons are never pressed. Here a row renders a plain
// <form> (which posts by itself before JavaScript runs); the first time it is sent
// with JavaScript, a small child component gets a fetcher of its own and sends the
// form through it, as <fetcher.Form> would: same action, no navigation, the page's
// data revalidated afterwards.
import { useEffect, useMemo, useRef, useState, type ReactNode } from "react";
import { useFetcher } from "react-router";

export type FetcherOnDemand = {
  /** True from the moment the form is sent until its answer (and the reload) is in. */
  pending: boolean;
  /** The form's fields while it is on its way (optimistic UI); undefined otherwise. */
  formData: FormData | undefined;
  /** What the action answered last time, if it answered with data. */
  data: unknown;
  /** Sends `form` through this row's fetcher (made now if it was not). */
  submit(form: HTMLFormElement): void;
  /** Render this anywhere in the component: it holds the fetcher once there is one. */
  runner: ReactNode;
};

/**
 * A form being sent: its fields are read when it is sent, since the controls a
 * pending form disables would be left out of a later reading.
 */
type Sending = { formData: FormData; action: string; method: "post"; encType: string };

/** Nothing sent yet: one object for every row's first render. */
const UNSENT: OnDemandState = { sending: null, answered: null };

type OnDemandState = { sending: Sending | null; answered: { data: unknown } | null };

export function useFetcherOnDemand(): FetcherOnDemand {
  // Two hooks per row: a table renders dozens of these on every server render.
  const [state, setState] = useState(UNSENT);
  const { submit, done } = useMemo(
    () => ({
      submit(form: HTMLFormElement) {
        const sending: Sending = {
          formData: new FormData(form),
          action: form.getAttribute("action") ?? "",
          method: "post",
          encType: form.enctype,
        };
        setState((current) => ({ ...current, sending }));
      },
      done(data: unknown) {
        setState((current) => ({ ...current, sending: null, answered: { data } }));
      },
    }),
    [],
  );
  return {
    pending: state.sending !== null,
    formData: state.sending?.formData,
    data: state.answered?.data,
    submit,
    // Made when first sent and kept (its last answer with it), as useFetcher's would.
    runner:
      state.sending || state.answered ? <Runner sending={state.sending} onDone={done} /> : null,
  };
}

function Runner({ sending, onDone }: { sending: Sending | null; onDone: (data: unknown) => void }) {
  const fetcher = useFetcher();
  const busy = fetcher.state !== "idle";
  const sent = useRef<Sending | null>(null);
  const wasBusy = useRef(false);
  useEffect(() => {
    if (!sending || sent.current === sending) return;
    sent.current = sending;
    const { formData, action, method, encType } = sending;
    void fetcher.submit(formData, {
      action,
      method,
      encType: encType as "application/x-www-form-urlencoded" | "multipart/form-data",
      preventScrollReset: true,
    });
  }, [sending, fetcher]);
  useEffect(() => {
    if (busy) {
      wasBusy.current = true;
    } else if (wasBusy.current) {
      wasBusy.current = false;
      onDone(fetcher.data);
    }
  }, [busy, fetcher.data, onDone]);
  return null;
}
