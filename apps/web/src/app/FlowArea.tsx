import { Suspense, useEffect, useMemo, type ComponentType } from 'react';
import { useParams } from 'wouter';
import { useTranslation } from '../lib/useTranslation';
import type { FlowCode } from '@tessera/contracts';
import { ApiError } from '../lib/api';
import { offeredLanguages, pickLanguage, setTranslationSlug } from '../lib/i18n';
import { FlowContext, type FlowContextValue } from '../lib/theme/FlowContext';
import { useThemeQuery } from '../lib/theme/themeQuery';
import { useThemeStylesheet } from '../lib/theme/useThemeStylesheet';
import { PageShell } from '../components/PageShell/PageShell';
import { Loading } from '../components/Loading/Loading';
import { ErrorPage } from '../components/ErrorPage/ErrorPage';
import { BrandNotFoundNotice, PageUnavailableNotice } from '../components/Notice/Notice';

interface FlowAreaProps {
  flow: FlowCode;
  /** The flow's screens (lazy). */
  screens: ComponentType;
}

/**
 * Everything a flow area shares (docs/product/common.md#brands-and-themes): loads the brand theme,
 * injects its stylesheet, switches translations to the brand, offers only the flow's languages and
 * gates the area on the brand's page availability. The flow itself only renders screens.
 */
export function FlowArea({ flow, screens: Screens }: FlowAreaProps) {
  const { slug = '' } = useParams<{ slug: string }>();
  const { i18n } = useTranslation();
  const theme = useThemeQuery(slug);
  useThemeStylesheet(theme.data ? slug : null);

  useEffect(() => {
    void setTranslationSlug(i18n, slug);
  }, [i18n, slug]);

  const availability = theme.data?.pageAvailability.find((entry) => entry.code === flow);
  const languages = useMemo(() => offeredLanguages(availability), [availability]);

  const current = i18n.language;
  useEffect(() => {
    if (!theme.data) return;
    const wanted = pickLanguage(current, languages);
    if (wanted !== current) void i18n.changeLanguage(wanted);
  }, [theme.data, languages, current, i18n]);

  useEffect(() => {
    if (theme.error && !(theme.error instanceof ApiError && theme.error.status === 404)) {
      console.error('theme could not be loaded', theme.error);
    }
  }, [theme.error]);

  const context = useMemo<FlowContextValue | null>(
    () => (theme.data ? { slug, flow, theme: theme.data, availability, languages } : null),
    [slug, flow, theme.data, availability, languages],
  );

  if (theme.isPending) {
    return (
      <PageShell>
        <Loading />
      </PageShell>
    );
  }
  if (!context) {
    const unknownBrand = theme.error instanceof ApiError && theme.error.status === 404;
    return <PageShell>{unknownBrand ? <BrandNotFoundNotice /> : <ErrorPage />}</PageShell>;
  }

  let content;
  if (!availability?.isAvailable) {
    content = (
      <PageShell>
        <PageUnavailableNotice />
      </PageShell>
    );
  } else {
    content = (
      <Suspense
        fallback={
          <PageShell>
            <Loading />
          </PageShell>
        }
      >
        <Screens />
      </Suspense>
    );
  }
  return <FlowContext.Provider value={context}>{content}</FlowContext.Provider>;
}
