// The whole data model (docs/architecture.md, DESIGN.md "Data model").
// Money is stored as integers in minor units (cents). Seller name, email, image and
// verified badge are read from `user` by join, never copied into listings.
import { sql, type AnyColumn } from "drizzle-orm";
import {
  bigint,
  boolean,
  check,
  customType,
  foreignKey,
  index,
  integer,
  jsonb,
  pgTable,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";

import {
  LISTING_STATUSES,
  MILEAGE_UNITS,
  PERIOD_UNITS,
  YEARS_USED_VALUES,
} from "#app/models/listing-choices.ts";
import { QUALITIES } from "#app/models/listing.ts";
import { SEARCH_VECTOR_SQL } from "#app/models/search-text.ts";
import { ORDER_CLOSED_REASONS, ORDER_STATUSES } from "#app/models/order.ts";
import { ROLES } from "#app/models/user.ts";
import {
  CONVERSATION_REPORT_REASONS,
  MESSAGE_MAX_CHARS,
  MESSAGE_PHOTO_MAX,
  SIDES,
  WARNING_PHRASE_MAX,
  WARNING_KINDS,
  type WarningKind,
} from "#app/models/conversation.ts";
import { SITE_DEFAULTS as SITE } from "#app/models/site.ts";
import type { CalendarFile } from "#app/models/calendar.ts";
import {
  SAFE_PLACE_LIMITS,
  VIEWING_ADDRESS_MAX,
  VIEWING_OUTCOMES,
  VIEWING_STATUSES,
} from "#app/models/viewing.ts";
import { DISTANCE_UNITS, PRICE_STYLES } from "#app/models/money-intl.ts";
import { LANGUAGES } from "#app/i18n/languages.ts";
import { ALERT_FREQUENCIES, ALERT_KINDS, CAR_ALERT_CHOICES } from "#app/models/alerts.ts";

const createdAt = () => timestamp("created_at", { withTimezone: true }).notNull().defaultNow();
const updatedAt = () =>
  timestamp("updated_at", { withTimezone: true })
    .notNull()
    .defaultNow()
    .$onUpdate(() => new Date());

const tsvector = customType<{ data: string }>({ dataType: () => "tsvector" });

// ── Accounts (shaped for better-auth with the admin plugin) ────────────────
export const user = pgTable(
  "user",
  {
    id: text("id").primaryKey(),
    name: text("name").notNull(),
    email: text("email").notNull(),
    emailVerified: boolean("email_verified").notNull().default(false),
    // Public URL path of the profile photo (served from storage), or null.
    image: text("image"),
    role: text("role", { enum: ROLES }).notNull().default("buyer"),
    // Set by an admin; only meaningful for sellers.
    verified: boolean("verified").notNull().default(false),
    banned: boolean("banned").notNull().default(false),
    banReason: text("ban_reason"),
    banExpires: timestamp("ban_expires", { withTimezone: true }),
    // The language the person chose for pages and mail; null: the browser's, else the site's.
    language: text("language", { enum: LANGUAGES }),
    // How often the person hears about the cars they saved (price cuts, sold, back, removed).
    carAlerts: text("car_alerts", { enum: CAR_ALERT_CHOICES }).notNull().default("daily"),
    // Whether a message left unread for 10 minutes is emailed (issue 27).
    messageEmails: boolean("message_emails").notNull().default(true),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    // The words of the name and email, for the admin's user search. Stored, so that a
    // search's candidates from user_search_idx are checked against it instead of
    // computing it again for each (20 ms for "person 12" among 20,000 people on PGlite).
    searchVector: tsvector("search_vector")
      .notNull()
      .generatedAlwaysAs(sql`to_tsvector('simple', name || ' ' || email)`),
  },
  (t) => [
    // Sign-in and registration look users up by email, case-insensitively.
    uniqueIndex("user_email_lower_idx").on(sql`lower(${t.email})`),
    // Admin user lists: one role (or everyone), newest first, a page at a time.
    index("user_role_created_idx").on(t.role, t.createdAt.desc(), t.id.desc()),
    index("user_created_idx").on(t.createdAt.desc(), t.id.desc()),
    // Search's "verified sellers only": the verified sellers, whose cars are then found
    // through listing_seller_idx.
    index("user_verified_idx")
      .on(t.id)
      .where(sql`${t.verified}`),
    // Admin user search: word prefixes of the name or email ("thomp" finds Maya Thompson).
    index("user_search_idx").using("gin", t.searchVector),
    // Admin user search: email prefixes ("maya.t"), whatever the database's collation.
    index("user_email_prefix_idx").on(sql`lower(${t.email}) text_pattern_ops`),
    check("user_role_check", sql`${t.role} in ('buyer', 'seller', 'admin')`),
    check("user_language", sql`${t.language} is null or ${t.language} in ('en', 'es', 'ar')`),
    check("user_car_alerts", sql`${t.carAlerts} in ('instant', 'daily', 'weekly', 'off')`),
  ],
);

/**
 * How many accounts each role has, kept by triggers on "user" (migration 0010) in the
 * same transaction as every insert, delete and role change: the admin's lists show
 * the total of 20,000 people without counting them on each page.
 */
export const userRoleCount = pgTable("user_role_count", {
  role: text("role", { enum: ROLES }).primaryKey(),
  n: integer("n").notNull(),
});

export const session = pgTable(
  "session",
  {
    id: text("id").primaryKey(),
    token: text("token").notNull().unique(),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    ipAddress: text("ip_address"),
    userAgent: text("user_agent"),
    impersonatedBy: text("impersonated_by"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  // Banning or deleting a user ends all of that user's sessions.
  (t) => [index("session_user_idx").on(t.userId)],
);

export const account = pgTable(
  "account",
  {
    id: text("id").primaryKey(),
    accountId: text("account_id").notNull(),
    providerId: text("provider_id").notNull(),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    accessToken: text("access_token"),
    refreshToken: text("refresh_token"),
    idToken: text("id_token"),
    accessTokenExpiresAt: timestamp("access_token_expires_at", {
      withTimezone: true,
    }),
    refreshTokenExpiresAt: timestamp("refresh_token_expires_at", {
      withTimezone: true,
    }),
    scope: text("scope"),
    // argon2id hash for email + password accounts.
    password: text("password"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("account_user_idx").on(t.userId),
    // OAuth sign-in finds the account by provider and the provider's subject.
    uniqueIndex("account_provider_idx").on(t.providerId, t.accountId),
  ],
);

export const verification = pgTable(
  "verification",
  {
    id: text("id").primaryKey(),
    identifier: text("identifier").notNull(),
    value: text("value").notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  // Password-reset tokens are looked up by identifier.
  (t) => [index("verification_identifier_idx").on(t.identifier)],
);

export const rateLimit = pgTable("rate_limit", {
  id: text("id").primaryKey(),
  key: text("key").notNull().unique(),
  count: integer("count").notNull(),
  lastRequest: bigint("last_request", { mode: "number" }).notNull(),
});

/** PostgreSQL's full-text document type (built in; no extension). */

// ── Marketplace ─────────────────────────────────────────────────────────────
// Managed by admins at /dashboard/categories (decision 019); the spec's four are the
// defaults (ensureCategories). The same limits as category-form.ts.
export const category = pgTable(
  "category",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    slug: text("slug").notNull().unique(),
    name: text("name").notNull(),
    // Storage key of the category picture (800 px wide WebP).
    imageKey: text("image_key").notNull(),
    position: integer("position").notNull().default(0),
    // Hidden: no card, no page, no sitemap entry, not offered for new cars; its cars stay.
    hidden: boolean("hidden").notNull().default(false),
  },
  (t) => [
    check("category_name_length", sql`char_length(${t.name}) between 1 and 40`),
    check(
      "category_slug_shape",
      sql`${t.slug} ~ '^[a-z0-9]+(-[a-z0-9]+)*$' and char_length(${t.slug}) <= 60`,
    ),
  ],
);

/**
 * Addresses a category answered before it was renamed or merged into another: each
 * answers 301 to the category's address now. A slug is either live (category.slug) or
 * here, never both; category-admin.server.ts keeps that under a table lock.
 */
export const categorySlugHistory = pgTable(
  "category_slug_history",
  {
    slug: text("slug").primaryKey(),
    categoryId: integer("category_id")
      .notNull()
      .references(() => category.id, { onDelete: "cascade" }),
  },
  // The admin page lists a category's old addresses; deleting a category cascades.
  (t) => [
    index("category_slug_history_category_idx").on(t.categoryId),
    check(
      "category_slug_history_shape",
      sql`${t.slug} ~ '^[a-z0-9]+(-[a-z0-9]+)*$' and char_length(${t.slug}) <= 60`,
    ),
  ],
);

export const listing = pgTable(
  "listing",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    sellerId: text("seller_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    categoryId: integer("category_id")
      .notNull()
      .references(() => category.id, { onDelete: "restrict" }),
    title: text("title").notNull(),
    description: text("description").notNull(),
    location: text("location").notNull(),
    yearsUsed: text("years_used", { enum: YEARS_USED_VALUES }).notNull(),
    // Exact period for the two range choices ("less than a year", "more than 10 years").
    periodAmount: integer("period_amount"),
    periodUnit: text("period_unit", { enum: PERIOD_UNITS }),
    quality: text("quality", { enum: QUALITIES }).notNull().default("Good"),
    originalPrice: integer("original_price").notNull(),
    resalePrice: integer("resale_price").notNull(),
    status: text("status", { enum: LISTING_STATUSES }).notNull().default("available"),
    // Null means not advertised; otherwise when the seller advertised it.
    advertisedAt: timestamp("advertised_at", { withTimezone: true }),
    make: text("make"),
    model: text("model"),
    year: integer("year"),
    mileageKm: integer("mileage_km"),
    // The unit the seller typed the mileage in; shown back in that unit.
    mileageUnit: text("mileage_unit", { enum: MILEAGE_UNITS }).notNull().default("km"),
    fuel: text("fuel"),
    transmission: text("transmission"),
    colour: text("colour"),
    // When the seller last confirmed the car is still for sale (DESIGN decision 21).
    // Public lists leave out cars not confirmed for LISTING_FRESH_DAYS.
    confirmedAt: timestamp("confirmed_at", { withTimezone: true }).notNull().defaultNow(),
    // The price cut cards show ("Reduced by 1,000$ · 3 days ago"): how much the resale price
    // fell in cuts less than PRICE_CUT_DAYS apart, and when the last cut was. Kept by the
    // listing_price_cut trigger (drizzle/0023); a rise clears both.
    priceCut: integer("price_cut"),
    priceCutAt: timestamp("price_cut_at", { withTimezone: true }),
    // When the "confirm your car is still for sale" email went out for the current
    // confirmation; null when none is owed yet.
    reminderSentAt: timestamp("reminder_sent_at", { withTimezone: true }),
    // Keyword search (decision 010): car name, make and model (weight A), location (B)
    // and description (C), lower-cased and accent-folded, in English word forms.
    // Generated by the database, so every write keeps it current.
    searchVector: tsvector("search_vector").notNull().generatedAlwaysAs(sql.raw(SEARCH_VECTOR_SQL)),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    // Search (app/models/search.server.ts), every query also keeps only public cars.
    // Keyword (`search_vector @@ websearch_to_tsquery(…)`) and the location filter
    // (the same vector, location words only).
    index("listing_search_idx").using("gin", t.searchVector),
    // Make, make + model filters (case-insensitive), and price guidance's comparables:
    // same make and model, year ±2, mileage band.
    index("listing_make_model_idx").on(
      sql`lower(${t.make})`,
      sql`lower(${t.model})`,
      t.year,
      t.mileageKm,
    ),
    // Sort by price (low → high forwards, high → low backwards) and the price range.
    index("listing_price_idx").on(t.resalePrice, t.id),
    // Sort by mileage (lowest first) and the maximum mileage filter.
    index("listing_mileage_idx").on(t.mileageKm, t.id),
    // Sort by year (newest first) and the year range.
    index("listing_year_idx").on(t.year.desc().nullsLast(), t.id.desc()),
    // Newest first when sold cars are included (both statuses in one order).
    index("listing_created_idx").on(t.createdAt.desc(), t.id.desc()),
    // Fuel, transmission and quality filters, newest first within each value.
    index("listing_fuel_idx").on(t.fuel, t.createdAt.desc()),
    index("listing_transmission_idx").on(t.transmission, t.createdAt.desc()),
    index("listing_quality_idx").on(t.quality, t.createdAt.desc()),
    // The daily reminder job: available cars whose confirmation is getting old.
    index("listing_confirmed_idx")
      .on(t.confirmedAt)
      .where(sql`${t.status} = 'available'`),
    // Category pages: one category, optionally only available, newest first. With the
    // confirmation date last, a page's capped count of public cars is read from the index
    // alone (issue 29: 5.4 → 2.0 ms of the embedded database on a 2,000-car category).
    index("listing_category_status_created_idx").on(
      t.categoryId,
      t.status,
      t.createdAt.desc(),
      t.id.desc(),
      t.confirmedAt,
    ),
    // "All cars": optionally only available, newest first.
    index("listing_status_created_idx").on(t.status, t.createdAt.desc(), t.id.desc()),
    // Home page table: advertised available listings, most recently advertised first;
    // with the confirmation date, the day's ring is numbered from the index alone.
    index("listing_advertised_idx")
      .on(t.advertisedAt.desc(), t.id.desc(), t.confirmedAt)
      .where(sql`${t.advertisedAt} is not null and ${t.status} = 'available'`),
    // My Products (a page of a seller's cars, newest first, read from the index alone),
    // cascades by seller, and counting a seller's cars by status, advertised and
    // confirmation (the dashboard, My Products, the admin's user lists) from the index
    // alone where the table is vacuumed.
    index("listing_seller_idx").on(
      t.sellerId,
      t.createdAt.desc(),
      t.id.desc(),
      t.status,
      t.advertisedAt,
      t.confirmedAt,
    ),
    // My Products' "hidden until confirmed" figure: a seller's available cars confirmed
    // before a date, read as a range (usually empty) instead of counting all their cars.
    index("listing_seller_confirmed_idx")
      .on(t.sellerId, t.confirmedAt)
      .where(sql`${t.status} = 'available'`),
    // The "Price reduced" filter: cars whose price fell lately, newest cut first.
    index("listing_price_cut_idx")
      .on(t.priceCutAt.desc(), t.id.desc())
      .where(sql`${t.priceCut} is not null`),
    // The target of order_listing_seller_fk: a request names its car and that car's seller.
    uniqueIndex("listing_id_seller_idx").on(t.id, t.sellerId),
    check("listing_prices_check", sql`${t.originalPrice} >= 0 and ${t.resalePrice} >= 0`),
    check(
      "listing_period_check",
      sql`(${t.periodAmount} is null) = (${t.periodUnit} is null) and (${t.periodAmount} is null or ${t.periodAmount} > 0)`,
    ),
  ],
);

/**
 * Each seller's cars by status and advertised, kept by triggers on listing (migration
 * 0011) in the same transaction as every insert, delete, status or advertising change:
 * the dashboard, My Products and the admin's lists read one row per seller instead of
 * counting a dealer's thousands of cars on every page. A bulk load with listing's
 * triggers off must call carlot_recount_seller_listings() afterwards.
 */
export const sellerListingCount = pgTable("seller_listing_count", {
  sellerId: text("seller_id")
    .primaryKey()
    .references(() => user.id, { onDelete: "cascade" }),
  total: integer("total").notNull(),
  available: integer("available").notNull(),
  sold: integer("sold").notNull(),
  advertised: integer("advertised").notNull(),
});

export const listingPhoto = pgTable(
  "listing_photo",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    listingId: integer("listing_id")
      .notNull()
      .references(() => listing.id, { onDelete: "cascade" }),
    position: integer("position").notNull().default(0),
    // Storage keys of the WebP renditions: 480 px, 960 px and 1600 px wide.
    smallKey: text("small_key").notNull(),
    mediumKey: text("medium_key").notNull(),
    largeKey: text("large_key").notNull(),
    // AVIF renditions of the same widths, stored only where smaller than the WebP.
    avifSmallKey: text("avif_small_key"),
    avifMediumKey: text("avif_medium_key"),
    avifLargeKey: text("avif_large_key"),
    width: integer("width").notNull(),
    height: integer("height").notNull(),
  },
  // Every listing view loads the photos of a listing in order.
  (t) => [uniqueIndex("listing_photo_listing_position_idx").on(t.listingId, t.position)],
);

export const order = pgTable(
  "order",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    // Null once the car is deleted: the request stays in the buyer's list and says so.
    listingId: integer("listing_id"),
    // The car's name when the request was made, shown after the car is gone.
    listingTitle: text("listing_title").notNull().default(""),
    buyerId: text("buyer_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    // The car's seller, so a seller's requests are found without joining their cars.
    // Set and cleared with listing_id (order_listing_seller_fk): null once the car is
    // deleted, and so once the seller's account is.
    sellerId: text("seller_id"),
    buyerName: text("buyer_name").notNull(),
    buyerPhone: text("buyer_phone").notNull(),
    meetingLocation: text("meeting_location").notNull(),
    status: text("status", { enum: ORDER_STATUSES }).notNull().default("open"),
    // Why a request was closed: the car was sold or removed.
    closedReason: text("closed_reason", { enum: ORDER_CLOSED_REASONS }),
    // The request's conversation (issue 27, decision 022): per side, the last message seen,
    // how many arrived since, since when the oldest of them waits, and when that side was
    // last emailed about them; with the time of the last message, for the inbox's order.
    buyerSeenId: bigint("buyer_seen_id", { mode: "number" }),
    sellerSeenId: bigint("seller_seen_id", { mode: "number" }),
    buyerUnread: integer("buyer_unread").notNull().default(0),
    sellerUnread: integer("seller_unread").notNull().default(0),
    buyerUnreadSince: timestamp("buyer_unread_since", { withTimezone: true }),
    sellerUnreadSince: timestamp("seller_unread_since", { withTimezone: true }),
    buyerMailedAt: timestamp("buyer_mailed_at", { withTimezone: true }),
    sellerMailedAt: timestamp("seller_mailed_at", { withTimezone: true }),
    lastMessageAt: timestamp("last_message_at", { withTimezone: true }),
    activeAt: timestamp("active_at", { withTimezone: true }).notNull().defaultNow(),
    // Which side blocked the other: then neither writes, and the other is told only that
    // the conversation is closed.
    blockedBy: text("blocked_by", { enum: SIDES }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    // At most one open order per buyer and listing.
    uniqueIndex("order_open_unique_idx")
      .on(t.buyerId, t.listingId)
      .where(sql`${t.status} = 'open'`),
    // My Orders.
    index("order_buyer_idx").on(t.buyerId, t.createdAt.desc()),
    // Closing a car's requests, and order_listing_seller_fk's "set null" when a car is
    // deleted.
    index("order_listing_idx").on(t.listingId),
    // My Buyers and the seller's "Buyers waiting": a seller's open requests, counted
    // and paged newest first from this index alone.
    index("order_open_seller_idx")
      .on(t.sellerId, t.createdAt.desc(), t.id.desc())
      .where(sql`${t.status} = 'open'`),
    // The header's unread count: a person's conversations with something unread, summed
    // from the index alone (a dealer may have hundreds waiting).
    index("order_buyer_unread_idx")
      .on(t.buyerId, t.buyerUnread)
      .where(sql`${t.buyerUnread} > 0`),
    index("order_seller_unread_idx")
      .on(t.sellerId, t.sellerUnread)
      .where(sql`${t.sellerUnread} > 0`),
    // The inbox: a person's conversations as buyer and as seller (cancelled requests left
    // out), latest activity first: counted, and its page read in order, from these alone.
    index("order_buyer_inbox_idx")
      .on(t.buyerId, t.activeAt.desc(), t.id.desc())
      .where(sql`${t.status} in ('open', 'closed')`),
    index("order_seller_inbox_idx")
      .on(t.sellerId, t.activeAt.desc(), t.id.desc())
      .where(sql`${t.status} in ('open', 'closed')`),
    // The message-email job: sides with messages waiting, oldest first.
    index("order_buyer_waiting_idx")
      .on(t.buyerUnreadSince)
      .where(sql`${t.buyerUnread} > 0`),
    index("order_seller_waiting_idx")
      .on(t.sellerUnreadSince)
      .where(sql`${t.sellerUnread} > 0`),
    // The car and its seller, as one: deleting the car (or the seller's account, which
    // deletes their cars) sets both to null, and the request outlives the car.
    foreignKey({
      name: "order_listing_seller_fk",
      columns: [t.listingId, t.sellerId],
      foreignColumns: [listing.id, listing.sellerId],
    }).onDelete("set null"),
    // Both or neither, so the foreign key always applies.
    check("order_seller_check", sql`(${t.listingId} is null) = (${t.sellerId} is null)`),
    check("order_blocked_by", sql`${t.blockedBy} is null or ${t.blockedBy} in ('buyer', 'seller')`),
  ],
);

// One row per email a contact request caused (or would have caused) to its seller:
// at most one per buyer, car and day (UTC), however often the request is cancelled
// and made again. Past the seller's hourly cap a row waits (digest_due_at set,
// sent_at null) for the one digest email the notification job sends.
export const sellerNotification = pgTable(
  "seller_notification",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    sellerId: text("seller_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    buyerId: text("buyer_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    listingId: integer("listing_id")
      .notNull()
      .references(() => listing.id, { onDelete: "cascade" }),
    // The day (UTC, YYYY-MM-DD) the request was made.
    day: text("day").notNull(),
    buyerName: text("buyer_name").notNull(),
    listingTitle: text("listing_title").notNull(),
    // When the digest that carries this notification is due; null for one sent at once.
    digestDueAt: timestamp("digest_due_at", { withTimezone: true }),
    sentAt: timestamp("sent_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    // One email per buyer, car and day.
    uniqueIndex("seller_notification_day_idx").on(t.buyerId, t.listingId, t.day),
    // The digest job: notifications still waiting, by seller.
    index("seller_notification_waiting_idx")
      .on(t.digestDueAt, t.sellerId)
      .where(sql`${t.sentAt} is null`),
  ],
);

// One-time form tokens that have been used (app/services/form-token.server.ts): the
// token's nonce, and what its form created, so a repeat leads to the same thing.
export const usedFormToken = pgTable("used_form_token", {
  nonce: text("nonce").primaryKey(),
  userId: text("user_id")
    .notNull()
    .references(() => user.id, { onDelete: "cascade" }),
  // The listing the form created (null while its transaction is open).
  listingId: integer("listing_id"),
  expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
});

export const report = pgTable(
  "report",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    listingId: integer("listing_id")
      .notNull()
      .references(() => listing.id, { onDelete: "cascade" }),
    reporterId: text("reporter_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    // One of REPORT_REASONS (app/models/report.ts).
    reason: text("reason").notNull().default(""),
    // What the reporter added in their own words (optional).
    details: text("details"),
    createdAt: createdAt(),
    resolvedAt: timestamp("resolved_at", { withTimezone: true }),
    // How it was resolved: the car was deleted, or the report dismissed.
    resolution: text("resolution"),
    // The admin who resolved it (no foreign key: kept when that account goes).
    resolvedBy: text("resolved_by"),
  },
  (t) => [
    // One report per reporter and listing.
    uniqueIndex("report_reporter_listing_idx").on(t.reporterId, t.listingId),
    // Reported Items: unresolved reports, newest first.
    index("report_unresolved_idx")
      .on(t.createdAt.desc())
      .where(sql`${t.resolvedAt} is null`),
    index("report_listing_idx").on(t.listingId),
  ],
);

/**
 * The report queue: each car with open reports, how many and the latest one's time,
 * kept by triggers on report (migration 0012) in the same transaction as every report
 * made, resolved or deleted. Reported Items pages and counts the queue from here
 * instead of grouping every open report on each page.
 */
export const reportedListing = pgTable(
  "reported_listing",
  {
    listingId: integer("listing_id")
      .primaryKey()
      .references(() => listing.id, { onDelete: "cascade" }),
    openReports: integer("open_reports").notNull(),
    latestAt: timestamp("latest_at", { withTimezone: true }).notNull(),
  },
  // Reported Items: the most recently reported car first.
  (t) => [index("reported_listing_latest_idx").on(t.latestAt.desc(), t.listingId.desc())],
);

export const wishlist = pgTable(
  "wishlist",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    // Null once the car is deleted: the entry stays and says so until removed.
    listingId: integer("listing_id").references(() => listing.id, { onDelete: "set null" }),
    // The car's name when it was saved, shown after the car is gone.
    listingTitle: text("listing_title").notNull().default(""),
    createdAt: createdAt(),
  },
  (t) => [
    // One entry per person and car; My Wishlist lists a person's entries, newest first.
    uniqueIndex("wishlist_user_listing_idx").on(t.userId, t.listingId),
    index("wishlist_user_created_idx").on(t.userId, t.createdAt.desc()),
    index("wishlist_listing_idx").on(t.listingId),
  ],
);

// What an admin checked when verifying a seller (DESIGN decision 23). user.verified
// stays the fast boolean the lists join on; this row explains it. One row per
// seller: verifying again replaces it; withdrawing keeps it with the reason. The
// full history is in audit_log.
export const sellerVerification = pgTable("seller_verification", {
  userId: text("user_id")
    .primaryKey()
    .references(() => user.id, { onDelete: "cascade" }),
  // VERIFICATION_CHECKS values (app/models/verification.ts).
  checks: text("checks").array().notNull(),
  // The admin who verified (no foreign key: kept when that account goes).
  verifiedBy: text("verified_by"),
  verifiedAt: timestamp("verified_at", { withTimezone: true }).notNull().defaultNow(),
  withdrawnAt: timestamp("withdrawn_at", { withTimezone: true }),
  withdrawnBy: text("withdrawn_by"),
  withdrawalReason: text("withdrawal_reason"),
});

export const auditLog = pgTable(
  "audit_log",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    // Kept when the actor is deleted: the log outlives accounts.
    actorId: text("actor_id"),
    action: text("action").notNull(),
    subjectType: text("subject_type").notNull(),
    subjectId: text("subject_id").notNull(),
    details: jsonb("details"),
    at: timestamp("at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("audit_log_at_idx").on(t.at.desc()),
    // The audit page's filters: one action, or one admin, newest first.
    index("audit_log_action_at_idx").on(t.action, t.at.desc()),
    index("audit_log_actor_at_idx").on(t.actorId, t.at.desc()),
  ],
);

// Internal values kept across restarts (the secret's fingerprint).
export const siteSetting = pgTable("site_setting", {
  key: text("key").primaryKey(),
  value: jsonb("value").notNull(),
});

// What an operator sets at /dashboard/settings (decision 019): one typed row, whose
// defaults are the spec's texts. The checks refuse bad values from scripts and
// restores too; app/models/site-settings.ts holds the same limits for the form.
const chars = (column: AnyColumn, min: number, max: number) =>
  sql`char_length(${column}) between ${sql.raw(String(min))} and ${sql.raw(String(max))}`;
const httpsOrNull = (column: AnyColumn) =>
  sql`${column} is null or (${column} like 'https://%' and char_length(${column}) <= 300)`;
export const siteSettings = pgTable(
  "site_settings",
  {
    id: smallint("id").primaryKey().default(1),
    name: text("name").notNull().default(SITE.name),
    tagline: text("tagline").notNull().default(SITE.tagline),
    // Storage keys of the uploaded logo and favicon; null: the built-in drawings.
    logoKey: text("logo_key"),
    faviconKey: text("favicon_key"),
    // Null: the built-in palette.
    brandColour: text("brand_colour"),
    contactEmail: text("contact_email"),
    // Null hides the icon.
    socialMicroblogUrl: text("social_microblog_url").default(SITE.socialMicroblogUrl),
    socialVideoUrl: text("social_video_url").default(SITE.socialVideoUrl),
    socialNetworkUrl: text("social_network_url").default(SITE.socialNetworkUrl),
    heroTitle: text("hero_title").notNull().default(SITE.heroTitle),
    heroText: text("hero_text").notNull().default(SITE.heroText),
    statsShown: boolean("stats_shown").notNull().default(true),
    stat1Value: text("stat1_value").notNull().default(SITE.stat1Value),
    stat1Label: text("stat1_label").notNull().default(SITE.stat1Label),
    stat2Value: text("stat2_value").notNull().default(SITE.stat2Value),
    stat2Label: text("stat2_label").notNull().default(SITE.stat2Label),
    stat3Value: text("stat3_value").notNull().default(SITE.stat3Value),
    stat3Label: text("stat3_label").notNull().default(SITE.stat3Label),
    advertisedCount: smallint("advertised_count").notNull().default(SITE.advertisedCount),
    // Listing rules: days a car stays in the lists unconfirmed, photos per car, and
    // whether only verified sellers' cars are public.
    freshDays: smallint("fresh_days").notNull().default(SITE.freshDays),
    photosPerCar: smallint("photos_per_car").notNull().default(SITE.photosPerCar),
    sellersNeedVerification: boolean("sellers_need_verification").notNull().default(false),
    // Money and units: the ISO 4217 code, how a price reads, the locale of numbers and
    // dates, and the distance unit of filters and lists (each car keeps its own).
    currency: text("currency").notNull().default(SITE.currency),
    priceStyle: text("price_style", { enum: PRICE_STYLES }).notNull().default(SITE.priceStyle),
    locale: text("locale").notNull().default(SITE.locale),
    distanceUnit: text("distance_unit", { enum: DISTANCE_UNITS })
      .notNull()
      .default(SITE.distanceUnit),
    // The pages' language when the person chose none and their browser asks for none
    // we speak (decision 020).
    language: text("language", { enum: LANGUAGES }).notNull().default(SITE.language),
    termsMd: text("terms_md").notNull().default(""),
    privacyMd: text("privacy_md").notNull().default(""),
    aboutMd: text("about_md").notNull().default(""),
    updatedAt: updatedAt(),
    updatedBy: text("updated_by").references(() => user.id, { onDelete: "set null" }),
  },
  (t) => [
    check("site_settings_one_row", sql`${t.id} = 1`),
    check("site_settings_name", chars(t.name, 1, 40)),
    check("site_settings_tagline", chars(t.tagline, 0, 120)),
    check(
      "site_settings_logo_key",
      sql`${t.logoKey} ~ '^site/logo/[0-9a-f]{2}/[0-9a-f]{32}\\.webp$'`,
    ),
    check(
      "site_settings_favicon_key",
      sql`${t.faviconKey} ~ '^site/favicon/[0-9a-f]{2}/[0-9a-f]{32}\\.png$'`,
    ),
    check("site_settings_brand_colour", sql`${t.brandColour} ~ '^#[0-9a-f]{6}$'`),
    check("site_settings_contact_email", chars(t.contactEmail, 3, 254)),
    check("site_settings_social_microblog", httpsOrNull(t.socialMicroblogUrl)),
    check("site_settings_social_video", httpsOrNull(t.socialVideoUrl)),
    check("site_settings_social_network", httpsOrNull(t.socialNetworkUrl)),
    check("site_settings_hero_title", chars(t.heroTitle, 1, 80)),
    check("site_settings_hero_text", chars(t.heroText, 0, 300)),
    check(
      "site_settings_stats",
      sql`${chars(t.stat1Value, 1, 12)} and ${chars(t.stat2Value, 1, 12)} and ${chars(t.stat3Value, 1, 12)}
        and ${chars(t.stat1Label, 1, 24)} and ${chars(t.stat2Label, 1, 24)} and ${chars(t.stat3Label, 1, 24)}`,
    ),
    check("site_settings_advertised_count", sql`${t.advertisedCount} between 1 and 12`),
    check("site_settings_fresh_days", sql`${t.freshDays} between 14 and 365`),
    check("site_settings_photos_per_car", sql`${t.photosPerCar} between 1 and 12`),
    check("site_settings_currency", sql`${t.currency} ~ '^[A-Z]{3}$'`),
    check("site_settings_price_style", sql`${t.priceStyle} in ('amount-sign', 'locale')`),
    check("site_settings_locale", sql`${t.locale} ~ '^[a-z]{2,3}(-[A-Za-z0-9]{2,8})*$'`),
    check("site_settings_distance_unit", sql`${t.distanceUnit} in ('km', 'mi')`),
    check("site_settings_language", sql`${t.language} in ('en', 'es', 'ar')`),
    check(
      "site_settings_pages",
      sql`${chars(t.termsMd, 0, 20000)} and ${chars(t.privacyMd, 0, 20000)} and ${chars(t.aboutMd, 0, 20000)}`,
    ),
  ],
);

// Emails a write causes, kept until they are delivered (decision 018): written in
// the transaction of the write, so a crash cannot lose them, and sent by
// `deliverHeldMail` after the commit, by the verification, and by the sweep.
// Emails on a person's behalf (the copy of a contact request to its buyer) wait
// until that person's address is verified. A sender leases a row (claimed_until)
// and deletes it once sent: a crash in between sends it again after the lease, under
// the same message key, so the outbox keeps one copy.
export const heldMail = pgTable(
  "held_mail",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    // The recipient; the address is read when the email is sent.
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    // The contact request it is about: cancelling the request drops what is unsent.
    orderId: integer("order_id").references(() => order.id, { onDelete: "cascade" }),
    waitForVerification: boolean("wait_for_verification").notNull().default(true),
    subject: text("subject").notNull(),
    body: text("body").notNull(),
    // Extra headers (an alert's List-Unsubscribe), as name → value.
    headers: jsonb("headers").$type<Record<string, string>>(),
    // A calendar file sent with it (a viewing's .ics, issue 27).
    calendar: jsonb("calendar").$type<CalendarFile>(),
    claimedUntil: timestamp("claimed_until", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    // Releasing a person's held emails, oldest first.
    index("held_mail_user_idx").on(t.userId, t.id),
    // One email per request and recipient.
    uniqueIndex("held_mail_order_user_idx").on(t.orderId, t.userId),
  ],
);

// ── Alerts (issue 28) ────────────────────────────────────────────────────────
// Every resale price a car has had, with when: the car page's price history. Written by
// the listing_price_history trigger, so every write path records it.
export const listingPrice = pgTable(
  "listing_price",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    listingId: integer("listing_id")
      .notNull()
      .references(() => listing.id, { onDelete: "cascade" }),
    price: integer("price").notNull(),
    changedAt: timestamp("changed_at", { withTimezone: true }).notNull().defaultNow(),
  },
  // A car's history, oldest first.
  (t) => [index("listing_price_listing_idx").on(t.listingId, t.changedAt, t.id)],
);

// What happened to cars, for the alert job: written by triggers on listing (published or
// public again, price changed, sold, back on sale, removed) in the write's own
// transaction, and marked done by the job once its alerts are recorded.
export const listingEvent = pgTable(
  "listing_event",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    // No foreign key: a removed car's event outlives it.
    listingId: integer("listing_id").notNull(),
    kind: text("kind", { enum: ["public", "price", "sold", "available", "removed"] }).notNull(),
    oldPrice: integer("old_price"),
    newPrice: integer("new_price"),
    // The car's name, for a removed car's email.
    title: text("title").notNull().default(""),
    // A removed car's people who had saved it (their entries lose the car).
    watchers: text("watchers").array(),
    createdAt: createdAt(),
    doneAt: timestamp("done_at", { withTimezone: true }),
  },
  (t) => [
    // The job's queue: events not yet done, oldest first.
    index("listing_event_pending_idx")
      .on(t.id)
      .where(sql`${t.doneAt} is null`),
    check(
      "listing_event_kind",
      sql`${t.kind} in ('public', 'price', 'sold', 'available', 'removed')`,
    ),
  ],
);

// A person's saved search: the canonical query of a results page (search.ts) and its
// category, with how often they want to hear.
export const savedSearch = pgTable(
  "saved_search",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    // Null: all cars. A deleted category takes its searches with it (only empty ones go).
    categoryId: integer("category_id").references(() => category.id, { onDelete: "cascade" }),
    // searchQuery(filters) without page: "make=Toyota&maxPrice=20000".
    query: text("query").notNull().default(""),
    frequency: text("frequency", { enum: ALERT_FREQUENCIES }).notNull().default("daily"),
    paused: boolean("paused").notNull().default(false),
    // "New since last visit" counts the matches after this.
    lastOpenedAt: timestamp("last_opened_at", { withTimezone: true }).notNull().defaultNow(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    // The Saved searches page: a person's searches, newest first.
    index("saved_search_user_idx").on(t.userId, t.createdAt.desc(), t.id.desc()),
    check("saved_search_name", chars(t.name, 1, 80)),
    check("saved_search_query", chars(t.query, 0, 1000)),
    check("saved_search_frequency", sql`${t.frequency} in ('instant', 'daily', 'weekly')`),
  ],
);

// One thing a person is told: a new match of a saved search (saved_search_id set) or a change
// to a car they saved. Recorded before its email is written (held_mail) and marked mailed in
// that same transaction, so a killed job neither loses nor repeats one.
export const alert = pgTable(
  "alert",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    savedSearchId: integer("saved_search_id").references(() => savedSearch.id, {
      onDelete: "cascade",
    }),
    eventId: bigint("event_id", { mode: "number" }).notNull(),
    listingId: integer("listing_id"),
    kind: text("kind", { enum: ALERT_KINDS }).notNull(),
    oldPrice: integer("old_price"),
    newPrice: integer("new_price"),
    title: text("title").notNull().default(""),
    createdAt: createdAt(),
    // Set when its email was written to held_mail, or when it was not to be mailed.
    mailedAt: timestamp("mailed_at", { withTimezone: true }),
  },
  (t) => [
    // An event is told to a person once per saved search, and once for their saved car.
    uniqueIndex("alert_event_idx").on(t.eventId, t.userId, sql`coalesce(${t.savedSearchId}, 0)`),
    // The digest run (what is not yet mailed, by person and search), and deleting a person.
    index("alert_user_idx").on(t.userId, t.savedSearchId, t.id),
    // "New since last visit" and "matched N cars today" of a saved search.
    index("alert_search_created_idx").on(t.savedSearchId, t.createdAt),
    check("alert_kind", sql`${t.kind} in ('match', 'price', 'sold', 'available', 'removed')`),
  ],
);

// ── Conversations (issue 27, decision 022) ───────────────────────────────────
// A message on a contact request, from its buyer or its seller: plain text, shown as text.
// compose_key is the form's own key, so the same compose sent twice (a double click, a retry
// after a lost answer) is one message.
export const message = pgTable(
  "message",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    orderId: integer("order_id")
      .notNull()
      .references(() => order.id, { onDelete: "cascade" }),
    // Null once the sender's account is deleted.
    senderId: text("sender_id").references(() => user.id, { onDelete: "set null" }),
    body: text("body").notNull(),
    // The scam warnings its words call for (message-warnings.server.ts), matched once, when
    // it is written; shown to its recipient.
    warnings: text("warnings")
      .array()
      .$type<WarningKind[]>()
      .notNull()
      .default(sql`'{}'`),
    composeKey: text("compose_key").notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    // A conversation's messages in order (and its last 200).
    index("message_order_idx").on(t.orderId, t.id),
    // One message per compose.
    uniqueIndex("message_compose_idx").on(t.orderId, t.senderId, t.composeKey),
    // Empty only when the message carries photos (conversation.ts checks that).
    check("message_body", chars(t.body, 0, MESSAGE_MAX_CHARS)),
    check("message_compose_key", chars(t.composeKey, 8, 64)),
  ],
);

