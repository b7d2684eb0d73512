// A price written the site's way (its currency and locale, decision 019), from the
// root data: the server and the browser write it alike.
import { useSite } from "#app/components/use-site.ts";
import { formatPrice } from "#app/models/listing.ts";

/** A price in cents. */
export function Price({ cents }: { cents: number }) {
  return formatPrice(cents, useSite().price);
}
