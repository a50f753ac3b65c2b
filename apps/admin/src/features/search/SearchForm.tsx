import { useEffect, useState } from 'react';
import { useForm, type FieldValues } from 'react-hook-form';
import { useQuery } from '@tanstack/react-query';
import { Button, Label, Radio, RadioGroup } from 'react-aria-components';
import { cardSearchRequestSchema, type CardSearchRequest } from '@tessera/contracts/admin';
import { contractResolver } from '../../lib/contractResolver';
import { useI18n, type TextKey } from '../../lib/i18n';
import { FormSelect, FormTextField } from '../../lib/ui/fields';
import { brandOptions, brandsQuery } from '../../lib/brandsQuery';

/** The four ways of finding a card, in the order of the contract's union (each its own strict schema). */
const WAYS = ['number', 'last', 'phone', 'email'] as const;
type Way = (typeof WAYS)[number];
const WAY_LABELS: Record<Way, TextKey> = {
  number: 'search.way.number',
  last: 'search.way.last',
  phone: 'search.way.phone',
  email: 'search.way.email',
};
const schemaOf = (way: Way) => cardSearchRequestSchema.options[WAYS.indexOf(way)]!;
const EMPTY: Record<Way, FieldValues> = { number: { number: '' }, last: { brand: '', last: '' }, phone: { phone: '' }, email: { email: '' } };

interface Props {
  onSearch: (request: CardSearchRequest) => void;
  busy: boolean;
}

function WayForm({ way, onSearch, busy }: Props & { way: Way }) {
  const { t } = useI18n();
  const brands = useQuery({ ...brandsQuery, enabled: way === 'last' });
  const { control, handleSubmit, getValues, setValue } = useForm<FieldValues>({
    defaultValues: EMPTY[way],
    // The contract's own schema of this way: what the server accepts is what the form accepts.
    resolver: contractResolver(schemaOf(way)),
  });
  // Staff of one brand have nothing to choose: their brand is chosen for them.
  const only = brands.data?.brands.length === 1 ? brands.data.brands[0]!.code : null;
  useEffect(() => {
    if (way === 'last' && only !== null && getValues('brand') === '') setValue('brand', only);
  }, [way, only, getValues, setValue]);
  return (
    <form className="form form--inline" noValidate onSubmit={handleSubmit((values) => onSearch(values as CardSearchRequest))}>
      {way === 'number' && (
        <FormTextField control={control} name="number" label={t('search.number')} invalidText={t('search.number.invalid')} inputMode="numeric" autoComplete="off" />
      )}
      {way === 'last' && (
        <>
          <FormSelect
            control={control}
            name="brand"
            label={t('search.brand')}
            invalidText={t('search.brand.invalid')}
            options={brandOptions(brands.data?.brands)}
          />
          <FormTextField control={control} name="last" label={t('search.last')} invalidText={t('search.last.invalid')} inputMode="numeric" autoComplete="off" maxLength={4} />
        </>
      )}
      {way === 'phone' && <FormTextField control={control} name="phone" type="tel" label={t('search.phone')} invalidText={t('search.phone.invalid')} autoComplete="off" />}
      {way === 'email' && <FormTextField control={control} name="email" type="email" label={t('search.email')} invalidText={t('search.email.invalid')} autoComplete="off" />}
      <Button type="submit" className="button button--primary" isPending={busy}>
        {t('search.submit')}
      </Button>
    </form>
  );
}

/** Chooses one of the four ways, then the fields of that way. A change of way starts with empty fields. */
export function SearchForm(props: Props) {
  const { t } = useI18n();
  const [way, setWay] = useState<Way>('number');
  return (
    <section className="panel" aria-labelledby="search-form-title">
      <h2 id="search-form-title" className="panel__title">
        {t('search.formTitle')}
      </h2>
      <RadioGroup className="ways" value={way} onChange={(value) => setWay(value as Way)} orientation="horizontal">
        <Label className="field__label">{t('search.way')}</Label>
        <div className="ways__options">
          {WAYS.map((option) => (
            <Radio key={option} value={option} className="ways__option">
              {t(WAY_LABELS[option])}
            </Radio>
          ))}
        </div>
      </RadioGroup>
      <WayForm key={way} way={way} {...props} />
    </section>
  );
}
