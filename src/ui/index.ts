/**
 * The UI kit: presentational building blocks shared by every feature. No I/O and no feature
 * knowledge (enforced by eslint); texts come from the "ui" locale namespace. Styles: ui.css,
 * loaded once by main.tsx.
 */

export { AgeText } from './AgeText.tsx';
export { AGE_TICK_MS, watchAge, type AgeWatch, type AgeWriter } from './ageClock.ts';
export { Button, type ButtonProps, type ButtonVariant } from './Button.tsx';
export {
  ALARM_SHAPES,
  AlarmMark,
  alarmShapeOf,
  type AlarmMarkPhase,
  type AlarmMarkProps,
  type AlarmShape,
} from './AlarmMark.tsx';
export { alarmMarkElement } from './alarmMarkElement.ts';
export { Card, Panel, type PanelProps } from './Panel.tsx';
export { ChoiceGroup, type Choice, type ChoiceGroupProps } from './ChoiceGroup.tsx';
export { ConfirmDialog, type ConfirmDialogProps } from './ConfirmDialog.tsx';
export { cx } from './cx.ts';
export { Dialog, type DialogProps } from './Dialog.tsx';
export { EmptyState, type EmptyStateProps } from './EmptyState.tsx';
export { ErrorBoundary, type ErrorBoundaryProps } from './ErrorBoundary.tsx';
export { ErrorFallback, type ErrorFallbackProps } from './ErrorFallback.tsx';
export { Field, type FieldControlProps, type FieldProps } from './Field.tsx';
export { SelectField, type SelectFieldProps } from './SelectField.tsx';
export { Icon, type IconName, type IconProps } from './Icon.tsx';
export { InfoPopup, type InfoPopupProps } from './InfoPopup.tsx';
export {
  LOAD_FAILURE_DELAY_MS,
  LoadingState,
  type LoadingStateProps,
  type LoadStatus,
} from './LoadingState.tsx';
export { PageHeader, type PageHeaderProps } from './PageHeader.tsx';
export { QualityMark, qualityClass, type QualityMarkProps } from './QualityMark.tsx';
export { PvValueText, writePvValueText } from './PvValueText.tsx';
export { TableHead, type ColumnHead } from './TableHead.tsx';
export { StaleNote, StaleNoteWith, staleValueClass, type StaleNoteProps } from './StaleNote.tsx';
export { Spinner, type SpinnerProps } from './Spinner.tsx';
export { StatusBadge, type StatusBadgeProps, type StatusTone } from './StatusBadge.tsx';
export { Toolbar, type ToolbarProps } from './Toolbar.tsx';
export { Tooltip, type TooltipProps } from './Tooltip.tsx';
export { MiddleText, splitForMiddle } from './MiddleText.tsx';
