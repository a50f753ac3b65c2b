import { useState } from 'react';
import { useTranslation } from '../../../lib/useTranslation';
import { formatDate, type HolderInformation as Holder } from '@tessera/contracts';
import { Button } from '../../../components/Button/Button';
import { CountrySelect } from './CountrySelect';
import { DateSelector } from './DateSelector';
import { countryName } from './countries';
import styles from '../visa.module.css';

/** The three fields the review may set (contract: UpdateHolderInformation). */
export interface ReviewValues {
  dateOfBirth: string;
  countryOfBirth: string;
  nationality: string;
}

export function reviewValuesOf(holder: Holder): ReviewValues {
  return { dateOfBirth: holder.dateOfBirth ?? '', countryOfBirth: holder.countryOfBirth ?? '', nationality: holder.nationality ?? '' };
}

export function isReviewComplete(values: ReviewValues): boolean {
  return !!(values.dateOfBirth && values.countryOfBirth && values.nationality);
}

/** The ids of the review's fields, for the form's error summary (the date: its day select). */
export const REVIEW_FIELD_IDS = {
  dateOfBirth: 'visa-review-birth-date',
  countryOfBirth: 'visa-review-country-of-birth',
  nationality: 'visa-review-nationality',
} as const;

/** The review's field errors, shown under the fields once the form was submitted. */
export type ReviewErrors = Partial<Record<keyof ReviewValues, string>>;

/** docs/product/visa.md#holder-information holder information view modes. */
export type HolderViewMode = 'readOnly' | 'review' | 'partial' | 'edit';

type HolderInformationProps =
  | { holder: Holder; mode: 'readOnly' }
  | {
      holder: Holder;
      /** The activation review: 'review' when the issuer sent all three fields, else 'partial'. */
      mode: 'review';
      values: ReviewValues;
      onChange: (values: ReviewValues) => void;
      /** The review checkbox is ticked: nothing may change. */
      locked: boolean;
      errors?: ReviewErrors;
    };

/**
 * The holder information block (docs/product/visa.md#holder-information) in its view modes:
 * - read-only (the account overview);
 * - review: everything shown, with an Edit button that switches to edit;
 * - partial: the issuer left birth date, country of birth or nationality empty, so those three
 *   are editable at once (everything else stays read-only);
 * - edit: the same three editable, with a Discard button that restores them and returns to review.
 * Name, address, e-mail and phone are never editable here.
 */
export function HolderInformation(props: HolderInformationProps) {
  const { t, i18n } = useTranslation();
  const language = i18n.language;
  const [editing, setEditing] = useState(false);
  const { holder } = props;

  let mode: HolderViewMode = 'readOnly';
  if (props.mode === 'review') {
    if (!isReviewComplete(reviewValuesOf(holder))) mode = 'partial';
    else mode = editing ? 'edit' : 'review';
  }
  const values = props.mode === 'review' ? props.values : reviewValuesOf(holder);
  const editable = mode === 'partial' || mode === 'edit';
  const locked = props.mode === 'review' && props.locked;
  const errors = (props.mode === 'review' && props.errors) || {};

  const row = (label: string, value: string | null | undefined) => (
    <div className={styles.holderRow}>
      <dt>{label}</dt>
      <dd>{value || t('visa__holder_unknown')}</dd>
    </div>
  );
  const address = holder.address ? `${holder.address.addressLine1}, ${holder.address.postalCode} ${holder.address.city}` : null;

  return (
    <section className={styles.holder} aria-labelledby="visa-holder-title" data-mode={mode}>
      <div className={styles.holderHead}>
        <h2 id="visa-holder-title" className={styles.sectionTitle}>
          {t('visa__holder_title')}
        </h2>
        {props.mode === 'review' && mode === 'review' ? (
          <Button variant="secondary" disabled={locked} onClick={() => setEditing(true)}>
            {t('visa__holder_edit')}
          </Button>
        ) : null}
        {props.mode === 'review' && mode === 'edit' ? (
          <Button
            variant="secondary"
            disabled={locked}
            onClick={() => {
              props.onChange(reviewValuesOf(holder));
              setEditing(false);
            }}
          >
            {t('visa__holder_discard')}
          </Button>
        ) : null}
      </div>
      <dl className={styles.holderList}>
        {row(t('visa__holder_name'), holder.holderName)}
        {row(t('visa__holder_address'), address)}
        {row(t('visa__holder_email'), holder.email)}
        {row(t('visa__holder_phone'), holder.phoneNumber)}
        {!editable ? (
          <>
            {row(t('visa__holder_birth_date'), values.dateOfBirth ? formatDate(values.dateOfBirth, language) : null)}
            {row(t('visa__holder_country_of_birth'), countryName(values.countryOfBirth, language))}
            {row(t('visa__holder_nationality'), countryName(values.nationality, language))}
          </>
        ) : null}
      </dl>
      {editable && props.mode === 'review' ? (
        <div className={styles.holderEdit}>
          {mode === 'partial' ? <p className={styles.muted}>{t('visa__holder_partial_hint')}</p> : null}
          <DateSelector
            legend={t('visa__holder_birth_date')}
            id={REVIEW_FIELD_IDS.dateOfBirth}
            error={errors.dateOfBirth}
            value={values.dateOfBirth}
            disabled={locked}
            onChange={(dateOfBirth) => props.onChange({ ...props.values, dateOfBirth })}
          />
          <CountrySelect
            label={t('visa__holder_country_of_birth')}
            name="countryOfBirth"
            id={REVIEW_FIELD_IDS.countryOfBirth}
            error={errors.countryOfBirth}
            value={values.countryOfBirth}
            disabled={locked}
            onChange={(countryOfBirth) => props.onChange({ ...props.values, countryOfBirth })}
          />
          <CountrySelect
            label={t('visa__holder_nationality')}
            name="nationality"
            id={REVIEW_FIELD_IDS.nationality}
            error={errors.nationality}
            value={values.nationality}
            disabled={locked}
            onChange={(nationality) => props.onChange({ ...props.values, nationality })}
          />
        </div>
      ) : null}
    </section>
  );
}
