import { useCallback, useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from '../../lib/useTranslation';
import { TOOLTIP_HIDE_DELAY_MS, TOOLTIP_SHOW_DELAY_MS } from '@tessera/contracts';
import styles from './InfoTooltip.module.css';

interface InfoTooltipProps {
  /** The tooltip's text; it is also the info button's accessible description. */
  content: ReactNode;
  /** Accessible name of the info button; "More information" by default. */
  label?: string;
  /**
   * 'row': the tooltip opens above the whole row the icon sits in (a label's), from its start and
   * never wider than it, instead of centred on the icon, which at 320 px pushed it past the panel
   * (WCAG 1.4.10). The row must be positioned (position: relative).
   */
  align?: 'icon' | 'row';
}

/**
 * An information icon with a tooltip (docs/product/common.md#page-shell): shows 300 ms after
 * pointer or keyboard focus arrives, hides 450 ms after it leaves; Escape hides it at once; a tap
 * toggles it (touch screens have no hover).
 */
export function InfoTooltip({ content, label, align = 'icon' }: InfoTooltipProps) {
  const { t } = useTranslation();
  const id = useId();
  const [open, setOpen] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);

  const clear = () => {
    if (timer.current) clearTimeout(timer.current);
    timer.current = null;
  };
  const showSoon = useCallback(() => {
    clear();
    timer.current = setTimeout(() => setOpen(true), TOOLTIP_SHOW_DELAY_MS);
  }, []);
  const hideSoon = useCallback(() => {
    clear();
    timer.current = setTimeout(() => setOpen(false), TOOLTIP_HIDE_DELAY_MS);
  }, []);
  useEffect(() => clear, []);

  useEffect(() => {
    if (!open) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        clear();
        setOpen(false);
      }
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [open]);

  return (
    <span className={`${styles.wrapper} ${align === 'row' ? styles.inRow : ''}`} onMouseEnter={showSoon} onMouseLeave={hideSoon}>
      <button
        type="button"
        className={styles.trigger}
        aria-label={label ?? t('generic__info')}
        aria-describedby={id}
        aria-expanded={open}
        onFocus={showSoon}
        onBlur={hideSoon}
        onClick={() => {
          clear();
          setOpen((value) => !value);
        }}
      >
        <svg aria-hidden="true" viewBox="0 0 20 20" width="20" height="20" focusable="false">
          <circle cx="10" cy="10" r="9" fill="none" stroke="currentColor" strokeWidth="1.75" />
          <rect x="9.1" y="8.5" width="1.8" height="6" rx="0.9" fill="currentColor" />
          <circle cx="10" cy="5.9" r="1.15" fill="currentColor" />
        </svg>
      </button>
      <span id={id} role="tooltip" className={styles.tooltip} hidden={!open}>
        {content}
      </span>
    </span>
  );
}
