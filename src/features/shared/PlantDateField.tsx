/**
 * The one date and time field of the app: every date a user types is a date on the plant's
 * wall clock (the zone the server names, not the browser's) in the app's language. Built on
 * react-aria's DatePicker: typed segments or a calendar, label, zone and error tied to the
 * field for screen readers. It holds wall text (wallTime.ts); a time the plant's clock skips
 * is shown as an error and kept as typed. Pages import it through PlantDateFieldLazy.tsx: the
 * picker library loads when a date field is first shown, never at startup.
 */
import { useLayoutEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import {
  Button,
  Calendar,
  CalendarCell,
  CalendarGrid,
  DateInput,
  DatePicker,
  DateSegment,
  Dialog,
  FieldError,
  Group,
  Heading,
  I18nProvider,
  Label,
  Popover,
  Text,
} from 'react-aria-components';
import { getLocalTimeZone } from '@internationalized/date';
import { useTranslation } from '../../app/useTranslation.ts';
import { cx, Icon } from '../../ui/index.ts';
import { usePlantClock } from './plantClock.ts';
import { instantOfWall, parseWall, textOfWall, type WallGranularity } from './wallTime.ts';
import './PlantDateField.css';

export interface PlantDateFieldProps {
  label: ReactNode;
  /** Wall text on the plant's clock (`2026-03-29T08:00`); '' when empty. */
  value: string;
  onChange: (text: string) => void;
  /** 'minute' (default), 'second' or 'day'. */
  granularity?: WallGranularity;
  /** A message about the value from the page (a range's order, a server's refusal). */
  error?: string | null;
  required?: boolean;
  /** The label for screen readers only, where a row of controls names it otherwise. */
  labelHidden?: boolean;
  isDisabled?: boolean;
  className?: string;
  /** For the group of segments: ids of texts that describe the field too. */
  'aria-describedby'?: string;
  /** Marks the field for tests and page code (`data-name`). */
  name?: string;
}

export function PlantDateField({
  label,
  value,
  onChange,
  granularity = 'minute',
  error,
  required = false,
  labelHidden = false,
  isDisabled = false,
  className,
  'aria-describedby': describedBy,
  name,
}: PlantDateFieldProps) {
  const { t } = useTranslation();
  const { zone, locale } = usePlantClock();
  // One object per text: react-aria keeps a half-typed entry only while its value is the same.
  const parsed = useMemo(() => parseWall(value), [value]);
  const problem = useMemo(
    () => (granularity === 'day' ? null : instantOfWall(value, zone).problem),
    [granularity, value, zone],
  );
  const message =
    problem === 'gap'
      ? t('ui.dateField.gap')
      : error ||
        (value === '' && required
          ? t(granularity === 'day' ? 'ui.dateField.incompleteDay' : 'ui.dateField.incomplete')
          : null);
  // Inside a modal <dialog> the calendar opens in that dialog: the page behind it is inert.
  const group = useRef<HTMLDivElement>(null);
  const [portal, setPortal] = useState<Element | undefined>(undefined);
  useLayoutEffect(() => setPortal(group.current?.closest('dialog') ?? undefined), []);
  const browserZone = getLocalTimeZone();
  // A browser elsewhere: the field names the plant's zone, shortly in the box (as the clock
  // reads on that date: MEZ, MESZ) and in full for screen readers.
  const zoneNote = browserZone !== zone ? t('ui.dateField.plantZone', { zone }) : null;
  const zoneShort = useMemo(() => {
    if (browserZone === zone) return null;
    const at = (parsed && instantOfWall(value, zone).ms) ?? Date.now();
    const parts = new Intl.DateTimeFormat(locale, { timeZone: zone, timeZoneName: 'short' });
    return parts.formatToParts(at).find((p) => p.type === 'timeZoneName')?.value ?? zone;
  }, [browserZone, zone, locale, parsed, value]);
  return (
    <I18nProvider locale={locale}>
      <DatePicker
        className={cx('field date-field', message && 'field-invalid', className)}
        data-name={name}
        // A toolbar around the field leaves its arrow keys to the segments (ui/Toolbar.tsx).
        data-keeps-arrows=""
        value={parsed}
        onChange={(next) => onChange(next ? textOfWall(next, granularity) : '')}
        granularity={granularity}
        hourCycle={locale === 'en' ? undefined : 24}
        shouldForceLeadingZeros
        isRequired={required}
        isDisabled={isDisabled}
        isInvalid={message != null}
        validationBehavior="aria"
        aria-describedby={describedBy}
      >
        <Label className={cx('field-label', labelHidden && 'visually-hidden')}>
          {label}
          {required && (
            <span className="field-required" title={t('ui.field.required')}>
              {' *'}
            </span>
          )}
        </Label>
        <Group ref={group} className="date-field-group">
          <DateInput className="date-field-input">
            {(segment) => <DateSegment segment={segment} className="date-field-segment" />}
          </DateInput>
          {zoneShort && (
            <span className="date-field-zone" aria-hidden="true">
              {zoneShort}
            </span>
          )}
          <Button className="date-field-button">
            <Icon name="calendar" />
          </Button>
        </Group>
        {zoneNote && (
          <Text slot="description" className="visually-hidden">
            {zoneNote}
          </Text>
        )}
        <FieldError className="field-error">
          <Icon name="warning" /> {message}
        </FieldError>
        <Popover
          className="date-field-popover"
          placement="bottom start"
          UNSTABLE_portalContainer={portal}
        >
          <Dialog className="date-field-dialog">
            <Calendar className="date-field-calendar">
              <header>
                <Button slot="previous" className="date-field-nav">
                  <Icon name="chevronLeft" />
                </Button>
                <Heading className="date-field-heading" />
                <Button slot="next" className="date-field-nav">
                  <Icon name="chevronRight" />
                </Button>
              </header>
              <CalendarGrid className="date-field-grid">
                {(date) => <CalendarCell date={date} className="date-field-cell" />}
              </CalendarGrid>
            </Calendar>
          </Dialog>
        </Popover>
      </DatePicker>
    </I18nProvider>
  );
}
