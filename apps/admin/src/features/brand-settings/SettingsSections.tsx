import type { ReactNode } from 'react';
import { useController, useWatch, type Control } from 'react-hook-form';
import { Checkbox } from 'react-aria-components';
import { FLOW_CODES } from '@tessera/contracts';
import { useI18n, type TextKey } from '../../lib/i18n';
import { BrandCheckbox, BrandCheckboxGroup, BrandLinesField, BrandNumberField, BrandSelect, BrandTextField } from './BrandFields';
import type { BrandForm } from './brandForm';
import { CssField } from './CssField';
import { EMAIL_IMAGE_TYPES, IMAGE_TYPES, ImageField } from './ImageField';

const BACKGROUNDS = ['plain', 'light', 'dark', 'pattern'] as const;
const INFORMATION_TYPES = [0, 1, 2, 3, 4] as const;

function Section({ id, title, intro, children }: { id: string; title: string; intro?: string; children: ReactNode }) {
  return (
    <section className="panel brand-section" aria-labelledby={id}>
      <h2 id={id} className="panel__title">
        {title}
      </h2>
      {intro && <p className="panel__intro">{intro}</p>}
      <div className="brand-section__fields">{children}</div>
    </section>
  );
}

/** The terms links: none, or both (the VISA flow's code step links them). */
function TermsFields({ control }: { control: Control<BrandForm> }) {
  const { t } = useI18n();
  const { field } = useController({ control, name: 'termsUrls' });
  const on = field.value !== null && field.value !== undefined;
  return (
    <>
      <Checkbox className="checkbox" isSelected={on} onChange={(next) => field.onChange(next ? { terms: '', privacy: '' } : null)}>
        <span className="checkbox__box checkbox__box--accent" aria-hidden="true" />
        {t('brand.field.hasTerms')}
      </Checkbox>
      {on && (
        <>
          <BrandTextField control={control} name="termsUrls.terms" label={t('brand.field.terms')} type="url" description={t('brand.field.url.hint')} invalidText={t('brand.field.url.invalid')} />
          <BrandTextField control={control} name="termsUrls.privacy" label={t('brand.field.privacy')} type="url" description={t('brand.field.url.hint')} invalidText={t('brand.field.url.invalid')} />
        </>
      )}
    </>
  );
}

/** A flow: offered or not, and in which languages. */
function FlowFields({ control, index, languages }: { control: Control<BrandForm>; index: number; languages: readonly string[] }) {
  const { t } = useI18n();
  const code = FLOW_CODES[index]!;
  const available = useWatch({ control, name: `pageAvailability.${index}.isAvailable` });
  const flow = t(`brand.flow.${code}` as TextKey);
  return (
    <div className="flow-fields">
      <BrandCheckbox control={control} name={`pageAvailability.${index}.isAvailable`} label={t('brand.flow.offered', { flow })} />
      {available && (
        <BrandCheckboxGroup
          control={control}
          name={`pageAvailability.${index}.availableLanguages`}
          label={t('brand.flow.languages', { flow })}
          options={languages.map((language) => ({ id: language, label: t('brand.language', { code: language.toUpperCase() }) }))}
        />
      )}
    </div>
  );
}

/** Every setting of the brand file but its texts, in sections. */
export function SettingsSections({ control, assetCode, languages }: { control: Control<BrandForm>; assetCode: string; languages: readonly string[] }) {
  const { t } = useI18n();
  return (
    <>
      <Section id="brand-section-general" title={t('brand.section.general')}>
        <BrandTextField control={control} name="name" label={t('brand.field.name')} description={t('brand.field.name.hint')} invalidText={t('brand.field.name.invalid')} />
      </Section>
      <Section id="brand-section-look" title={t('brand.section.look')}>
        <BrandSelect
          control={control}
          name="styling.backgroundVariant"
          label={t('brand.field.backgroundVariant')}
          options={BACKGROUNDS.map((id) => ({ id, label: t(`brand.background.${id}` as TextKey) }))}
        />
        <BrandSelect
          control={control}
          name="styling.informationType"
          label={t('brand.field.informationType')}
          description={t('brand.field.informationType.hint')}
          options={INFORMATION_TYPES.map((id) => ({ id: String(id), label: t(`brand.informationType.${id}` as TextKey) }))}
          toValue={Number}
        />
        <BrandCheckbox control={control} name="styling.useGradient" label={t('brand.field.useGradient')} />
        <BrandCheckbox control={control} name="styling.addSwoosh" label={t('brand.field.addSwoosh')} />
      </Section>
      <Section id="brand-section-images" title={t('brand.section.images')} intro={t('brand.section.images.intro')}>
        <ImageField control={control} name="styling.logo" label={t('brand.field.logo')} types={IMAGE_TYPES} />
        <ImageField control={control} name="styling.headerImage" label={t('brand.field.headerImage')} types={IMAGE_TYPES} />
        <ImageField control={control} name="styling.posterImage" label={t('brand.field.posterImage')} types={IMAGE_TYPES} />
        <ImageField control={control} name="styling.emailLogo" label={t('brand.field.emailLogo')} types={EMAIL_IMAGE_TYPES} />
      </Section>
      <Section id="brand-section-flows" title={t('brand.section.flows')} intro={t('brand.section.flows.intro')}>
        {FLOW_CODES.map((code, index) => (
          <FlowFields key={code} control={control} index={index} languages={languages} />
        ))}
        <BrandCheckboxGroup
          control={control}
          name="scanningFlows"
          label={t('brand.field.scanning')}
          description={t('brand.field.scanning.hint')}
          options={FLOW_CODES.map((code) => ({ id: code, label: t(`brand.flow.${code}` as TextKey) }))}
        />
      </Section>
      <Section id="brand-section-money" title={t('brand.section.money')}>
        <BrandNumberField control={control} name="payoutFee" label={t('brand.field.payoutFee')} currency={assetCode} invalidText={t('brand.field.amount.invalid')} />
        <BrandNumberField control={control} name="replacementMinimum" label={t('brand.field.replacementMinimum')} currency={assetCode} invalidText={t('brand.field.amount.invalid')} />
      </Section>
      <Section id="brand-section-review" title={t('brand.section.review')} intro={t('brand.section.review.intro')}>
        <BrandNumberField control={control} name="payoutReview.ibanOtherCards" label={t('brand.field.ibanOtherCards')} description={t('brand.field.offWhenEmpty')} minValue={1} maxValue={1000} />
        <BrandNumberField control={control} name="payoutReview.ibanWindowDays" label={t('brand.field.ibanWindowDays')} minValue={1} maxValue={366} />
        <BrandNumberField control={control} name="payoutReview.identityMonthlyLimit" label={t('brand.field.identityMonthlyLimit')} description={t('brand.field.offWhenEmpty')} currency="EUR" />
        <BrandNumberField control={control} name="payoutReview.guessingWindowHours" label={t('brand.field.guessingWindowHours')} description={t('brand.field.offWhenEmpty')} minValue={1} maxValue={720} />
        <BrandCheckbox control={control} name="payoutReview.blockList" label={t('brand.field.blockList')} />
      </Section>
      <Section id="brand-section-links" title={t('brand.section.links')}>
        <TermsFields control={control} />
        <BrandLinesField control={control} name="embedOrigins" label={t('brand.field.embedOrigins')} description={t('brand.field.embedOrigins.hint')} />
      </Section>
      <Section id="brand-section-css" title={t('brand.section.css')}>
        <CssField control={control} />
      </Section>
    </>
  );
}
