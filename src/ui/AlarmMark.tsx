/**
 * The alarm mark beside a value (ISA-101, ISA-18.2; DESIGN.md "Alarm states"): a shape per
 * priority band holding the priority number, so an alarm never speaks by colour alone.
 * Filled while the alarm is active; hollow once it returned to normal but is not yet
 * acknowledged; an unacknowledged alarm carries a steady halo, a ring around the mark. A mark
 * that stands for many (`pulse`, the header's) pulses slowly by its halo, never by fading the
 * mark itself (not under reduced motion); rows and tiles do not (ui.css says why).
 */
import { cx } from './cx.ts';

export type AlarmMarkPhase = 'unacknowledged' | 'acknowledged' | 'returned';
export type AlarmShape = 'square' | 'triangle' | 'diamond' | 'circle';

/** 0-1 square, 2-3 triangle, 4-5 diamond, 6-9 circle: the more urgent, the more angular. */
export function alarmShapeOf(priority: number): AlarmShape {
  if (priority <= 1) return 'square';
  if (priority <= 3) return 'triangle';
  if (priority <= 5) return 'diamond';
  return 'circle';
}

/** The outline of a priority's shape in a 20 × 20 box, and the baseline of its number. */
export const ALARM_SHAPES: Record<AlarmShape, { d: string; textY: number }> = {
  square: { d: 'M2 2H18V18H2Z', textY: 14.5 },
  triangle: { d: 'M10 0.8L19.6 18.6H0.4Z', textY: 16.2 },
  diamond: { d: 'M10 0L20 10L10 20L0 10Z', textY: 14 },
  circle: { d: 'M10 1A9 9 0 1 1 9.99 1Z', textY: 14.2 },
};

export interface AlarmMarkProps {
  priority: number;
  phase: AlarmMarkPhase;
  /** The priority's fill colour (CSS); a neutral dark grey until priorities are loaded. */
  fill?: string;
  /** Text colour that reads on the fill. */
  ink?: string;
  /** The whole state in words, for screen readers and the tooltip. */
  label: string;
  /** The halo of an unacknowledged alarm pulses (one mark in the header, not a list's). */
  pulse?: boolean;
  className?: string;
}

export function AlarmMark({ priority, phase, fill, ink, label, pulse, className }: AlarmMarkProps) {
  const shape = ALARM_SHAPES[alarmShapeOf(priority)];
  const hollow = phase === 'returned';
  const color = fill ?? 'var(--text)';
  return (
    <span
      className={cx('alarm-mark', `is-${phase}`, pulse && 'is-pulsing', className)}
      role="img"
      aria-label={label}
      title={label}
      data-priority={priority}
      data-phase={phase}
      style={fill ? ({ '--alarm-mark-halo': fill } as React.CSSProperties) : undefined}
    >
      <svg viewBox="0 0 20 20" aria-hidden="true" focusable="false">
        <path
          d={shape.d}
          fill={hollow ? 'var(--surface-raised)' : color}
          stroke={hollow ? color : 'var(--alarm-mark-edge)'}
          strokeWidth={hollow ? 2 : 1}
          strokeLinejoin="round"
        />
        <text
          x="10"
          y={shape.textY}
          textAnchor="middle"
          fill={hollow ? 'var(--text)' : (ink ?? '#ffffff')}
        >
          {priority}
        </text>
      </svg>
    </span>
  );
}
