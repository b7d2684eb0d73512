// The bar itself (app/layout/progress-bar.tsx loads it with the first navigation).
import { useEffect, useState } from "react";

import { useT } from "#app/i18n/i18n-provider.tsx";

export function ProgressBarView({ busy }: { busy: boolean }) {
  const t = useT();
  // Wait a moment before showing it, so instant navigations do not flash.
  const [waited, setWaited] = useState(false);
  useEffect(() => {
    if (!busy) return;
    const timer = setTimeout(() => setWaited(true), 120);
    return () => {
      clearTimeout(timer);
      setWaited(false);
    };
  }, [busy]);
  const visible = busy && waited;

  return (
    <div
      role="progressbar"
      aria-label={t("Loading")}
      aria-hidden={!visible}
      aria-valuetext={visible ? t("Loading") : undefined}
      className={`pointer-events-none fixed inset-x-0 top-0 z-[70] h-1 overflow-hidden transition-opacity duration-200 ${visible ? "opacity-100" : "opacity-0"}`}
    >
      <div className="carlot-progress h-full w-1/3 bg-accent-500" />
    </div>
  );
}
