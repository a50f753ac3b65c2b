import { useId, useState, type FormEvent } from 'react';
import { Redirect } from 'wouter';
import { useTranslation } from '../../lib/useTranslation';
import { IDIN_BANKS, NO_ASSET, type IdentityIssuer, identifyRoutes } from '@tessera/contracts';
import { absolute } from '../../lib/router';
import { useDocumentTitle, useRequiredFlowContext } from '../../lib/theme/FlowContext';
import { OverviewTitle } from '../../components/OverviewTitle/OverviewTitle';
import { PageShell } from '../../components/PageShell/PageShell';
import { CardSummary } from '../../components/CardSummary/CardSummary';
import { InfoBlock } from '../../components/InfoBlock/InfoBlock';
import { Label } from '../../components/Label/Label';
import { Button } from '../../components/Button/Button';
import { ErrorSummary, useSubmitRound } from '../../components/ErrorSummary/ErrorSummary';
import { SubmitHint, submitOnEnter } from '../../components/SubmitHint/SubmitHint';
import fieldStyles from '../../components/Field/Field.module.css';
import { fallbackIssuers, useIdentityIssuers } from '../../components/Identity/identityApi';
import { useStartIdentification } from '../../components/Identity/useStartIdentification';
import { identifySecret, useIdentifyState } from './state';
import styles from './identify.module.css';

/**
 * /:slug/identify/provider (docs/product/identify.md): the card, the bank (issuer)
 * choice and the iDIN button, enabled once a bank is chosen, then the explainers. The choice is a
 * labelled native <select>: seven banks need no search, and every phone offers its own picker
 * for it. The issuers come from the providers call; when that fails (ignored silently,
 * docs/product/payout.md#bank-identity) the bank list's iDIN banks stand in. The button sends the
 * card number and security code with the session call, which binds the card to the session
 * (docs/decisions/014, 2026-11-26); the stored entry holds the card masked. Without a card (or its
 * number and security code, kept in page memory only): back to the start.
 */
export function ProviderScreen() {
  const { t } = useTranslation();
  const { slug, theme } = useRequiredFlowContext();
  const state = useIdentifyState(slug);
  const secret = identifySecret.get(slug);
  const providers = useIdentityIssuers(theme.code, 'IDENTIFY');
  const identification = useStartIdentification();
  const [issuer, setIssuer] = useState('');
  const selectId = useId();
  const hintId = useId();
  const [round, countRound] = useSubmitRound();
  useDocumentTitle(t('identify__provider_title'));

  if (!state || !secret) return <Redirect to={absolute(identifyRoutes.start.path(slug))} replace />;
  const { card } = state;
  const issuers: readonly IdentityIssuer[] = providers.issuers ?? (providers.failed ? fallbackIssuers() : []);
  const chosen = issuers.find((candidate) => candidate.id === issuer);
  const balance = card.balances[0]?.quantity ?? { value: 0, assetCode: NO_ASSET };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (identification.pending) return;
    if (!chosen) {
      // Enter with the button disabled: the summary says the bank is missing.
      countRound();
      return;
    }
    const bank = IDIN_BANKS.find((candidate) => candidate.bic === chosen.id);
    void identification.start({
      themeCode: theme.code,
      flowType: 'IDENTIFY',
      issuer: chosen.id,
      // Stored for the return: the card masked, nothing secret.
      entry: { url: identifyRoutes.callback.path(slug), card, ...(bank ? { bankCode: bank.code } : {}) },
      // Sent with the session call and bound to the session: never stored.
      card: { cardNumber: secret.cardNumber, securityCode: secret.securityCode },
    });
  };

  return (
    <PageShell hidePoster>
      <OverviewTitle title={t('identify__provider_title')} subtitle={t('identify__provider_subtitle')} />
      <CardSummary cardNumber={card.maskedNumber} status="active" balance={balance} />
      <form className={styles.form} onSubmit={onSubmit} onKeyDown={submitOnEnter} noValidate>
        <ErrorSummary problems={chosen ? [] : [{ text: t('identify__idin_disabled_hint'), target: selectId }]} round={round} />
        <div className={fieldStyles.field}>
          <Label htmlFor={selectId}>{t('identify__bank_label')}</Label>
          <select
            id={selectId}
            name="issuer"
            className={`${fieldStyles.input} ${styles.select}`}
            value={issuer}
            aria-invalid={round && !chosen ? true : undefined}
            aria-busy={providers.issuers === null && !providers.failed ? true : undefined}
            onChange={(event) => setIssuer(event.target.value)}
          >
            <option value="">{t('identify__bank_placeholder')}</option>
            {issuers.map((candidate) => (
              <option key={candidate.id} value={candidate.id}>
                {candidate.name}
              </option>
            ))}
          </select>
        </div>
        <Button
          type="submit"
          loading={identification.pending}
          disabled={!chosen}
          aria-describedby={!chosen ? hintId : undefined}
        >
          {t('identify__idin_button')}
        </Button>
        <SubmitHint id={hintId} missing={[]} reason={chosen ? null : t('identify__idin_disabled_hint')} />
      </form>
      <InfoBlock title={t('identify__idin_info_title')}>
        <p>{t('identify__idin_info_text')}</p>
      </InfoBlock>
      <InfoBlock title={t('identify__privacy_title')}>
        <p>{t('identify__privacy_text')}</p>
      </InfoBlock>
    </PageShell>
  );
}
