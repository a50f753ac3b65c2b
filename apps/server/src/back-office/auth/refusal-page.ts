import type { SignInRefusal } from '@tessera/contracts/admin';
import { acceptedLanguages } from '../../domain/language.js';
import { escapeHtml, htmlPage, htmlPageCsp } from '../../http/html-page.js';

type Language = 'nl' | 'en';

const TEXTS: Record<Language, { title: string; retry: string; reasons: Record<SignInRefusal, string> }> = {
  en: {
    title: 'You are not signed in',
    retry: 'Sign in again',
    reasons: {
      no_second_factor: 'Your sign-in did not use a second factor (such as an authenticator app or a security key). The back office requires one: sign in again with your second factor.',
      no_grant: 'Your account has no access to the back office. Ask an administrator to grant you a role.',
      no_email: 'Your identity provider did not send an e-mail address, which the back office needs to know who you are.',
      email_unverified: 'Your identity provider says your e-mail address is not verified.',
      failed: 'The sign-in could not be completed. Start again from this browser.',
      expired: 'The sign-in took too long or was already used. Start again.',
    },
  },
  nl: {
    title: 'U bent niet aangemeld',
    retry: 'Opnieuw aanmelden',
    reasons: {
      no_second_factor: 'Bij uw aanmelding is geen tweede factor gebruikt (zoals een authenticator-app of een beveiligingssleutel). De back office vereist die: meld u opnieuw aan met uw tweede factor.',
      no_grant: 'Uw account heeft geen toegang tot de back office. Vraag een beheerder u een rol te geven.',
      no_email: 'Uw identiteitsprovider stuurde geen e-mailadres; de back office heeft dat nodig om te weten wie u bent.',
      email_unverified: 'Volgens uw identiteitsprovider is uw e-mailadres niet bevestigd.',
      failed: 'De aanmelding kon niet worden afgerond. Begin opnieuw in deze browser.',
      expired: 'De aanmelding duurde te lang of is al gebruikt. Begin opnieuw.',
    },
  },
};

const STYLE = `
body{margin:0;font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:#1a1a1a;background:#f4f5f7}
main{max-width:32rem;margin:3rem auto;padding:1.5rem;background:#fff;border-radius:8px;box-shadow:0 1px 3px rgba(0,0,0,.15)}
h1{font-size:1.5rem;margin:0 0 1rem}
a{color:#1f3a8a}
:focus-visible{outline:3px solid #f59e0b;outline-offset:2px}
`;

/** Nothing loads, the style by hash, no forms, never framed. */
export const REFUSAL_PAGE_CSP = htmlPageCsp(STYLE);

/** The staff member's language: the first of nl and en their browser asks for, else English. */
export function refusalLanguage(acceptLanguage: string | undefined): Language {
  return (acceptedLanguages(acceptLanguage).find((l): l is Language => l === 'nl' || l === 'en') ?? 'en');
}

const LIMITED_TEXTS: Record<Language, { title: string; wait: (seconds: number | null) => string; retry: string }> = {
  en: {
    title: 'Too many sign-in attempts',
    wait: (seconds) =>
      `Too many sign-in attempts came from your network in the last minute. Wait ${seconds === null ? 'a minute' : seconds === 1 ? '1 second' : `${seconds} seconds`}, then sign in again.`,
    retry: 'Sign in again',
  },
  nl: {
    title: 'Te veel aanmeldpogingen',
    wait: (seconds) =>
      `Van uw netwerk kwamen de afgelopen minuut te veel aanmeldpogingen. Wacht ${seconds === null ? 'een minuut' : seconds === 1 ? '1 seconde' : `${seconds} seconden`} en meld u dan opnieuw aan.`,
    retry: 'Opnieuw aanmelden',
  },
};

/** The one shape of both pages: a title, why (marked for tests by its reason), a link to try again. */
function signInStopPage(language: Language, text: { title: string; why: string; retry: string }, reason: string, retryHref: string): string {
  return htmlPage({
    lang: language,
    title: `${text.title} · Tessera`,
    style: STYLE,
    body: `<main>
<h1>${escapeHtml(text.title)}</h1>
<p data-refusal="${escapeHtml(reason)}">${escapeHtml(text.why)}</p>
<p><a href="${escapeHtml(retryHref)}">${escapeHtml(text.retry)}</a></p>
</main>`,
  });
}

/**
 * The page a sign-in refused by the rate limit ends on (a full-page navigation, so not the API's
 * JSON): how long to wait (the Retry-After seconds, when known), in the staff member's language.
 */
export function limitedPage(language: Language, retryHref: string, retryAfterSeconds: number | null): string {
  const t = LIMITED_TEXTS[language];
  return signInStopPage(language, { title: t.title, why: t.wait(retryAfterSeconds), retry: t.retry }, 'rate_limited', retryHref);
}

/** The page a refused sign-in ends on: why, in the staff member's language, and a link to try again. */
export function refusalPage(refusal: SignInRefusal, language: Language, retryHref: string): string {
  const t = TEXTS[language];
  return signInStopPage(language, { title: t.title, why: t.reasons[refusal], retry: t.retry }, refusal, retryHref);
}
