import type { ReactNode } from 'react';

/** One term and its value in a `facts` description list; `wide` spans the list's full width. */
export function Fact({ term, wide = false, children }: { term: string; wide?: boolean; children: ReactNode }) {
  return (
    <div className={wide ? 'facts__item facts__item--wide' : 'facts__item'}>
      <dt>{term}</dt>
      <dd>{children}</dd>
    </div>
  );
}
