import type { ReactNode } from 'react';

/** A panel's title (`id` for the panel to be labelled by) with its action beside it: a button or a dialog's trigger. */
export function PanelHead({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <div className="report__head">
      <h2 id={id} className="panel__title">
        {title}
      </h2>
      {children}
    </div>
  );
}
