import type { ReactNode } from 'react';
import { Loading } from './Loading';
import { ServerError } from './ServerError';

/**
 * A panel titled like the table it holds. Not a landmark of its own: the table's scroll region is
 * one, by the same name. `query`, when given, is what fills it: loading and its error show here.
 */
export function TablePanel({ title, query, children }: { title: string; query?: { isPending: boolean; error: unknown }; children: ReactNode }) {
  return (
    <div className="panel">
      <h2 className="panel__title">{title}</h2>
      {query?.isPending && <Loading />}
      <ServerError error={query?.error} />
      {children}
    </div>
  );
}
