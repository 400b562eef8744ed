import React from 'react';

type Column = string | { label: React.ReactNode; numeric: true };

/** A column of numbers (its header aligned as they are). */
export const numeric = (label: React.ReactNode): Column => ({ label, numeric: true });

/** The header row of a table written by hand: a column a label and, where rows have buttons, a last column named for screen readers only. */
export function TableHead({ columns, actions }: { columns: Column[]; actions?: string }) {
  return (
    <thead>
      <tr>
        {columns.map((column, index) =>
          typeof column === 'string' ? (
            <th key={index} scope="col">
              {column}
            </th>
          ) : (
            <th key={index} scope="col" className="numeric">
              {column.label}
            </th>
          ),
        )}
        {actions && (
          <th scope="col">
            <span className="visually-hidden">{actions}</span>
          </th>
        )}
      </tr>
    </thead>
  );
}
