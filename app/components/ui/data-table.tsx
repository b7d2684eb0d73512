// A table that stays a table for assistive technology at every width: from md up
// it is laid out as columns; on phones each row becomes a card with labelled cells.
// The explicit ARIA roles keep the semantics when CSS changes the display type.
import type { ReactNode } from "react";

export type Column<Row> = {
  header: string;
  cell: (row: Row) => ReactNode;
  /** Extra classes for the cell (all widths). */
  className?: string;
  /** Show the column name beside the value on phones (default true). */
  mobileLabel?: boolean;
};

export function DataTable<Row>({
  caption,
  columns,
  rows,
  rowKey,
  captionHidden = false,
}: {
  caption: string;
  columns: Column<Row>[];
  rows: Row[];
  rowKey: (row: Row) => string | number;
  captionHidden?: boolean;
}) {
  return (
    // Wide tables scroll sideways inside their card rather than the page.
    <div
      role="region"
      aria-label={caption}
      tabIndex={0}
      className="md:overflow-x-auto md:rounded-2xl md:bg-white md:shadow-sm md:ring-1 md:ring-slate-200"
    >
      <table role="table" className="w-full text-left text-sm max-md:block">
        <caption
          className={
            captionHidden ? "sr-only" : "mb-4 text-left text-lg font-semibold text-slate-900"
          }
        >
          {caption}
        </caption>
        <thead role="rowgroup" className="max-md:sr-only md:bg-slate-50">
          <tr role="row">
            {columns.map((column) => (
              <th
                key={column.header}
                role="columnheader"
                scope="col"
                className="px-3 py-3 text-xs font-semibold tracking-wide text-slate-600 uppercase first:pl-4 last:pr-4"
              >
                {column.header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody
          role="rowgroup"
          className="max-md:block max-md:space-y-4 md:divide-y md:divide-slate-100"
        >
          {rows.map((row) => (
            <tr
              key={rowKey(row)}
              role="row"
              className="max-md:block max-md:rounded-2xl max-md:bg-white max-md:p-4 max-md:shadow-sm max-md:ring-1 max-md:ring-slate-200 md:hover:bg-slate-50/60"
            >
              {columns.map((column) => (
                <td
                  key={column.header}
                  role="cell"
                  className={`align-middle max-md:flex max-md:items-center max-md:justify-between max-md:gap-4 max-md:py-1.5 md:px-3 md:py-3 md:first:pl-4 md:last:pr-4 ${column.className ?? ""}`}
                >
                  {column.mobileLabel === false ? null : (
                    <span
                      aria-hidden="true"
                      className="shrink-0 text-xs font-medium text-slate-500 md:hidden"
                    >
                      {column.header}
                    </span>
                  )}
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
