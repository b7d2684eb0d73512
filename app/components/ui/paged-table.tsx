// One page of a long list: the table (its caption read out, not shown) and the
// page links under it. The dashboard's lists of people, requests and audit entries.
import { DataTable, type Column } from "#app/components/ui/data-table.tsx";
import { Pagination } from "#app/components/ui/pagination.tsx";

export function PagedTable<Row extends { id: string | number }>({
  caption,
  columns,
  rows,
  page,
  pageCount,
}: {
  caption: string;
  columns: Column<Row>[];
  rows: Row[];
  page: number;
  pageCount: number;
}) {
  return (
    <>
      <DataTable caption={caption} columns={columns} rows={rows} />
      <Pagination page={page} pageCount={pageCount} />
    </>
  );
}
