import { ToggleButton, ToggleButtonGroup } from 'react-aria-components';
import { LANGUAGES, useI18n, type Language } from '../lib/i18n';

/** Each language named in itself, as a person who does not read the other one looks for it. */
const NAMES: Record<Language, string> = { nl: 'Nederlands', en: 'English' };

export function LanguageSwitch() {
  const { language, setLanguage, t } = useI18n();
  return (
    <ToggleButtonGroup
      className="language-switch"
      aria-label={t('header.language')}
      selectionMode="single"
      disallowEmptySelection
      selectedKeys={[language]}
      onSelectionChange={(keys) => {
        const [next] = [...keys] as Language[];
        if (next) setLanguage(next);
      }}
    >
      {LANGUAGES.map((code) => (
        <ToggleButton key={code} id={code} className="language-switch__option" lang={code}>
          <abbr title={NAMES[code]} aria-hidden="true">{code.toUpperCase()}</abbr>
          <span className="visually-hidden">{NAMES[code]}</span>
        </ToggleButton>
      ))}
    </ToggleButtonGroup>
  );
}
