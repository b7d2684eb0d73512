// A table that stays a table for assistive technology at every width: from md up
// it is laid out as columns; on phones each row becomes a card with labelled cells.
// The explicit ARIA roles keep the semantics when CSS changes the display type. The
// rows' and cells' styles are the .data-table rules in styles/app.css (every row
// repeats them).
import type { ReactNode } from "react";

import { useT } from "#app/i18n/i18n-provider.tsx";

export type Column<Row> = {
  /** The column's name: a catalogue message (shown translated) or the reader's words. */
  header: string;
  cell: (row: Row) => ReactNode;
  /** Extra classes for the cell (all widths). */
  className?: string;
  /** Show the column name beside the value on phones (default true). */
  mobileLabel?: boolean;
};

/** Rows are keyed by their id; the caption is read out, not shown (the page's heading shows). */
export function DataTable<Row extends { id: string | number }>({
  caption,
  columns,
  rows,
}: {
  caption: string;
  columns: Column<Row>[];
  rows: Row[];
}) {
  const t = useT();
  const label = t(caption);
  // Once per column, not per cell.
  const headers = columns.map((column) => t(column.header));
  return (
    // Wide tables scroll sideways inside their card rather than the page.
    <div
      role="region"
      aria-label={label}
      tabIndex={0}
      className="md:overflow-x-auto md:rounded-2xl md:bg-white md:shadow-sm md:ring-1 md:ring-slate-200"
    >
      <table role="table" className="data-table w-full text-start text-sm max-md:block">
        <caption className="sr-only">{label}</caption>
        <thead role="rowgroup" className="max-md:sr-only md:bg-slate-50">
          <tr role="row">
            {columns.map((column, index) => (
              <th key={column.header} role="columnheader" scope="col">
                {headers[index]}
              </th>
            ))}
          </tr>
        </thead>
        <tbody
          role="rowgroup"
          className="max-md:block max-md:space-y-4 md:divide-y md:divide-slate-100"
        >
          {rows.map((row) => (
            <tr key={row.id} role="row">
              {columns.map((column, index) => (
                <td
                  key={column.header}
                  role="cell"
                  className={column.className}
                  data-label={column.mobileLabel === false ? undefined : headers[index]}
                >
                  {column.cell(row)}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