// The photos a message carries (at most MESSAGE_PHOTO_MAX), private to the conversation: their
// files live under "messages/" in storage, which /media never serves, and reach the two people
// (and the admins while it is reported) only through /dashboard/conversations/:id/photos/:photoId.
export const messagePhoto = pgTable(
  "message_photo",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    messageId: bigint("message_id", { mode: "number" })
      .notNull()
      .references(() => message.id, { onDelete: "cascade" }),
    position: smallint("position").notNull(),
    // Storage keys of the WebP renditions: 480 px and 1600 px wide.
    smallKey: text("small_key").notNull(),
    largeKey: text("large_key").notNull(),
    width: integer("width").notNull(),
    height: integer("height").notNull(),
  },
  (t) => [
    uniqueIndex("message_photo_message_position_idx").on(t.messageId, t.position),
    check(
      "message_photo_position",
      sql`${t.position} between 0 and ${sql.raw(String(MESSAGE_PHOTO_MAX - 1))}`,
    ),
  ],
);

// A conversation reported to the admins by one of its two people (one report each). The
// admins read a conversation only while it has a report, and each reading is audited.
export const conversationReport = pgTable(
  "conversation_report",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    orderId: integer("order_id")
      .notNull()
      .references(() => order.id, { onDelete: "cascade" }),
    reporterId: text("reporter_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    reason: text("reason", { enum: CONVERSATION_REPORT_REASONS }).notNull(),
    details: text("details"),
    createdAt: createdAt(),
    resolvedAt: timestamp("resolved_at", { withTimezone: true }),
    // The admin who dismissed it (no foreign key: kept when that account goes).
    resolvedBy: text("resolved_by"),
  },
  (t) => [
    uniqueIndex("conversation_report_reporter_idx").on(t.orderId, t.reporterId),
    // Reported Items: open conversation reports, newest first.
    index("conversation_report_open_idx")
      .on(t.createdAt.desc())
      .where(sql`${t.resolvedAt} is null`),
    check(
      "conversation_report_reason",
      sql`${t.reason} in ('scam', 'harassment', 'spam', 'other')`,
    ),
    check(
      "conversation_report_details",
      sql`${t.details} is null or char_length(${t.details}) <= 1000`,
    ),
  ],
);

