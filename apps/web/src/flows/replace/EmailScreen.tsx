import { useId, useState, type FormEvent } from 'react';
import { Link, Redirect } from 'wouter';
import { useTranslation } from '../../lib/useTranslation';
import { EMAIL_PATTERN, NO_ASSET, replaceRoutes, SUPPORTED_LANGUAGES } from '@tessera/contracts';
import { errorMessage } from '../../lib/errorMessages';
import { absolute, useNavigate } from '../../lib/router';
import { useDocumentTitle, useRequiredFlowContext } from '../../lib/theme/FlowContext';
import { OverviewTitle } from '../../components/OverviewTitle/OverviewTitle';
import { PageShell } from '../../components/PageShell/PageShell';
import { CardSummary } from '../../components/CardSummary/CardSummary';
import { EmailField } from '../../components/EmailField/EmailField';
import { Button } from '../../components/Button/Button';
import { ErrorSummary, useSubmitRound, type Problem } from '../../components/ErrorSummary/ErrorSummary';
import { SubmitHint } from '../../components/SubmitHint/SubmitHint';
import { useReplaceCard } from './api/replaceCard';
import { replaceSecret, replaceStore, useReplaceState } from './state';
import { replaceErrors, type ReplaceErrorOutcome } from './errors';
import styles from './replace.module.css';

export function isEmailAddress(value: string): boolean {
  return EMAIL_PATTERN.test(value.trim());
}

/** Both entries name the same mailbox: equal after trimming, whatever the capitals. */
export function sameEmailAddress(a: string, b: string): boolean {
  return a.trim().toLowerCase() === b.trim().toLowerCase();
}

type Failure = Exclude<ReplaceErrorOutcome, 'errorPage'> | null;

/**
 * /:slug/replace/email (docs/product/replace.md): the card with its
 * balance and the address typed twice. The first field says so when it is not an e-mail address,
 * the second when it differs from the first; each once the cardholder leaves the field with
 * something in it, or submits, never at the first keystroke; from then on live until fixed.
 * Answers: BALANCE_TOO_LOW → the insufficient-balance message and submit disabled;
 * IDEMPOTENCY_CONFLICT → the card was already replaced with other details (submit stays usable:
 * the address of the first request gets its answer); any other refusal → the replace error on the
 * page; no answer at all → replace/error (the card may or may
 * not have been replaced, and that page says how to find out).
 * Without a card (or its security code, kept in memory only) in state: back to the start.
 */
export function EmailScreen() {
  const { t, i18n } = useTranslation();
  const { slug, theme } = useRequiredFlowContext();
  const state = useReplaceState(slug);
  const securityCode = replaceSecret.get(slug);
  const navigate = useNavigate();
  const replace = useReplaceCard();
  useDocumentTitle(t('replace__email_title'));

  const [email, setEmail] = useState('');
  const [repeat, setRepeat] = useState('');
  const [emailTouched, setEmailTouched] = useState(false);
  const [repeatTouched, setRepeatTouched] = useState(false);
  const [submitted, setSubmitted] = useState(false);
  const [failure, setFailure] = useState<Failure>(null);
  const [round, countRound] = useSubmitRound();
  const hintId = useId();

  if (!state || state.sentTo || !securityCode) return <Redirect to={absolute(replaceRoutes.start.path(slug))} replace />;
  const { card } = state;

  const emailInvalid = !isEmailAddress(email);
  const repeatDiffers = !sameEmailAddress(email, repeat);
  // Left empty, a field waits for the submit to complain: tabbing through is not a mistake.
  const emailError = (submitted || emailTouched) && emailInvalid ? t('replace__email_error_invalid') : undefined;
  const repeatError = (submitted || repeatTouched) && repeatDiffers ? t('replace__email_error_match') : undefined;

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (replace.isPending || failure === 'balanceTooLow') return;
    setSubmitted(true);
    if (emailInvalid || repeatDiffers) {
      countRound();
      return;
    }
    setFailure(null);
    const language = (i18n.language).split('-')[0];
    const culture = SUPPORTED_LANGUAGES.find((lng) => lng === language);
    replace.mutate(
      { themeCode: theme.code, cardNumber: card.code, email, securityCode, balances: card.balances, culture },
      {
        onSuccess: (replacement) => {
          replaceSecret.clear(slug);
          replaceStore(slug).set({ card, sentTo: replacement.email });
          navigate(replaceRoutes.success.path(slug), { replace: true });
        },
        onError: (error) => {
          const outcome = errorMessage(error, replaceErrors);
          if (outcome === 'errorPage') navigate(replaceRoutes.error.path(slug));
          else {
            setFailure(outcome);
            countRound();
          }
        },
      },
    );
  };

  const ids = { email: 'replace-email', repeat: 'replace-email-repeat' };
  const problems: Problem[] = [];
  if (failure === 'balanceTooLow') problems.push({ text: `${t('replace__balance_too_low_title')}: ${t('replace__balance_too_low_text')}` });
  if (failure === 'alreadyReplaced') problems.push({ text: `${t('replace__already_replaced_title')}: ${t('replace__already_replaced_text')}` });
  if (failure === 'failed') problems.push({ text: `${t('generic__error_Title')}: ${t('replace__error_text')}` });
  if (emailInvalid) problems.push({ text: t('replace__email_error_invalid'), target: ids.email });
  if (repeatDiffers) problems.push({ text: t('replace__email_error_match'), target: ids.repeat });

  const balance = card.balances[0]?.quantity ?? { value: 0, assetCode: NO_ASSET };

  return (
    <PageShell hidePoster>
      <OverviewTitle title={t('replace__email_title')} subtitle={t('replace__email_subtitle')} />
      <CardSummary cardNumber={card.code} status="active" balance={balance} />
      <form className={styles.form} onSubmit={onSubmit} noValidate aria-busy={replace.isPending || undefined}>
        <ErrorSummary problems={problems} round={round} />
        <EmailField
          id={ids.email}
          label={t('replace__email_label')}
          value={email}
          onChange={setEmail}
          onBlur={() => setEmailTouched((touched) => touched || !!email.trim())}
          error={emailError}
        />
        <EmailField
          id={ids.repeat}
          name="emailRepeat"
          label={t('replace__email_repeat_label')}
          value={repeat}
          onChange={setRepeat}
          onBlur={() => setRepeatTouched((touched) => touched || !!repeat.trim())}
          error={repeatError}
        />
        <Button
          type="submit"
          loading={replace.isPending}
          disabled={failure === 'balanceTooLow'}
          aria-describedby={failure === 'balanceTooLow' ? hintId : undefined}
        >
          {t('replace__email_submit')}
        </Button>
        <SubmitHint id={hintId} missing={[]} reason={failure === 'balanceTooLow' ? t('replace__balance_too_low_text') : null} />
      </form>
      <p>
        <Link className={styles.link} href={absolute(replaceRoutes.start.path(slug))}>
          {t('replace__other_card')}
        </Link>
      </p>
    </PageShell>
  );
}
