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

export function MicroblogIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <path d="M4 4l16 16M20 4L4 20" />
    </Icon>
  );
}

export function VideoIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <rect x="2.5" y="5" width="19" height="14" rx="4" />
      <path d="M10 9.2v5.6l4.8-2.8z" fill="currentColor" />
    </Icon>
  );
}

export function SocialNetworkIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <path d="M14.5 8H17V4.5h-2.5A3.5 3.5 0 0 0 11 8v2.5H8.5V14H11v6h3.5v-6H17l.5-3.5h-3V8.5a.5.5 0 0 1 .5-.5z" />
    </Icon>
  );
}

/** Drawn by CSS (.icon-check-badge in styles/app.css): lists repeat it on every row. */
export function CheckBadgeIcon({ className = "" }: { className?: string }) {
  return <span aria-hidden="true" className={`icon-check-badge ${className}`} />;
}

/** Drawn by CSS (.icon-arrow-right in styles/app.css): lists repeat it on every row. */
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

export function ChevronIcon(props: IconProps & { direction: "left" | "right" }) {
  const { direction, ...rest } = props;
  return (
    <Icon {...rest}>
      <path d={direction === "left" ? "M15 5l-7 7 7 7" : "M9 5l7 7-7 7"} />
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
