// A thin bar at the top of the page while a navigation or a form submission is
// under way (issue: "While a navigation or submission is pending, a progress bar shows").
// Its code loads with the first navigation: a page that is only read never needs it.
import { useState } from "react";
import { useNavigation } from "react-router";

import { loadWhenShown } from "#app/components/ui/load-when-shown.tsx";

const ProgressBarView = loadWhenShown(() =>
  import("./progress-bar-view.tsx").then((m) => m.ProgressBarView),
);

export function ProgressBar() {
  const busy = useNavigation().state !== "idle";
  // Once the first navigation starts, the bar stays mounted (it fades in and out).
  const [started, setStarted] = useState(false);
  if (busy && !started) setStarted(true);
  return started ? <ProgressBarView busy={busy} /> : null;
}
