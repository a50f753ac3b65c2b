import { useQuery } from '@tanstack/react-query';
import { useForm, type FieldValues } from 'react-hook-form';
import { brandsFor } from '@tessera/contracts/admin';
import { brandOptions, brandsQuery } from '../../lib/brandsQuery';
import { useI18n } from '../../lib/i18n';
import { useMe } from '../../lib/session';
import { FormSelect, type Option } from '../../lib/ui/fields';
import { Loading } from '../../lib/ui/Loading';
import { PageHeading } from '../../lib/ui/PageHeading';
import { ServerError } from '../../lib/ui/ServerError';
import { ApiKeysSection } from './ApiKeysSection';
import { WebhooksSection } from './WebhooksSection';

/** A brand's API keys and webhook endpoints; a person who manages several brands picks one first. */
export default function IntegrationsPage() {
  const { t } = useI18n();
  const me = useMe();
  const brands = useQuery(brandsQuery);
  const managed = brandsFor(me.grants, 'brand.manage');
  const options = brandOptions(brands.data?.brands.filter((b) => managed === 'all' || managed.includes(b.code.toUpperCase())));
  return (
    <>
      <PageHeading>{t('integrations.title')}</PageHeading>
      <p className="intro">{t('integrations.intro')}</p>
      {brands.isPending ? <Loading /> : brands.data ? <OfBrand brands={options} /> : <ServerError error={brands.error} />}
    </>
  );
}

function OfBrand({ brands }: { brands: Option[] }) {
  const { t } = useI18n();
  const { control, watch } = useForm<FieldValues>({ defaultValues: { brand: brands[0]?.id ?? '' } });
  const code = watch('brand') as string;
  if (brands.length === 0) return <p>{t('integrations.noBrands')}</p>;
  return (
    <>
      {brands.length > 1 && (
        <form className="form form--inline panel" aria-label={t('integrations.brandChoice')} onSubmit={(event) => event.preventDefault()}>
          <FormSelect control={control} name="brand" label={t('integrations.brand')} invalidText={t('integrations.brand')} options={brands} />
        </form>
      )}
      {brands.length === 1 && <p className="integrations__brand">{t('integrations.ofBrand', { brand: brands[0]!.label })}</p>}
      <ApiKeysSection key={`keys-${code}`} code={code} />
      <WebhooksSection key={`hooks-${code}`} code={code} />
    </>
  );
}
