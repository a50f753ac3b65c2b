import { useState } from 'react';
import { Button, Input, Label, TextField } from 'react-aria-components';
import { useI18n } from '../../lib/i18n';

/**
 * A key or signing secret, shown this once: the server keeps only its hash or keeps it sealed and
 * never answers it again. Read-only in a field (select it to copy by hand), with a copy button
 * whose outcome is announced.
 */
export function ShownOnce({ label, value, warning }: { label: string; value: string; warning: string }) {
  const { t } = useI18n();
  const [copied, setCopied] = useState<'yes' | 'no' | null>(null);
  return (
    <div className="shown-once">
      <p className="caution">{warning}</p>
      <TextField className="field" value={value} isReadOnly>
        <Label className="field__label">{label}</Label>
        <Input className="field__input mono shown-once__value" onFocus={(event) => event.currentTarget.select()} />
      </TextField>
      <div className="row-actions">
        <Button
          className="button button--secondary"
          onPress={() => {
            navigator.clipboard.writeText(value).then(
              () => setCopied('yes'),
              () => setCopied('no'),
            );
          }}
        >
          {t('integrations.copy')}
        </Button>
        <span role="status" className="shown-once__status">
          {copied === 'yes' ? t('integrations.copied') : copied === 'no' ? t('integrations.copyFailed') : ''}
        </span>
      </div>
    </div>
  );
}
