import { useEffect, useId, useRef, useState, type ReactNode, type RefObject } from 'react';
import { useTranslation } from '../../lib/useTranslation';
import { useLocation, useRouter } from 'wouter';
import { markPageInteractive } from '../../lib/serverState';
import { useFlowContext } from '../../lib/theme/FlowContext';
import { InfoTooltip } from '../Tooltip/InfoTooltip';
import styles from './PageShell.module.css';

interface PageShellProps {
  children: ReactNode;
  /** Hides the poster image (screens that show their own card picture). */
  hidePoster?: boolean;
  /** A second panel beneath the main card (informationType ContainerBeneath). */
  after?: ReactNode;
}

const KNOWN_VARIANTS = new Set(['plain', 'light', 'dark', 'pattern']);

/** Per router (one per page load; tests render many): the path last shown with its heading. */
const shownPaths = new WeakMap<object, string>();

/**
 * A new screen reached in the app (no page load) takes focus to its heading, so a screen reader
 * says where the cardholder now is and the keyboard starts from the top of the new screen. The
 * first screen of a page load keeps the browser's focus, and so does a shell that changes on the
 * same path (loading → content, or the balance embed showing its result inside a brand's page).
 */
function useFocusOnNewScreen(main: RefObject<HTMLElement | null>) {
  const [path] = useLocation();
  const router = useRouter();
  useEffect(() => {
    const heading = main.current?.querySelector('h1');
    const shown = shownPaths.get(router);
    if (shown === undefined) shownPaths.set(router, path);
    if (shown === undefined || path === shown || !heading) return;
    shownPaths.set(router, path);
    heading.tabIndex = -1;
    heading.focus();
  }, [path, main, router]);
}

/**
 * The page shell (docs/product/common.md#page-shell): brand header band with logo (and header
 * image, swoosh), the language dropdown when the flow offers more than one language, the poster
 * image, the content card and the footer with the issuer statement. Works without a theme (unknown
 * brand, /callback).
 */
export function PageShell({ children, hidePoster = false, after }: PageShellProps) {
  const { t } = useTranslation();
  const flow = useFlowContext();
  const main = useRef<HTMLElement>(null);
  useFocusOnNewScreen(main);
  useEffect(markPageInteractive, []);
  const styling = flow?.theme.styling;
  const variant = styling && KNOWN_VARIANTS.has(styling.backgroundVariant) ? styling.backgroundVariant : 'plain';
  const classes = [styles.shell, styles[`bg-${variant}`], styling?.useGradient ? styles.gradient : null]
    .filter(Boolean)
    .join(' ');

  return (
    <div className={classes} data-variant={variant} data-gradient={styling?.useGradient ? 'true' : undefined}>
      <a className={styles.skip} href="#main">
        {t('shell__skip_to_content')}
      </a>
      <header className={`${styles.band} ${styling?.headerImage ? styles.withImage : ''}`}>
        {/* An image, not an inline background style: the page arrives server-rendered, and the
            content security policy (no 'unsafe-inline' styles) refuses style attributes in HTML. */}
        {styling?.headerImage ? <img className={styles.headerImage} src={styling.headerImage} alt="" /> : null}
        <div className={styles.bandInner}>
          {flow ? (
            styling?.logo ? (
              <span className={styles.logoPlate}>
                <img className={styles.logo} src={styling.logo} alt={t('shell__logo_alt', { brand: flow.theme.name })} />
              </span>
            ) : (
              <span className={styles.brandName}>{flow.theme.name}</span>
            )
          ) : (
            <span className={styles.brandName} aria-hidden="true" />
          )}
          {flow && flow.languages.length > 1 ? <LanguageSelect languages={flow.languages} /> : null}
        </div>
        {styling?.addSwoosh ? <Swoosh /> : null}
      </header>
      <main id="main" ref={main} tabIndex={-1} className={styles.main}>
        <div className={styles.card}>
          {styling?.posterImage && !hidePoster ? <img className={styles.poster} src={styling.posterImage} alt="" /> : null}
          {children}
        </div>
        {after ? <div className={`${styles.card} ${styles.after}`}>{after}</div> : null}
      </main>
      {flow ? (
        <footer className={styles.footer}>
          <p>
            {t('shell__issuer_statement')} <InfoTooltip content={t('shell__issuer_tooltip')} />
          </p>
        </footer>
      ) : null}
    </div>
  );
}

function LanguageSelect({ languages }: { languages: readonly string[] }) {
  const { t, i18n } = useTranslation();
  const id = useId();
  const current = (i18n.language).split('-')[0] ?? '';
  // The option chosen by keyboard but not yet confirmed (see onChange below).
  const [pending, setPending] = useState<string | null>(null);
  const keyboardChoice = useRef(false);
  const apply = (lng: string) => {
    keyboardChoice.current = false;
    setPending(null);
    if (lng === current) return;
    document.documentElement.lang = lng;
    void i18n.changeLanguage(lng);
  };
  return (
    <div className={styles.language}>
      <label htmlFor={id} className={styles.languageLabel}>
        {t('shell__language_label')}
      </label>
      <select
        id={id}
        className={styles.languageSelect}
        value={pending ?? (languages.includes(current) ? current : languages[0])}
        // WCAG 3.2.2: browsers fire change on every ArrowDown in a closed select (Chromium,
        // Firefox on Windows), which switched the whole page mid-choice. The language changes
        // when the choice is confirmed: Enter, leaving the select, or a pick with the pointer.
        onChange={(event) => {
          setPending(event.target.value);
          if (!keyboardChoice.current) apply(event.target.value);
        }}
        // Any key but Enter (arrows, letters typed ahead) only moves the choice.
        onKeyDown={(event) => {
          keyboardChoice.current = event.key !== 'Enter';
          if (event.key === 'Enter') {
            event.preventDefault();
            apply(event.currentTarget.value);
          }
        }}
        onBlur={(event) => apply(event.currentTarget.value)}
      >
        {languages.map((lng) => (
          <option key={lng} value={lng} lang={lng}>
            {t(`shell__language_${lng}`, { defaultValue: lng.toUpperCase() })}
          </option>
        ))}
      </select>
    </div>
  );
}

/** Decorative curve at the bottom of the brand band (theme styling addSwoosh). */
function Swoosh() {
  return (
    <svg className={styles.swoosh} aria-hidden="true" focusable="false" viewBox="0 0 1440 80" preserveAspectRatio="none" data-testid="swoosh">
      <path d="M0 80V44C240 4 520 0 760 28s500 52 680 4v48z" fill="var(--brand-background)" />
      <path d="M0 52C300 14 560 12 800 40s460 40 640 0" fill="none" stroke="var(--brand-accent)" strokeWidth="3" opacity="0.7" />
    </svg>
  );
}
