/**
 * The info tooltip of SPEC §2: appears on hover and on keyboard focus, disappears on mouse
 * leave, blur and Escape. The trigger is described by the tooltip text (aria-describedby).
 */
import { cloneElement, useId, useState, type ReactElement, type ReactNode } from 'react';
import { cx } from './cx.ts';

export interface TooltipProps {
  content: ReactNode;
  /** One focusable element (a button, a link, an input). */
  children: ReactElement<{ 'aria-describedby'?: string }>;
  placement?: 'top' | 'bottom';
}

export function Tooltip({ content, children, placement = 'top' }: TooltipProps) {
  const id = useId();
  const [open, setOpen] = useState(false);
  const show = () => setOpen(true);
  const hide = () => setOpen(false);
  return (
    <span
      className="tooltip-anchor"
      onMouseEnter={show}
      onMouseLeave={hide}
      onFocus={show}
      onBlur={hide}
      onKeyDown={(e) => {
        if (e.key === 'Escape' && open) {
          e.stopPropagation();
          hide();
        }
      }}
    >
      {cloneElement(children, { 'aria-describedby': id })}
      <span id={id} role="tooltip" className={cx('tooltip', `tooltip-${placement}`)} hidden={!open}>
        {content}
      </span>
    </span>
  );
}
