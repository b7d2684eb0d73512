// The comparison tray: up to four car ids kept in localStorage (with JavaScript)
// or in the page's `compare` parameter (without). "Compare" buttons add and remove
// cars; the bar at the bottom links to /compare?ids=….
import { useEffect, useSyncExternalStore } from "react";

import { loadWhenShown } from "#app/components/ui/load-when-shown.tsx";
import { useT } from "#app/i18n/i18n-provider.tsx";
import {
  COMPARE_MAX,
  compareHref,
  parseCompareIds,
  toggleCompareId,
} from "#app/models/search-compare.ts";

// The bar shows once a car is in the tray: a first visit does not download it.
const CompareBarView = loadWhenShown(() =>
  import("./compare-bar.tsx").then((m) => m.CompareBarView),
);

const STORAGE_KEY = "carlot.compare";
const NONE: number[] = [];
const listeners = new Set<() => void>();
let snapshot: number[] | null = null;

function read(): number[] {
  if (snapshot) return snapshot;
  try {
    snapshot = parseCompareIds(window.localStorage.getItem(STORAGE_KEY)).ids;
  } catch {
    snapshot = [];
  }
  return snapshot;
}

function write(ids: number[]) {
  snapshot = ids;
  try {
    window.localStorage.setItem(STORAGE_KEY, ids.join(","));
  } catch {
    // Private mode without storage: the tray still works on this page.
  }
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  const onStorage = (event: StorageEvent) => {
    if (event.key !== STORAGE_KEY) return;
    snapshot = null;
    listener();
  };
  window.addEventListener("storage", onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener("storage", onStorage);
  };
}

/** The tray's ids; [] while rendering on the server. */
export function useCompareIds(): number[] {
  return useSyncExternalStore(subscribe, read, () => NONE);
}

/**
 * "Compare" for one car. Without JavaScript it is a link to the comparison with
 * this car added to `urlIds` (the page's `compare` parameter); with JavaScript it
 * adds or removes the car from the tray.
 */
export function CompareToggle({
  listingId,
  title,
  urlIds = NONE,
  size = "sm",
}: {
  listingId: number;
  title: string;
  urlIds?: readonly number[];
  size?: "sm" | "md";
}) {
  const t = useT();
  const ids = useCompareIds();
  const chosen = ids.includes(listingId);
  const full = !chosen && ids.length >= COMPARE_MAX;
  const fallback = compareHref(toggleCompareId(urlIds, listingId));
  const base =
    size === "sm"
      ? "inline-flex items-center gap-1 rounded-lg px-3 py-2 text-xs font-semibold whitespace-nowrap"
      : "inline-flex items-center gap-2 rounded-lg px-4 py-2.5 text-sm font-semibold";
  const look = chosen
    ? "bg-emerald-50 text-emerald-800 ring-1 ring-emerald-600/30 hover:bg-emerald-100"
    : "bg-white text-slate-700 ring-1 ring-slate-300 hover:bg-slate-50";
  return (
    <a
      href={fallback}
      role="button"
      aria-pressed={chosen}
      aria-disabled={full || undefined}
      title={full ? t("You can compare up to {max} cars", { max: COMPARE_MAX }) : undefined}
      className={`${base} ${look} ${full ? "cursor-not-allowed opacity-60" : ""}`}
      onClick={(event) => {
        event.preventDefault();
        if (full) return;
        write(toggleCompareId(read(), listingId));
      }}
      onKeyDown={(event) => {
        if (event.key === " ") {
          event.preventDefault();
          event.currentTarget.click();
        }
      }}
    >
      <span aria-hidden="true">{chosen ? "✓" : "+"}</span>
      {chosen ? t("Comparing") : t("Compare")}
      {/* One text: " " and the title as two would be two text nodes and a comment. */}
      <span className="sr-only" translate="no">{` ${title}`}</span>
    </a>
  );
}

/**
 * The bar that appears when cars are in the tray. `initialIds` (the `compare`
 * parameter of a page reached without JavaScript) join the tray once loaded.
 */
export function CompareBar({ initialIds = NONE }: { initialIds?: readonly number[] }) {
  const ids = useCompareIds();
  useEffect(() => {
    if (initialIds.length === 0) return;
    let merged = read();
    for (const id of initialIds) {
      if (!merged.includes(id)) merged = toggleCompareId(merged, id);
    }
    if (merged.length !== read().length) write(merged);
  }, [initialIds]);
  if (ids.length === 0) return null;
  return <CompareBarView ids={ids} onClear={() => write([])} />;
}

/** The compare page keeps the tray in step with the cars it shows. */
export function useSyncTray(ids: readonly number[]) {
  useEffect(() => {
    const current = read();
    if (current.join(",") !== ids.join(",")) write([...ids]);
  }, [ids]);
}
