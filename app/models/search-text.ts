// How listing text becomes searchable (decision 010). The same folding runs in SQL
// on both sides: on the stored search vector (a generated column, so every write
// path keeps it current) and on the visitor's query, so "Citroën", "citroen" and
// "CITROEN" all meet. Plain SQL functions only (lower, translate, replace,
// to_tsvector with the built-in `english` configuration): no extension needed, and
// the same on PGlite and PostgreSQL 15+.

/** Lower-case accented Latin letters and the plain letter each folds to (one to one). */
const FOLD_FROM =
  "àáâãäåçèéêëìíîïñòóôõöùúûüýÿāăąćĉċčďēĕėęěĝğġģĥĩīĭįĵķĺļľńņňōŏőŕŗřśŝşšţťũūŭůűųŵŷźżžơưǎǐǒǔǖǘǚǜǟǡǧǩǫǭǰǵǹǻȁȃȅȇȉȋȍȏȑȓȕȗșțȟȧȩȫȭȯȱȳøđłħŧıð";
const FOLD_TO =
  "aaaaaaceeeeiiiinooooouuuuyyaaaccccdeeeeegggghiiiijklllnnnooorrrssssttuuuuuuwyzzzouaiouuuuuaagkoojgnaaaeeiioorruusthaeooooyodlhtid";
/** Letters that fold to two letters. */
const FOLD_PAIRS: [string, string][] = [
  ["ß", "ss"],
  ["æ", "ae"],
  ["œ", "oe"],
  ["þ", "th"],
];

if ([...FOLD_FROM].length !== [...FOLD_TO].length) {
  throw new Error("search-text: FOLD_FROM and FOLD_TO must have the same length");
}

/** The text search configuration: English word forms (cars → car, running → run). */
export const SEARCH_CONFIG = "english";

/** SQL (as text) that lower-cases and folds the accents of a text expression. */
export function foldSqlText(expression: string): string {
  let folded = `translate(lower(${expression}), '${FOLD_FROM}', '${FOLD_TO}')`;
  for (const [from, to] of FOLD_PAIRS) folded = `replace(${folded}, '${from}', '${to}')`;
  return folded;
}

/**
 * The generated `listing.search_vector`: car name, make and model weigh most (A),
 * then the location (B, also what the location filter matches), then the
 * description (C).
 */
export const SEARCH_VECTOR_SQL = [
  `setweight(to_tsvector('${SEARCH_CONFIG}'::regconfig, ${foldSqlText(
    "title || ' ' || coalesce(make, '') || ' ' || coalesce(model, '')",
  )}), 'A')`,
  `setweight(to_tsvector('${SEARCH_CONFIG}'::regconfig, ${foldSqlText("location")}), 'B')`,
  `setweight(to_tsvector('${SEARCH_CONFIG}'::regconfig, ${foldSqlText("description")}), 'C')`,
].join(" || ");
