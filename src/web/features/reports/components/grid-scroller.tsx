import type { ReactNode } from 'react';
import classes from '../reports.module.css';

/**
 * The sideways scroller of a wide day grid. It takes keyboard focus so the hidden days can be scrolled to without
 * a mouse, even when no row has a link.
 */
export function GridScroller({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className={classes.scroller} role="region" aria-label={label} tabIndex={0}>
      {children}
    </div>
  );
}