// Safe public places for viewings (issue 27, decision 023), kept by the admins beside the
// site settings: a police station's car park, a busy supermarket's, with opening hours.
export const safePlace = pgTable(
  "safe_place",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    name: text("name").notNull(),
    address: text("address").notNull(),
    hours: text("hours").notNull(),
    note: text("note"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check("safe_place_name", chars(t.name, 1, SAFE_PLACE_LIMITS.name)),
    check("safe_place_address", chars(t.address, 1, SAFE_PLACE_LIMITS.address)),
    check("safe_place_hours", chars(t.hours, 1, SAFE_PLACE_LIMITS.hours)),
    check(
      "safe_place_note",
      sql`${t.note} is null or char_length(${t.note}) <= ${sql.raw(String(SAFE_PLACE_LIMITS.note))}`,
    ),
  ],
);

// A proposed time to see the car (issue 27, decision 023): one row per time; the times one
// side proposed together share a proposal key. The place is copied in (its name, address
// and note), so an agreed viewing says where even after the admins change their list.
export const viewing = pgTable(
  "viewing",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    orderId: integer("order_id")
      .notNull()
      .references(() => order.id, { onDelete: "cascade" }),
    proposedBy: text("proposed_by", { enum: SIDES }).notNull(),
    proposalKey: text("proposal_key").notNull(),
    slot: smallint("slot").notNull(),
    startsAt: timestamp("starts_at", { withTimezone: true }).notNull(),
    // The proposer's time zone: emails write the time as they chose it.
    timeZone: text("time_zone").notNull(),
    placeId: integer("place_id").references(() => safePlace.id, { onDelete: "set null" }),
    placeName: text("place_name"),
    address: text("address").notNull(),
    placeNote: text("place_note"),
    status: text("status", { enum: VIEWING_STATUSES }).notNull().default("proposed"),
    decidedAt: timestamp("decided_at", { withTimezone: true }),
    // When the reminder was written (or, agreed less than a day ahead, that none is due).
    remindedAt: timestamp("reminded_at", { withTimezone: true }),
    buyerOutcome: text("buyer_outcome", { enum: VIEWING_OUTCOMES }),
    sellerOutcome: text("seller_outcome", { enum: VIEWING_OUTCOMES }),
    createdAt: createdAt(),
  },
  (t) => [
    index("viewing_order_idx").on(t.orderId, t.id),
    // One row per time of a proposal: a proposal sent twice is stored once.
    uniqueIndex("viewing_proposal_idx").on(t.orderId, t.proposalKey, t.slot),
    // The reminder job: agreed viewings not yet reminded, soonest first.
    index("viewing_reminder_idx")
      .on(t.startsAt)
      .where(sql`${t.status} = 'accepted' and ${t.remindedAt} is null`),
    check("viewing_slot", sql`${t.slot} between 1 and 3`),
    check("viewing_address", chars(t.address, 1, VIEWING_ADDRESS_MAX)),
    check(
      "viewing_status",
      sql`${t.status} in ('proposed', 'accepted', 'declined', 'withdrawn', 'cancelled')`,
    ),
    check("viewing_proposed_by", sql`${t.proposedBy} in ('buyer', 'seller')`),
    check(
      "viewing_outcomes",
      sql`(${t.buyerOutcome} is null or ${t.buyerOutcome} in ('met', 'missed'))
          and (${t.sellerOutcome} is null or ${t.sellerOutcome} in ('met', 'missed'))`,
    ),
  ],
);

// The words and phrases that put a warning beside a message (issue 27), kept by the admins at
// /dashboard/warningWords. The migration writes the built-in ones; a message stores the
// warnings its words called for when it was written, so a changed list applies to new ones.
export const warningPhrase = pgTable(
  "warning_phrase",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    kind: text("kind", { enum: WARNING_KINDS }).notNull(),
    // Lower-case, spaces single; matched on word boundaries in any language.
    phrase: text("phrase").notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("warning_phrase_idx").on(t.phrase),
    check("warning_phrase_phrase", chars(t.phrase, 2, WARNING_PHRASE_MAX)),
    check(
      "warning_phrase_kind",
      sql`${t.kind} in (${sql.raw(WARNING_KINDS.map((kind) => `'${kind}'`).join(", "))})`,
    ),
  ],
);
