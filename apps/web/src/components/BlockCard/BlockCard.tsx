import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from '../../lib/useTranslation';
import { useMutation } from '@tanstack/react-query';
import type { BlockCardResult } from '@tessera/contracts';
import { errorMessage } from '../../lib/errorMessages';
import { Alert } from '../Alert/Alert';
import { Button } from '../Button/Button';
import { PinCodeField } from '../PinCodeField/PinCodeField';
import { blockCard, type BlockCardFlow } from './blockCardApi';
import { blockCardErrors } from './errors';
import styles from './BlockCard.module.css';

interface BlockCardProps {
  flow: BlockCardFlow;
  themeCode: string;
  cardNumber: string;
  /**
   * The secret the screen holds (the VISA account keeps the passcode it logged in with, in memory).
   * Without one (BALANCE keeps no security code) the confirmation asks for the security code.
   */
  secret?: string;
  onBlocked: (result: BlockCardResult) => void;
  headingLevel?: 2 | 3;
}

/**
 * "Block this card", so the holder of a lost card can stop it before someone else spends it:
 * a button, then a confirmation step that says what blocking does and, on BALANCE, asks for the
 * security code again; only its confirm button calls POST /api/cards/block. Focus moves to the
 * confirmation's heading when it opens and back to the button when it is cancelled; a refusal is
 * announced and takes focus. The caller shows the result (BlockedResult).
 */
export function BlockCard({ flow, themeCode, cardNumber, secret, onBlocked, headingLevel = 2 }: BlockCardProps) {
  const { t } = useTranslation();
  const ids = { title: useId(), confirmTitle: useId(), code: useId(), error: useId() };
  const [confirming, setConfirming] = useState(false);
  const [code, setCode] = useState('');
  const [missingCode, setMissingCode] = useState(false);
  const openButton = useRef<HTMLButtonElement>(null);
  const confirmHeading = useRef<HTMLHeadingElement>(null);
  const focusNext = useRef<'open' | 'confirm' | null>(null);
  const block = useMutation({ mutationFn: blockCard, onSuccess: onBlocked });

  useEffect(() => {
    const target = focusNext.current === 'open' ? openButton.current : focusNext.current === 'confirm' ? confirmHeading.current : null;
    if (!target) return;
    focusNext.current = null;
    target.focus();
  });

  const open = () => {
    block.reset();
    setCode('');
    setMissingCode(false);
    setConfirming(true);
    focusNext.current = 'confirm';
  };
  const cancel = () => {
    setConfirming(false);
    focusNext.current = 'open';
  };
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (block.isPending) return;
    const securityCode = secret ?? code;
    if (!securityCode) {
      setMissingCode(true);
      return;
    }
    block.mutate({ flow, themeCode, cardNumber, securityCode });
  };

  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  const SubHeading = headingLevel === 2 ? 'h3' : 'h4';
  const refusal = block.isError ? t(errorMessage(block.error, blockCardErrors[flow])) : null;
  return (
    <section className={styles.block} aria-labelledby={ids.title}>
      <Heading id={ids.title} className={styles.title}>
        {t('card__block_title')}
      </Heading>
      <p className={styles.text}>{t('card__block_text')}</p>
      {confirming ? (
        <form className={styles.confirm} aria-labelledby={ids.confirmTitle} onSubmit={onSubmit} noValidate>
          <SubHeading id={ids.confirmTitle} ref={confirmHeading} tabIndex={-1} className={styles.confirmTitle}>
            {t('card__block_confirm_title')}
          </SubHeading>
          <p>{t('card__block_confirm_text')}</p>
          {secret === undefined ? (
            <PinCodeField
              id={ids.code}
              label={t('card__pin_label')}
              help={t('card__block_code_help')}
              value={code}
              onChange={(value) => {
                setCode(value);
                setMissingCode(false);
              }}
              error={missingCode ? t('card__pin_error_required') : undefined}
              refusedBy={refusal ? ids.error : undefined}
              name="securityCode"
            />
          ) : null}
          {refusal ? (
            <Alert tone="danger" id={ids.error} takeFocus>
              <p>{refusal}</p>
            </Alert>
          ) : null}
          <div className={styles.actions}>
            <Button type="submit" className={styles.danger} loading={block.isPending}>
              {t('card__block_confirm')}
            </Button>
            <Button variant="secondary" onClick={cancel} disabled={block.isPending}>
              {t('card__block_cancel')}
            </Button>
          </div>
        </form>
      ) : (
        <Button ref={openButton} variant="secondary" onClick={open}>
          {t('card__block_button')}
        </Button>
      )}
    </section>
  );
}
