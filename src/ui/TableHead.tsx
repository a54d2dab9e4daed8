/** A data table's head: one row with a column header per label, in order. */
import type { ReactNode } from 'react';

export function TableHead({ labels }: { labels: readonly ReactNode[] }) {
  return (
    <thead>
      <tr>
        {labels.map((label, i) => (
          <th key={i} scope="col">
            {label}
          </th>
        ))}
      </tr>
    </thead>
  );
}
