import { useQuery } from '@tanstack/react-query';
import { useLocation, useSearch } from 'wouter';
import { brandCodeField, brandsFor } from '@tessera/contracts/admin';
import { brandOptions, brandsQuery } from '../../lib/brandsQuery';
import { useI18n } from '../../lib/i18n';
import { useMe } from '../../lib/session';
import { SelectField, type Option } from '../../lib/ui/fields';
import { Loading } from '../../lib/ui/Loading';
import { PageHeading } from '../../lib/ui/PageHeading';
import { ServerError } from '../../lib/ui/ServerError';
import { BrandEditor } from './BrandEditor';
import './brandSettings.css';
import { draftQuery, textDefaultsQuery } from './brandSettingsApi';

/** The brand of the page: `?brand=` as asked (the server decides whether it is the person's), else their first. */
function useChosenBrand(options: { id: string }[]): string | null {
  const asked = brandCodeField.safeParse(new URLSearchParams(useSearch()).get('brand') ?? undefined).data;
  return asked?.toUpperCase() ?? options[0]?.id ?? null;
}

function BrandPicker({ options, value }: { options: Option[]; value: string }) {
  const { t } = useI18n();
  const [, navigate] = useLocation();
  return (
    <SelectField
      className="field brand-picker"
      label={t('brand.picker')}
      options={options}
      selectedKey={value}
      onSelectionChange={(key) => navigate(`/brand-settings?brand=${encodeURIComponent(String(key))}`)}
    />
  );
}

function Editor({ code }: { code: string }) {
  const draft = useQuery(draftQuery(code));
  const defaults = useQuery(textDefaultsQuery);
  if (draft.isPending || defaults.isPending) return <Loading />;
  if (draft.isError || defaults.isError) return <ServerError error={draft.error ?? defaults.error} />;
  return <BrandEditor key={code} code={code} draft={draft.data} defaults={defaults.data.languages} />;
}

/** A brand's settings, texts, preview and versions; with a choice of brand for a person who has several. */
export default function BrandSettingsPage() {
  const { t } = useI18n();
  const me = useMe();
  const brands = useQuery(brandsQuery);
  const allowed = brandsFor(me.grants, 'brand.manage');
  const options = brandOptions(brands.data?.brands).filter((option) => allowed === 'all' || allowed.includes(option.id.toUpperCase()));
  const code = useChosenBrand(options);
  return (
    <>
      <PageHeading>{t('brand.title')}</PageHeading>
      <p className="intro">{t('brand.intro')}</p>
      {brands.isPending ? (
        <Loading />
      ) : brands.isError ? (
        <ServerError error={brands.error} />
      ) : code === null ? (
        <p>{t('brand.noBrands')}</p>
      ) : (
        <>
          {options.length > 1 && <BrandPicker options={options} value={code} />}
          <Editor code={code} />
        </>
      )}
    </>
  );
}
