import { Suspense, useEffect, useRef } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Button } from 'react-aria-components';
import { Link, Route, Switch, useLocation, useRoute } from 'wouter';
import { adminAuth } from '@tessera/contracts/admin';
import { postWithoutAnswer } from '../lib/http';
import { useI18n } from '../lib/i18n';
import { endSession, mayDo, useMe } from '../lib/session';
import { Loading } from '../lib/ui/Loading';
import { ErrorBoundary } from './ErrorBoundary';
import { LanguageSwitch } from './LanguageSwitch';
import { NotFoundPage } from './NotFoundPage';
import { FEATURES } from './routes';

function NavLink({ href, children }: { href: string; children: string }) {
  const [current] = useRoute(href);
  const link = useRef<HTMLAnchorElement>(null);
  // On a phone the navigation is a row that scrolls sideways: the page's own entry is scrolled into
  // it, so the person sees where they are (a later entry was past the right edge). Only the row
  // scrolls, never the page, as scrollIntoView would.
  useEffect(() => {
    const row = link.current?.closest('nav');
    if (!current || !link.current || !row || row.scrollWidth <= row.clientWidth) return;
    const entry = link.current.getBoundingClientRect();
    const box = row.getBoundingClientRect();
    if (entry.right > box.right) row.scrollLeft += entry.right - box.right + 8;
    else if (entry.left < box.left) row.scrollLeft -= box.left - entry.left + 8;
  }, [current]);
  return (
    <Link ref={link} href={href} className="nav__link" aria-current={current ? 'page' : undefined}>
      {children}
    </Link>
  );
}

function SignOutButton() {
  const { t } = useI18n();
  const queryClient = useQueryClient();
  const [, navigate] = useLocation();
  const signOut = useMutation({
    mutationFn: () => postWithoutAnswer(adminAuth.logout.build()),
    onSuccess: () => {
      navigate('/signed-out');
      // Nothing of the session stays in memory: search results, cards, the audit trail.
      queryClient.clear();
      endSession(queryClient);
    },
  });
  return (
    <Button className="button button--quiet" isPending={signOut.isPending} onPress={() => signOut.mutate()}>
      {t('header.signOut')}
    </Button>
  );
}

/** The signed-in pages: skip link, header, navigation and the page of the path. */
export function Layout() {
  const { t } = useI18n();
  const me = useMe();
  const [location] = useLocation();
  const allowed = FEATURES.filter((feature) => mayDo(me, feature.requires));
  return (
    <div className="layout">
      <a className="skip-link" href="#main">
        {t('layout.skip')}
      </a>
      <header className="topbar">
        <span className="topbar__product">{t('layout.product')}</span>
        <div className="topbar__tools">
          <LanguageSwitch />
          <span className="topbar__email" title={me.email}>
            {me.email}
          </span>
          <SignOutButton />
        </div>
      </header>
      <nav className="nav" aria-label={t('layout.navigation')}>
        <ul className="nav__list">
          {allowed.flatMap((feature) =>
            feature.nav ? [
              <li key={feature.path}>
                <NavLink href={feature.nav.href}>{t(feature.nav.label)}</NavLink>
              </li>,
            ] : [],
          )}
        </ul>
      </nav>
      <main id="main" className="main" tabIndex={-1}>
        <ErrorBoundary key={location}>
          <Suspense fallback={<Loading />}>
            <Switch>
              {allowed.map((feature) => (
                <Route key={feature.path} path={feature.path} component={feature.Page} />
              ))}
              <Route component={NotFoundPage} />
            </Switch>
          </Suspense>
        </ErrorBoundary>
      </main>
    </div>
  );
}
