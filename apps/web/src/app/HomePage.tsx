import { useQuery } from '@tanstack/react-query';
import { useTranslation } from '../lib/useTranslation';
import { Link } from 'wouter';
import type { Translator } from '../lib/translator';
import { demoApi, flowSegments, type DemoBrand, type FlowCode } from '@tessera/contracts';
import { ApiError, apiRequest } from '../lib/api';
import { useDocumentTitle } from '../lib/theme/FlowContext';
import { PageShell } from '../components/PageShell/PageShell';
import { Loading } from '../components/Loading/Loading';
import { ErrorPage } from '../components/ErrorPage/ErrorPage';
import { NotFoundNotice } from '../components/Notice/Notice';
import { homeTexts } from './homeTexts';
import styles from './HomePage.module.css';

/** The key of each flow's link text (a table, so the translation test sees every key). */
const FLOW_LABEL_KEYS: Record<FlowCode, string> = {
  BALANCE: 'home__flow_BALANCE',
  VISA: 'home__flow_VISA',
  REPLACE: 'home__flow_REPLACE',
  PAYOUT: 'home__flow_PAYOUT',
  IDENTIFY: 'home__flow_IDENTIFY',
  RESET: 'home__flow_RESET',
};

/** Adds the page's bundled texts once (namespace `core`, the fallback of every lookup). */
function ensureHomeTexts(translator: Translator) {
  for (const [lng, texts] of Object.entries(homeTexts)) translator.addCoreTexts(lng, texts);
}

/** Where a flow's area starts: /{slug}/{segment}, as the route table mounts it. */
export function flowHref(slug: string, code: FlowCode): string {
  return `/${encodeURIComponent(slug)}/${flowSegments[code]}`;
}

/**
 * `/` in demo mode: the demo brands and the flows each offers (GET /api/demo/brands). Outside demo
 * mode that call answers 404 and the page says not found (the server redirects `/` in production
 * before the app loads). Lazily loaded: not part of the first BALANCE screen.
 */
export default function HomePage() {
  const { t, i18n } = useTranslation();
  ensureHomeTexts(i18n);
  useDocumentTitle(t('home__title'));
  const brands = useQuery({
    queryKey: ['demo-brands'],
    queryFn: ({ signal }) => apiRequest<DemoBrand[]>(demoApi.brands.build(), { signal }),
    retry: false,
  });

  if (brands.isPending) {
    return (
      <PageShell>
        <Loading />
      </PageShell>
    );
  }
  if (brands.error) {
    const notDemo = brands.error instanceof ApiError && brands.error.status === 404;
    return <PageShell>{notDemo ? <NotFoundNotice /> : <ErrorPage />}</PageShell>;
  }
  // A brand that offers no flow has nothing to link to.
  const shown = brands.data.filter((brand) => brand.flows.length > 0);
  const languageNames = (codes: string[]) =>
    codes.map((code) => (i18n.exists(`shell__language_${code}`) ? t(`shell__language_${code}`) : code)).join(', ');

  return (
    <PageShell>
      {/* A plain div: the page shell's main is the landmark; a second one of the same name confuses. */}
      <div className={styles.home}>
        <h1 id="home-title">{t('home__title')}</h1>
        <p className={styles.intro}>{t('home__intro')}</p>
        {shown.length === 0 ? <p>{t('home__no_brands')}</p> : null}
        {shown.map((brand) => {
          const headingId = `brand-${brand.code}`;
          return (
            <section key={brand.code} aria-labelledby={headingId} className={styles.brand}>
              <h2 id={headingId}>{brand.name}</h2>
              <ul aria-label={t('home__flows_label', { brand: brand.name })} className={styles.flows}>
                {brand.flows.map((flow) => (
                  <li key={flow.code}>
                    <Link href={flowHref(brand.slug, flow.code)}>
                      {t(FLOW_LABEL_KEYS[flow.code])}
                    </Link>
                    {flow.languages.length > 0 ? (
                      <span className={styles.languages}> · {t('home__languages', { languages: languageNames(flow.languages) })}</span>
                    ) : null}
                  </li>
                ))}
              </ul>
            </section>
          );
        })}
      </div>
    </PageShell>
  );
}
