import type { ReactNode } from 'react';
import { Table, type TableProps } from 'react-aria-components';

/**
 * A wide table scrolls inside its own region, not the page (usable at 320 px). The region is
 * focusable so a keyboard alone can scroll it, and named so a screen reader says what it holds.
 */
export function ScrollRegion({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="scroll-region" role="region" aria-label={label} tabIndex={0}>
      {children}
    </div>
  );
}

/** A data table in its own scroll region, the region and the table named alike. */
export function ScrollTable({ label, ...props }: { label: string } & Omit<TableProps, 'aria-label' | 'className'>) {
  return (
    <ScrollRegion label={label}>
      <Table aria-label={label} className="table" {...props} />
    </ScrollRegion>
  );
}

/**
 * A plain HTML table in its own scroll region, captioned (for a screen reader) by the region's name.
 * Plain, not a grid: the buttons a row may hold are reached with Tab like any other.
 */
export function CaptionedTable({ label, className = 'table', children }: { label: string; className?: string; children: ReactNode }) {
  return (
    <ScrollRegion label={label}>
      <table className={className}>
        <caption className="visually-hidden">{label}</caption>
        {children}
      </table>
    </ScrollRegion>
  );
}
