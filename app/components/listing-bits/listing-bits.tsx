// Small pieces every listing view shares: seller identity, badges, thumbnails.
import { CheckBadgeIcon } from "#app/components/icons.tsx";
import { VerifiedNote } from "./verified-note.tsx";
import { useT } from "#app/i18n/i18n-provider.tsx";
import type { VerificationNote } from "#app/models/verification-note.ts";
import { initialsOf } from "#app/models/user.ts";
import {
  LISTING_STATUS_LABEL,
  type ListingStatus,
  type SellerSummary,
} from "#app/models/listing.ts";

/**
 * The seller's Verified badge. Given the verification's note (or null when none
 * was recorded), it opens to say what was checked and when (VerifiedNote).
 */
export function VerifiedBadge({
  className = "",
  note,
}: {
  className?: string;
  note?: VerificationNote | null;
}) {
  const t = useT();
  if (note !== undefined) return <VerifiedNote note={note} className={className} />;
  return (
    <span
      className={`inline-flex items-center gap-1 rounded-full bg-emerald-50 px-2 py-0.5 text-xs font-semibold text-emerald-800 ring-1 ring-emerald-600/20 ring-inset ${className}`}
    >
      <CheckBadgeIcon className="size-3.5 text-emerald-600" />
      {t("Verified")}
    </span>
  );
}

export function StatusBadge({ status }: { status: ListingStatus }) {
  const t = useT();
  const style =
    status === "available"
      ? "bg-brand-50 text-brand-700 ring-brand-600/20"
      : "bg-slate-100 text-slate-700 ring-slate-500/20";
  return <span className={`pill ${style}`}>{t(LISTING_STATUS_LABEL[status])}</span>;
}

export function SellerAvatar({ seller, size = 40 }: { seller: SellerSummary; size?: number }) {
  if (!seller.imageUrl) {
    const initials = initialsOf(seller.name);
    return (
      <span
        aria-hidden="true"
        translate="no"
        style={{ width: size, height: size }}
        className="avatar-initials"
      >
        {initials}
      </span>
    );
  }
  return (
    <img
      src={seller.imageUrl}
      alt=""
      width={size}
      height={size}
      loading="lazy"
      decoding="async"
      className="shrink-0 rounded-full bg-slate-200 object-cover ring-2 ring-white"
      style={{ width: size, height: size }}
    />
  );
}

/** Seller photo, name and badge; the email too when asked. */
export function SellerIdentity({
  seller,
  showEmail = false,
  explainBadge = true,
}: {
  seller: SellerSummary;
  showEmail?: boolean;
  /**
   * Whether the Verified badge opens to say what was checked: buyers need it; the
   * seller's own rows of My Products show a plain badge.
   */
  explainBadge?: boolean;
}) {
  const name = (
    <div className="flex min-w-0 flex-wrap items-center gap-x-2 gap-y-1 font-medium text-slate-900">
      <span translate="no" className="truncate">
        {seller.name}
      </span>
      {seller.verified ? (
        <VerifiedBadge note={explainBadge ? (seller.verification ?? null) : undefined} />
      ) : null}
    </div>
  );
  return (
    <div className="flex min-w-0 items-center gap-3">
      <SellerAvatar seller={seller} />
      {showEmail ? (
        <div className="min-w-0">
          {name}
          <p translate="no" className="truncate text-sm text-slate-600">
            {seller.email}
          </p>
        </div>
      ) : (
        name
      )}
    </div>
  );
}
