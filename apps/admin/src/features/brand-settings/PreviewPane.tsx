import { useState } from 'react';
import { flowSegments, type FlowCode } from '@tessera/contracts';
import { adminPreviewUrl } from '@tessera/contracts/admin';
import { useI18n, type TextKey } from '../../lib/i18n';
import { SelectField, type Option } from '../../lib/ui/fields';

/** A choice of the preview that is not part of the form (which flow, which language). */
function PreviewChoice({ label, value, options, onChange }: { label: string; value: string; options: Option[]; onChange: (id: string) => void }) {
  return <SelectField label={label} options={options} selectedKey={value} onSelectionChange={(key) => onChange(String(key))} />;
}

/**
 * The saved draft as cardholders would see it: the portal's page of a flow, rendered by the server
 * with the draft, at a phone's width (390 px). `version` changes after each save or restore, which
 * loads the frame again (the server answers it no-store).
 */
export function PreviewPane({ code, flows, languages, version }: { code: string; flows: readonly FlowCode[]; languages: readonly string[]; version: number }) {
  const { t } = useI18n();
  const [flow, setFlow] = useState<FlowCode>(flows.includes('BALANCE') ? 'BALANCE' : (flows[0] ?? 'BALANCE'));
  const [language, setLanguage] = useState(languages[0] ?? 'nl');
  const shownFlow = flows.includes(flow) ? flow : (flows[0] ?? flow);
  const shownLanguage = languages.includes(language) ? language : (languages[0] ?? language);
  const flowName = t(`brand.flow.${shownFlow}` as TextKey);
  return (
    <section className="panel preview" aria-labelledby="brand-preview-title">
      <h2 id="brand-preview-title" className="panel__title">
        {t('brand.preview.title')}
      </h2>
      <p className="panel__intro">{t('brand.preview.intro')}</p>
      <div className="preview__choices">
        <PreviewChoice label={t('brand.preview.flow')} value={shownFlow} options={flows.map((code) => ({ id: code, label: t(`brand.flow.${code}` as TextKey) }))} onChange={(id) => setFlow(id as FlowCode)} />
        <PreviewChoice
          label={t('brand.preview.language')}
          value={shownLanguage}
          options={languages.map((code) => ({ id: code, label: t('brand.language', { code: code.toUpperCase() }) }))}
          onChange={setLanguage}
        />
      </div>
      <div className="preview__phone">
        <iframe
          // A new frame for each saved draft, flow and language: the page is loaded afresh.
          key={`${version}-${shownFlow}-${shownLanguage}`}
          className="preview__frame"
          // Same origin (the draft's images and stylesheet need the session), no scripts, forms or top navigation.
          sandbox="allow-same-origin"
          title={t('brand.preview.frameTitle', { flow: flowName, language: shownLanguage.toUpperCase() })}
          src={adminPreviewUrl(code, flowSegments[shownFlow], shownLanguage)}
        />
      </div>
    </section>
  );
}
