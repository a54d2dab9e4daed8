import type { ReactNode } from 'react';

/** A column's heading, when it is more than its text. */
export interface ColumnHead {
  label: ReactNode;
  /** A column of numbers: the heading aligns with them (class `num`). */
  num?: boolean;
  /** Read by assistive technology only, as over a column of buttons. */
  visuallyHidden?: boolean;
}

/**
 * The head row of a data table: one column heading (`scope="col"`) per entry, in order; a
 * `false` entry is a column the table leaves out.
 */
export function TableHead({ columns }: { columns: readonly (string | ColumnHead | false)[] }) {
  return (
    <thead>
      <tr>
        {columns.map((column, i) => {
          if (column === false) return null;
          const head: ColumnHead = typeof column === 'string' ? { label: column } : column;
          return (
            <th key={i} scope="col" className={head.num ? 'num' : undefined}>
              {head.visuallyHidden ? (
                <span className="visually-hidden">{head.label}</span>
              ) : (
                head.label
              )}
            </th>
          );
        })}
      </tr>
    </thead>
  );
}
