// Small inline icons (decorative unless given a label by their container).
import type { SVGProps } from "react";

export type IconProps = SVGProps<SVGSVGElement>;

/** A 24-pixel line icon; the page's own icons are drawn with it where they are used. */
export function Icon({ children, ...props }: IconProps) {
  return (
    <svg
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={1.8}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
      {...props}
    >
      {children}
    </svg>
  );
}

/** Drawn by CSS (.icon-check-badge in styles/app.css): lists repeat it on every row. */
export function CheckBadgeIcon({ className = "" }: { className?: string }) {
  return <span aria-hidden="true" className={`icon-check-badge ${className}`} />;
}

/**
 * Drawn by CSS (.icon-arrow-right in styles/app.css): lists repeat it on every row.
 * It points the way the page reads (left in a right-to-left page).
 */
export function ArrowRightIcon({ className = "" }: { className?: string }) {
  return <span aria-hidden="true" className={`icon-arrow-right ${className}`} />;
}

export function CloseIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <path d="M6 6l12 12M18 6L6 18" />
    </Icon>
  );
}

const CHEVRON = {
  left: "M15 5l-7 7 7 7",
  right: "M9 5l7 7-7 7",
  up: "M5 15l7-7 7 7",
  down: "M5 9l7 7 7-7",
};

/**
 * A chevron. "left" and "right" mean backward and forward in the reading direction:
 * they turn around in a right-to-left page (as does the arrow above).
 */
export function ChevronIcon(props: IconProps & { direction: keyof typeof CHEVRON }) {
  const { direction, className = "", ...rest } = props;
  const sideways = direction === "left" || direction === "right";
  return (
    <Icon {...rest} className={sideways ? `rtl:-scale-x-100 ${className}` : className}>
      <path d={CHEVRON[direction]} />
    </Icon>
  );
}

/** Drawn by CSS (.icon-heart in styles/app.css): lists repeat it on every row. */
export function HeartIcon({
  className = "",
  filled = false,
}: {
  className?: string;
  filled?: boolean;
}) {
  return (
    <span
      aria-hidden="true"
      className={`${filled ? "icon-heart-filled" : "icon-heart"} ${className}`}
    />
  );
}
