import { useEffect } from 'react';
import { useSearch } from 'wouter';
import { appPaths } from '@tessera/contracts';
import { PageShell } from '../components/PageShell/PageShell';
import { Loading } from '../components/Loading/Loading';
import { isSafeLocalUrl, readRedirectEntry } from '../lib/redirectState';
import { useNavigate } from '../lib/router';

/** Appends the current query string to a stored url (which may carry its own query). */
export function withQuery(url: string, search: string): string {
  const query = search.startsWith('?') ? search.slice(1) : search;
  if (!query) return url;
  return `${url}${url.includes('?') ? '&' : '?'}${query}`;
}

/**
 * /callback (docs/product/common.md#callback): no `state` → `/` (an in-app navigation: `/` is a
 * route of the web app); a stored entry under `state` → its url plus the current query string;
 * `state` without an entry → nothing happens (this loading shell stays). Only same-origin paths are
 * followed, so a planted entry cannot redirect off-site.
 */
export function CallbackPage() {
  const search = useSearch();
  const navigate = useNavigate();

  useEffect(() => {
    const state = new URLSearchParams(search).get('state');
    if (!state) {
      navigate(appPaths.home, { replace: true });
      return;
    }
    const entry = readRedirectEntry(state);
    if (entry && isSafeLocalUrl(entry.url)) navigate(withQuery(entry.url, search), { replace: true });
  }, [search, navigate]);

  return (
    <PageShell>
      <Loading />
    </PageShell>
  );
}
