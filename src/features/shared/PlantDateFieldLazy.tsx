/**
 * The date field as pages use it: the picker library (react-aria) is its own chunk, loaded the
 * first time a page shows a date field. Until then the label and an empty box hold its place.
 */
import { lazy, Suspense } from 'react';
import { cx } from '../../ui/index.ts';
import type { PlantDateFieldProps } from './PlantDateField.tsx';

const Picker = lazy(() =>
  import('./PlantDateField.tsx').then((m) => ({ default: m.PlantDateField })),
);

export type { PlantDateFieldProps };

export function PlantDateField(props: PlantDateFieldProps) {
  return (
    <Suspense
      fallback={
        <div className={cx('field', props.className)} aria-busy="true">
          <span className="field-label">{props.label}</span>
          <span className="input" style={{ minWidth: '12em' }} />
        </div>
      }
    >
      <Picker {...props} />
    </Suspense>
  );
}
