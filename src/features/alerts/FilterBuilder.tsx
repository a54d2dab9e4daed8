/**
 * Column filters of SPEC §5: conditions with every operator of the column's kind, combined
 * in and/or groups (one level of nesting). Edits a FilterGroup; the engine compiles it.
 */
import { useState } from 'react';
import { useTranslation } from '../../app/useTranslation.ts';
import type { ParseKeys } from 'i18next';
import {
  FILTER_LOGIC_LABEL_KEYS,
  FILTER_OPERATOR_LABEL_KEYS,
  OPERATORS_BY_KIND,
  isFilterGroup,
  type FilterCondition,
  type FilterGroup,
  type FilterKind,
  type FilterLogic,
  type FilterNode,
  type FilterValue,
} from '../../domain/filters.ts';
import { Button } from '../../ui/index.ts';
import { PlantDateField } from '../shared/PlantDateFieldLazy.tsx';
import { usePlantClock } from '../shared/plantClock.ts';
import { instantOfWall, wallText } from '../shared/wallTime.ts';

export interface FilterColumn {
  field: string;
  kind: FilterKind;
  labelKey: ParseKeys;
}

export const EMPTY_FILTER: FilterGroup = { logic: 'and', filters: [] };

interface Props {
  columns: readonly FilterColumn[];
  value: FilterGroup;
  onChange: (next: FilterGroup) => void;
  nested?: boolean;
}

export function FilterBuilder({ columns, value, onChange, nested = false }: Props) {
  const { t } = useTranslation();
  const first = columns[0]!;
  const kindOf = (field: string) => columns.find((c) => c.field === field)?.kind ?? 'text';
  const setChild = (i: number, next: FilterNode | null) => {
    const filters = [...value.filters];
    if (next) filters[i] = next;
    else filters.splice(i, 1);
    onChange({ ...value, filters });
  };
  const newCondition = (): FilterCondition => ({
    field: first.field,
    operator: OPERATORS_BY_KIND[first.kind][0]!,
    value: '',
  });
  return (
    <div className={nested ? 'filter-group filter-group-nested' : 'filter-group'}>
      <div className="filter-group-head">
        <label>
          <span className="visually-hidden">{t('filters.title')}</span>
          <select
            value={value.logic}
            onChange={(e) => onChange({ ...value, logic: e.target.value as FilterLogic })}
          >
            {(['and', 'or'] as const).map((l) => (
              <option key={l} value={l}>
                {t(FILTER_LOGIC_LABEL_KEYS[l] as ParseKeys)}
              </option>
            ))}
          </select>
        </label>
        <Button
          size="small"
          icon="check"
          onClick={() => onChange({ ...value, filters: [...value.filters, newCondition()] })}
        >
          {t('filters.addCondition')}
        </Button>
        {!nested && (
          <Button
            size="small"
            onClick={() =>
              onChange({
                ...value,
                filters: [...value.filters, { logic: 'or', filters: [newCondition()] }],
              })
            }
          >
            {t('filters.addGroup')}
          </Button>
        )}
      </div>
      {value.filters.map((node, i) =>
        isFilterGroup(node) ? (
          <div key={i} className="filter-nested-row">
            <FilterBuilder
              columns={columns}
              value={node}
              nested
              onChange={(next) => setChild(i, next.filters.length ? next : null)}
            />
          </div>
        ) : (
          <div key={i} className="filter-row">
            <select
              aria-label={t('alerts.filter.field')}
              value={node.field}
              onChange={(e) => {
                const kind = kindOf(e.target.value);
                const operator = OPERATORS_BY_KIND[kind].includes(node.operator)
                  ? node.operator
                  : OPERATORS_BY_KIND[kind][0]!;
                setChild(i, { ...node, field: e.target.value, operator });
              }}
            >
              {columns.map((c) => (
                <option key={c.field} value={c.field}>
                  {t(c.labelKey)}
                </option>
              ))}
            </select>
            <select
              aria-label={t('filters.operator')}
              value={node.operator}
              onChange={(e) =>
                setChild(i, { ...node, operator: e.target.value as FilterCondition['operator'] })
              }
            >
              {OPERATORS_BY_KIND[kindOf(node.field)].map((op) => (
                <option key={op} value={op}>
                  {t(FILTER_OPERATOR_LABEL_KEYS[op] as ParseKeys)}
                </option>
              ))}
            </select>
            {kindOf(node.field) === 'date' ? (
              <DateValue
                label={t('filters.value')}
                value={node.value}
                onChange={(next) => setChild(i, { ...node, value: next })}
              />
            ) : (
              <input
                aria-label={t('filters.value')}
                type="text"
                inputMode={kindOf(node.field) === 'number' ? 'decimal' : undefined}
                value={
                  typeof node.value === 'string' || typeof node.value === 'number' ? node.value : ''
                }
                onChange={(e) => setChild(i, { ...node, value: e.target.value })}
              />
            )}
            <Button
              size="small"
              variant="quiet"
              icon="close"
              iconOnly
              onClick={() => setChild(i, null)}
            >
              {t('filters.remove')}
            </Button>
          </div>
        ),
      )}
    </div>
  );
}

/**
 * A date condition's value, typed on the plant's wall clock and kept as the instant (ISO with
 * its offset), so the engine compares the same moment whatever the browser's zone. What was
 * typed stays in the field while it names no instant (a skipped hour).
 */
function DateValue({
  label,
  value,
  onChange,
}: {
  label: string;
  value: FilterValue;
  onChange: (next: string) => void;
}) {
  const { zone } = usePlantClock();
  const [text, setText] = useState(() => {
    const ms =
      value instanceof Date
        ? value.getTime()
        : typeof value === 'number'
          ? value
          : Date.parse(value ?? '');
    return Number.isFinite(ms) ? wallText(ms, zone) : '';
  });
  return (
    <PlantDateField
      className="date-field-inline"
      label={label}
      labelHidden
      value={text}
      onChange={(next) => {
        setText(next);
        const at = instantOfWall(next, zone).ms;
        onChange(at === undefined ? '' : new Date(at).toISOString());
      }}
    />
  );
}
