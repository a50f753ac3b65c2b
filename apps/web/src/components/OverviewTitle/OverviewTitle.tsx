import type { ReactNode } from 'react';
import styles from './OverviewTitle.module.css';

interface OverviewTitleProps {
  title: ReactNode;
  subtitle?: ReactNode;
  /** Optional in-page link that scrolls smoothly to the element with id `targetId`. */
  anchor?: { label: ReactNode; targetId: string };
}

function prefersReducedMotion(): boolean {
  return typeof window.matchMedia === 'function' && window.matchMedia('(prefers-reduced-motion: reduce)').matches;
}

/** Scrolls to an element and moves focus there, so keyboard and screen reader users follow. */
export function scrollToId(targetId: string): void {
  const target = document.getElementById(targetId);
  if (!target) return;
  target.scrollIntoView?.({ behavior: prefersReducedMotion() ? 'auto' : 'smooth', block: 'start' });
  if (!target.hasAttribute('tabindex')) target.setAttribute('tabindex', '-1');
  target.focus({ preventScroll: true });
}

/** Overview title block (docs/product/common.md#page-shell). */
export function OverviewTitle({ title, subtitle, anchor }: OverviewTitleProps) {
  return (
    <header className={styles.header}>
      <h1 className={styles.title}>{title}</h1>
      {subtitle ? <p className={styles.subtitle}>{subtitle}</p> : null}
      {anchor ? (
        <a
          className={styles.anchor}
          href={`#${anchor.targetId}`}
          onClick={(event) => {
            event.preventDefault();
            scrollToId(anchor.targetId);
          }}
        >
          {anchor.label}
          <svg aria-hidden="true" focusable="false" viewBox="0 0 16 16" width="14" height="14">
            <path d="M8 3v10M3.5 8.5 8 13l4.5-4.5" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" />
          </svg>
        </a>
      ) : null}
    </header>
  );
}
