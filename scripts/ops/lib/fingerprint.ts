// What a backup promises to bring back, measured with SQL on the database itself:
// rows and a content hash per table, the migration level, and the media keys rows
// refer to. Backup, restore and the tests compare these figures.
import fs from "node:fs";
import path from "node:path";

import { migrationsFolder } from "#app/db/client.server.ts";
import { MEDIA_ROUTE } from "#app/services/storage.server.ts";

/** Runs one statement on one session (PGlite or a pg client) and returns its rows. */
export type Query = (text: string) => Promise<Record<string, unknown>[]>;

export type TableFingerprint = { rows: number; hash: string };

export type MigrationLevel = {
  /** Migrations recorded as applied in drizzle.__drizzle_migrations. */
  applied: number;
  /** The newest applied migration's tag (e.g. "0005_page_change_notifications"). */
  last: string | null;
  /** Its `when` stamp from drizzle/meta/_journal.json: later releases have larger ones. */
  lastWhen: number | null;
};

export type Fingerprint = {
  tables: Record<string, TableFingerprint>;
  migrations: MigrationLevel;
};

const quote = (name: string) => `"${name.replaceAll('"', '""')}"`;

type JournalEntry = { tag: string; when: number };

/** The migrations this copy of Carlot knows, oldest first. */
export function journal(): JournalEntry[] {
  const file = path.join(migrationsFolder(), "meta", "_journal.json");
  const parsed = JSON.parse(fs.readFileSync(file, "utf8")) as { entries: JournalEntry[] };
  return parsed.entries.map(({ tag, when }) => ({ tag, when }));
}

/**
 * Counts and hashes every table in the `public` and `drizzle` schemas. Must run
 * inside a transaction: it fixes the settings that change how values print
 * (time zone, date style…) for that transaction only, so the same rows give the
 * same hash on any server. Each row's text is hashed, and the row hashes are
 * hashed in primary-key order.
 */
export async function fingerprint(query: Query): Promise<Fingerprint> {
  for (const [name, value] of [
    ["TimeZone", "UTC"],
    ["DateStyle", "ISO, YMD"],
    ["IntervalStyle", "postgres"],
    ["extra_float_digits", "1"],
    ["bytea_output", "hex"],
  ]) {
    await query(`select set_config('${name}', '${value}', true)`);
  }
  const tables = (await query(
    `select table_schema as schema, table_name as name from information_schema.tables
      where table_type = 'BASE TABLE' and table_schema in ('public', 'drizzle')
      order by table_schema, table_name`,
  )) as { schema: string; name: string }[];
  const result: Record<string, TableFingerprint> = {};
  for (const table of tables) {
    const qualified = `${quote(table.schema)}.${quote(table.name)}`;
    const keys = (await query(
      `select a.attname as name
         from pg_index i
         join pg_attribute a on a.attrelid = i.indrelid and a.attnum = any(i.indkey)
        where i.indrelid = '${qualified.replaceAll("'", "''")}'::regclass and i.indisprimary
        order by array_position(i.indkey::int2[], a.attnum)`,
    )) as { name: string }[];
    const order = keys.length ? keys.map((key) => `t.${quote(key.name)}`).join(", ") : "t::text";
    const [row] = await query(
      `select count(*)::text as rows,
              md5(coalesce(string_agg(md5(t::text), '' order by ${order}), '')) as hash
         from ${qualified} as t`,
    );
    const label = table.schema === "public" ? table.name : `${table.schema}.${table.name}`;
    result[label] = { rows: Number(row!.rows), hash: String(row!.hash) };
  }
  return { tables: result, migrations: await migrationLevel(query) };
}

/** How far the database's schema has been migrated, named after this copy's journal. */
export async function migrationLevel(query: Query): Promise<MigrationLevel> {
  const [present] = await query(`select to_regclass('drizzle.__drizzle_migrations') as name`);
  if (!present?.name) return { applied: 0, last: null, lastWhen: null };
  const rows = await query(
    `select created_at::text as "when" from drizzle.__drizzle_migrations order by created_at`,
  );
  if (rows.length === 0) return { applied: 0, last: null, lastWhen: null };
  const lastWhen = Number(rows.at(-1)!.when);
  const known = journal().find((entry) => entry.when === lastWhen);
  return { applied: rows.length, last: known?.tag ?? `unknown (${lastWhen})`, lastWhen };
}

/**
 * Every stored-file key a row refers to: listing photos (all renditions), category
 * pictures and profile photos served from our own media route.
 */
export async function referencedMediaKeys(query: Query): Promise<string[]> {
  const prefix = `${MEDIA_ROUTE}/`;
  const rows = await query(
    `select distinct k as key from (
       select unnest(array[small_key, medium_key, large_key,
                           avif_small_key, avif_medium_key, avif_large_key]) as k
         from listing_photo
       union all select image_key from category
       union all select substring(image from ${prefix.length + 1}) from "user"
        where image like '${prefix}%'
     ) keys where k is not null order by 1`,
  );
  return rows.map((row) => String(row.key));
}

/** The differences between two fingerprints, one line each (empty when equal). */
export function compareFingerprints(expected: Fingerprint, actual: Fingerprint): string[] {
  const problems: string[] = [];
  const names = new Set([...Object.keys(expected.tables), ...Object.keys(actual.tables)]);
  for (const name of [...names].sort()) {
    const want = expected.tables[name];
    const got = actual.tables[name];
    if (!want) problems.push(`table ${name} is not in the backup`);
    else if (!got) problems.push(`table ${name} is missing after restoring`);
    else if (want.rows !== got.rows)
      problems.push(`table ${name}: ${got.rows} rows, the backup had ${want.rows}`);
    else if (want.hash !== got.hash)
      problems.push(`table ${name}: the rows' contents differ from the backup`);
  }
  if (expected.migrations.lastWhen !== actual.migrations.lastWhen) {
    problems.push(
      `migration level ${actual.migrations.last ?? "none"}, the backup had ${expected.migrations.last ?? "none"}`,
    );
  }
  return problems;
}
