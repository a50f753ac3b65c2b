import { useId, useMemo, useState, type FormEvent } from 'react';
import { Redirect } from 'wouter';
import { useTranslation } from '../../lib/useTranslation';
import { type IdentityIssuer, payoutRoutes } from '@tessera/contracts';
import { absolute } from '../../lib/router';
import { useDocumentTitle, useRequiredFlowContext } from '../../lib/theme/FlowContext';
import { OverviewTitle } from '../../components/OverviewTitle/OverviewTitle';
import { PageShell } from '../../components/PageShell/PageShell';
import { CardSummary } from '../../components/CardSummary/CardSummary';
import { Button } from '../../components/Button/Button';
import { ErrorSummary, useSubmitRound } from '../../components/ErrorSummary/ErrorSummary';
import { SubmitHint, listOf, submitOnEnter } from '../../components/SubmitHint/SubmitHint';
import { IbanField, type IbanMessage } from '../../components/IbanField/IbanField';
import { checkIban, isLiveStatus, type IbanStatus } from '../../components/IbanField/ibanCheck';
import { fallbackIssuers, useIdentityIssuers } from '../../components/Identity/identityApi';
import { useStartIdentification } from '../../components/Identity/useStartIdentification';
import { PayoutBreakdown } from './PayoutBreakdown';
import { payoutStartRoute } from './routing';
import { payoutSecret, usePayoutState } from './state';
import styles from './payout.module.css';

/**
 * The bank the payout must go to, fixed before the IBAN is typed (docs/product/payout.md#iban: "if
 * a required bank code differs, a wrong-bank warning with the expected bank name appears").
 *
 * Decision: in this portal nothing fixes the bank in advance. The iDIN issuer the cardholder
 * identifies with is derived FROM the IBAN (its bank's BIC), and the server refuses a payout whose
 * IBAN is of another bank than the identified one (IBAN_BANK_MISMATCH), so identity and account
 * always belong to the same bank by construction. "Required" would mean: a bank chosen before the
 * IBAN (an issuer picked first, or a brand that pays out only to its own bank); neither exists, so
 * the amount screen passes none. The IBAN check and the field support it (ibanCheck.ts
 * `requiredBankCode`, tested), so such a rule is one argument away.
 */
const REQUIRED_BANK_CODE: string | null = null;

/**
 * /:slug/payout/amount (docs/product/payout.md): the card, its balance, the
 * administrative costs (hint tooltip; minus sign above 0) and the payout, the IBAN with the bank
 * availability check against the providers' issuers, and the iDIN button: enabled only when the
 * IBAN is validated and the payout is not negative. The button stores the flow state (the card
 * masked) under a new state id, creates the identity session for the IBAN's bank with the card
 * number, security code and IBAN (bound to the session by the server, docs/decisions/014
 * 2026-11-26), and sends the browser to the bank. Without a card in state, or without its number
 * and security code (kept in page memory only, so gone after a reload or the trip to the bank):
 * back to the start; a card without a payout goes to the screen its payoutBalance says.
 */
