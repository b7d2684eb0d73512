// Site-wide settings shared by client and server.

/** The statistics banner on the home page (spec §1, DESIGN decision 17). */
export type SiteStats = { likes: string; carsDelivered: string; tasksDone: string };

export const DEFAULT_SITE_STATS: SiteStats = {
  likes: "25.6K",
  carsDelivered: "1.2k",
  tasksDone: "86%",
};

export const SITE_NAME = "Carlot";
export const SITE_TAGLINE = "Trusted Used Car Seller Site.";

/** The footer's three social links (spec §2). Operators point them at their own pages. */
export const SOCIAL_LINKS = [
  { kind: "microblog", label: "X (opens x.com)", href: "https://x.com/" },
  { kind: "video", label: "YouTube (opens youtube.com)", href: "https://www.youtube.com/" },
  { kind: "social", label: "Facebook (opens facebook.com)", href: "https://www.facebook.com/" },
] as const;

/** A page address that remembers where to go afterwards ("/login" stays bare for "/"). */
export function withRedirectTo(path: string, redirectTo: string): string {
  return redirectTo === "/" ? path : `${path}?redirectTo=${encodeURIComponent(redirectTo)}`;
}
