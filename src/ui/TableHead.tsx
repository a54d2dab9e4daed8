import type { ReactNode } from 'react';

/** A column header: its text, or its content and whether it holds numbers. */
export type TableColumn = string | { label: ReactNode; num?: boolean };

export interface TableHeadProps {
  /** The columns in order; a number column is aligned like its cells (`num`). */
  columns: readonly TableColumn[];
}

/** A table's header row: one column header (`scope="col"`) per column. */
export function TableHead({ columns }: TableHeadProps) {
  return (
    <thead>
      <tr>
        {columns.map((column, i) =>
          typeof column === 'string' ? (
            <th key={i} scope="col">
              {column}
            </th>
          ) : (
            <th key={i} scope="col" className={column.num ? 'num' : undefined}>
              {column.label}
            </th>
          ),
        )}
      </tr>
    </thead>
  );
}
