import { useState } from 'react';
import { Button, Input, Label, TextField } from 'react-aria-components';
import { useI18n } from '../../lib/i18n';

/**
 * A key or signing secret, shown this once in the dialog that made it: the server keeps only its
 * hash or keeps it sealed and never answers it again. What was done, then the value read-only in a
 * field (select it to copy by hand), a copy button whose outcome is announced, and the one way on.
 */
export function ShownOnce({ done, label, value, warning, close }: { done: string; label: string; value: string; warning: string; close: () => void }) {
  const { t } = useI18n();
  const [copied, setCopied] = useState<'yes' | 'no' | null>(null);
  return (
    <div className="form shown-once">
      <p role="status">{done}</p>
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
      <div className="dialog__buttons">
        <Button className="button button--primary" onPress={close}>
          {t('integrations.done')}
        </Button>
      </div>
    </div>
  );
}