export function AmountScreen() {
  const { t, i18n } = useTranslation();
  const { slug, theme } = useRequiredFlowContext();
  const state = usePayoutState(slug);
  const secret = payoutSecret.get(slug);
  const providers = useIdentityIssuers(theme.code, 'PAYOUT');
  const identification = useStartIdentification();
  const [iban, setIban] = useState(() => secret?.bankAccountNumber ?? '');
  const [touched, setTouched] = useState(() => !!secret?.bankAccountNumber);
  const [round, countRound] = useSubmitRound();
  const hintId = useId();
  const ibanId = useId();
  useDocumentTitle(t('payout__amount_title'));

  const availability = useMemo(
    () => (providers.issuers ? new Set(providers.issuers.map((issuer) => issuer.id)) : providers.failed ? ('idin-flag' as const) : null),
    [providers.issuers, providers.failed],
  );
  const issuerList: readonly IdentityIssuer[] = providers.issuers ?? (providers.failed ? fallbackIssuers() : []);

  if (!state || !secret) return <Redirect to={absolute(payoutRoutes.start.path(slug))} replace />;
  const route = payoutStartRoute(state.card);
  if (route === 'noBalance') return <Redirect to={absolute(payoutRoutes.noBalance.path(slug))} replace />;
  if (route === 'insufficientBalance') return <Redirect to={absolute(payoutRoutes.insufficientBalance.path(slug))} replace />;
  const balance = state.card.payoutBalance!;

  const status = checkIban(iban, { issuers: availability, requiredBankCode: REQUIRED_BANK_CODE });
  const bankName = (bic: string, fallback: string) => issuerList.find((issuer) => issuer.id === bic)?.name ?? fallback;
  const language = i18n.language ?? 'nl';

  const messageOf = (current: IbanStatus): IbanMessage | null => {
    switch (current.kind) {
      case 'notDutch':
        return { tone: 'error', text: t('payout__iban_error_not_dutch') };
      case 'format':
        return { tone: 'error', text: t('payout__iban_error_format') };
      case 'incomplete':
        return { tone: 'error', text: t('payout__iban_error_incomplete') };
      case 'bankCodeIncorrect':
        return { tone: 'error', text: t('payout__iban_error_bank_code') };
      case 'checksum':
        return { tone: 'error', text: t('payout__iban_error_checksum') };
      case 'wrongBank':
        return {
          tone: 'warning',
          text: t('payout__iban_warning_wrong_bank', {
            bank: bankName(current.bank.bic, current.bank.name),
            expected: bankName(current.expected.bic, current.expected.name),
          }),
        };
      case 'bankUnavailable':
        return {
          tone: 'warning',
          text: t('payout__iban_warning_bank_unavailable', {
            bank: bankName(current.bank.bic, current.bank.name),
            banks: listOf(
              issuerList.map((issuer) => issuer.name),
              language,
            ),
          }),
        };
      default:
        return null;
    }
  };
  const message = isLiveStatus(status) || touched ? messageOf(status) : null;
  const recognised = 'bank' in status && status.kind !== 'bankUnavailable' && status.kind !== 'wrongBank' ? status.bank : null;

  const validated = status.kind === 'valid';
  const ibanMessage = messageOf(status);
  const ibanProblem = !iban ? t('payout__iban_error_required') : ibanMessage && String(ibanMessage.text);
  const canIdentify = validated && balance.payout >= 0;

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (identification.pending) return;
    if (!canIdentify || status.kind !== 'valid') {
      // Enter with the button disabled: the summary says what is wrong or missing.
      setTouched(true);
      countRound();
      return;
    }
    payoutSecret.set(slug, { ...secret, bankAccountNumber: status.iban });
    void identification.start({
      themeCode: theme.code,
      flowType: 'PAYOUT',
      issuer: status.bank.bic,
      // Stored for the return: the card masked, nothing secret.
      entry: { url: payoutRoutes.callback.path(slug), card: state.card, bankCode: status.bank.code },
      // Sent with the session call and bound to the session: never stored.
      card: { cardNumber: secret.cardNumber, securityCode: secret.securityCode, bankAccountNumber: status.iban },
    });
  };

  return (
    <PageShell hidePoster>
      <OverviewTitle title={t('payout__amount_title')} subtitle={t('payout__amount_subtitle')} />
      <CardSummary cardNumber={state.card.maskedNumber} status="active" />
      <PayoutBreakdown balance={balance} />
      <form className={styles.form} onSubmit={onSubmit} onKeyDown={submitOnEnter} noValidate>
        <ErrorSummary
          // No IBAN problem but still no go (still checking the bank, or a negative payout): the
          // button's own reason, about no field.
          problems={ibanProblem ? [{ text: ibanProblem, target: ibanId }] : canIdentify ? [] : [{ text: t('payout__idin_disabled_hint') }]}
          round={round}
        />
        <IbanField
          id={ibanId}
          label={t('payout__iban_label')}
          help={t('payout__iban_help')}
          value={iban}
          onChange={(value) => {
            setIban(value);
            if (!value) setTouched(false);
          }}
          onBlur={() => setTouched(!!iban)}
          bank={recognised ? t('payout__iban_bank', { bank: bankName(recognised.bic, recognised.name) }) : null}
          message={message ?? (round && !iban ? { tone: 'error', text: t('payout__iban_error_required') } : null)}
        />
        <p>{t('payout__idin_text')}</p>
        <Button
          type="submit"
          className={styles.idin}
          loading={identification.pending}
          disabled={!canIdentify}
          aria-describedby={!canIdentify ? hintId : undefined}
        >
          {t('payout__idin_button')}
        </Button>
        <SubmitHint id={hintId} missing={[]} reason={canIdentify ? null : t('payout__idin_disabled_hint')} />
      </form>
    </PageShell>
  );
}
