import React from 'react';
import { flexRender, getCoreRowModel, useReactTable, type ColumnDef } from '@tanstack/react-table';
import { useTranslation } from 'react-i18next';

export interface Sorting {
  field: string;
  order: 'asc' | 'desc';
}

interface DataTableProps<T> {
  caption: string;
  columns: Array<ColumnDef<T, unknown>>;
  data: T[];
  rowKey: (row: T) => string;
  /** Server-side sorting: the current sort and what to do when a sortable header is pressed. */
  sorting?: Sorting;
  onSort?: (field: string) => void;
  busy?: boolean;
}

/** A table of results with sortable headers (sorting is done by the service, not here). */
export function DataTable<T>({ caption, columns, data, rowKey, sorting, onSort, busy = false }: DataTableProps<T>) {
  const { t } = useTranslation('common');
  const table = useReactTable({
    data,
    columns,
    getCoreRowModel: getCoreRowModel(),
    getRowId: rowKey,
    manualSorting: true,
    enableSorting: Boolean(onSort),
  });
  return (
    <div className="table-wrap">
      <table className="table" aria-busy={busy}>
        <caption className="visually-hidden">{caption}</caption>
        <thead>
          {table.getHeaderGroups().map((group) => (
            <tr key={group.id}>
              {group.headers.map((header) => {
                const field = header.column.id;
                const sortable = onSort && header.column.columnDef.enableSorting !== false;
                const active = sorting?.field === field;
                const ariaSort = active ? (sorting?.order === 'asc' ? 'ascending' : 'descending') : sortable ? 'none' : undefined;
                const label = flexRender(header.column.columnDef.header, header.getContext());
                return (
                  <th
                    key={header.id}
                    scope="col"
                    aria-sort={ariaSort}
                    className={header.column.columnDef.meta?.numeric ? 'numeric' : undefined}
                  >
                    {sortable ? (
                      <button type="button" className="sort-button" onClick={() => onSort(field)}>
                        {label}
                        <span aria-hidden="true" className="sort-indicator">
                          {active ? (sorting?.order === 'asc' ? '▲' : '▼') : '↕'}
                        </span>
                        <span className="visually-hidden">{t('table.sortBy')}</span>
                      </button>
                    ) : (
                      label
                    )}
                  </th>
                );
              })}
            </tr>
          ))}
        </thead>
        <tbody>
          {table.getRowModel().rows.map((row) => (
            <tr key={row.id}>
              {row.getVisibleCells().map((cell) => (
                <td key={cell.id} className={cell.column.columnDef.meta?.numeric ? 'numeric' : undefined}>
                  {flexRender(cell.column.columnDef.cell, cell.getContext())}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
