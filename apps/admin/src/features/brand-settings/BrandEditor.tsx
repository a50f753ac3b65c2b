import { useEffect, useMemo, useRef, useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { get, useForm, useWatch, type FieldErrors } from 'react-hook-form';
import { Button, TabPanel, Tabs } from 'react-aria-components';
import { FLOW_CODES } from '@tessera/contracts';
import { adminBrandFileSchema, invalidBrandErrorSchema, type BrandDraft, type BrandProblem } from '@tessera/contracts/admin';
import { contractResolver } from '../../lib/contractResolver';
import { ApiError } from '../../lib/http';
import { useI18n } from '../../lib/i18n';
import { useNotify } from '../../lib/toast';
import { ConfirmDialog } from '../../lib/ui/ConfirmDialog';
import { ServerError } from '../../lib/ui/ServerError';
import { TabBar } from '../../lib/ui/TabBar';
import { placeOf, SETTINGS_FIELDS, textProblemsOf, toBrandFile, toFormValues, type BrandForm, type EditorTab } from './brandForm';
import { brandSettingsKey, saveDraft } from './brandSettingsApi';
import { ProblemSummary, type SummaryItem } from './ProblemSummary';
import { PreviewPane } from './PreviewPane';
import { PublishForm } from './PublishForm';
import { SettingsSections } from './SettingsSections';
import { TextsEditor, type TextTarget } from './TextsEditor';
import { VersionsPanel } from './VersionsPanel';

/** The first message anywhere inside a field's errors (an array field holds one per entry). */
function firstMessage(error: unknown): string | undefined {
  if (!error || typeof error !== 'object') return undefined;
  const message = (error as { message?: unknown }).message;
  if (typeof message === 'string' && message !== '') return message;
  for (const value of Object.values(error)) {
    if (value && typeof value === 'object' && value !== (error as { ref?: unknown }).ref) {
      const found = firstMessage(value);
      if (found) return found;
    }
  }
  return undefined;
}

/** A field has problems of its own to list when no field inside it is listed (`termsUrls` holds `termsUrls.terms`). */
const hasInner = (name: string) => SETTINGS_FIELDS.some((field) => field.name.startsWith(`${name}.`));

/**
 * One brand's editor: the settings and the texts are one form over the brand file (checked by the
 * contract's schema in the browser, then by the server's brand file checks), saved as the draft;
 * the preview shows the saved draft; publish shows the diff and makes the draft the brand; the
 * versions can be restored as the draft.
 */
export function BrandEditor({ code, draft, defaults }: { code: string; draft: BrandDraft; defaults: Record<string, Record<string, string>> }) {
  const { t, formatDateTime } = useI18n();
  const notify = useNotify();
  const queryClient = useQueryClient();
  const form = useForm<BrandForm>({ defaultValues: toFormValues(draft.file), resolver: contractResolver(adminBrandFileSchema) as never });
  const { control, handleSubmit, reset, setError, setFocus, formState } = form;
  const [tab, setTab] = useState<EditorTab>('settings');
  const [problems, setProblems] = useState<BrandProblem[]>([]);
  const [warnings, setWarnings] = useState<BrandProblem[]>([]);
  const [previewVersion, setPreviewVersion] = useState(0);
  const [textTarget, setTextTarget] = useState<TextTarget | null>(null);
  const [focusField, setFocusField] = useState<string | null>(null);
  const [summaryWanted, setSummaryWanted] = useState(0);
  const summaryRef = useRef<HTMLDivElement>(null);

  // A new draft from the server (saved, restored): the form starts from it.
  useEffect(() => {
    reset(toFormValues(draft.file));
  }, [draft, reset]);

  // A field asked for by the summary, once its tab shows it.
  useEffect(() => {
    if (focusField && tab === 'settings') {
      setFocus(focusField as never);
      setFocusField(null);
    }
  }, [focusField, tab, setFocus]);
  useEffect(() => {
    if (summaryWanted > 0) summaryRef.current?.focus();
  }, [summaryWanted]);

  const save = useMutation({
    mutationFn: (values: BrandForm) => saveDraft(code, toBrandFile(values, draft.file, defaults)),
    onSuccess: (saved) => {
      const { warnings: contrast, ...stored } = saved;
      setProblems([]);
      setWarnings(contrast);
      queryClient.setQueryData([...brandSettingsKey(code), 'draft'], stored);
      void queryClient.invalidateQueries({ queryKey: [...brandSettingsKey(code), 'diff'] });
      setPreviewVersion((n) => n + 1);
      notify(t('brand.save.done'));
    },
    onError: (error) => {
      const refused = error instanceof ApiError ? invalidBrandErrorSchema.safeParse(error.body) : null;
      if (!refused?.success) return;
      setProblems(refused.data.problems);
      for (const problem of refused.data.problems) {
        const place = placeOf(problem.path);
        if (place.kind === 'field') setError(place.field.name as never, { type: 'server', message: problem.message });
      }
      setSummaryWanted((n) => n + 1);
    },
  });

  const submit = handleSubmit(
    (values) => save.mutate(values),
    () => setSummaryWanted((n) => n + 1),
  );

  const summary = useMemo<SummaryItem[]>(() => {
    const items: SummaryItem[] = [];
    const errors = formState.errors as FieldErrors;
    for (const field of SETTINGS_FIELDS) {
      const error = get(errors, field.name) as unknown;
      if (!error) continue;
      const own = (error as { message?: unknown }).message;
      if (typeof own !== 'string' && hasInner(field.name)) continue;
      if (items.some((item) => item.id === `field-${field.name}`)) continue;
      items.push({
        id: `field-${field.name}`,
        where: t(field.label),
        message: firstMessage(error) ?? t('brand.invalid'),
        go: () => {
          setTab('settings');
          setFocusField(field.name);
        },
      });
    }
    for (const [index, problem] of problems.entries()) {
      const place = placeOf(problem.path);
      if (place.kind === 'field') continue;
      items.push(
        place.kind === 'text'
          ? {
              id: `text-${problem.path}`,
              where: t('brand.diff.text', { key: place.key, language: place.language.toUpperCase() }),
              message: problem.message,
              go: () => {
                setTab('texts');
                setTextTarget({ language: place.language, key: place.key, nonce: Date.now() + index });
              },
            }
          : { id: `other-${index}`, where: problem.path || t('brand.problems.whole'), message: problem.message },
      );
    }
    return items;
  }, [formState.errors, problems, t]);

  const textProblems = useMemo(() => textProblemsOf(problems), [problems]);
  const availability = useWatch({ control, name: 'pageAvailability' });
  const flows = FLOW_CODES.filter((code) => availability.some((entry) => entry.code === code && entry.isAvailable));
  const savedFlows = draft.file.pageAvailability.filter((entry) => entry.isAvailable).map((entry) => entry.code);
  const languages = [...new Set(draft.file.pageAvailability.flatMap((entry) => entry.availableLanguages))];
  const dirty = formState.isDirty;

  return (
    <div className="brand-editor">
      <div className="brand-editor__main">
        <div className="panel brand-editor__bar">
          <p className="brand-editor__status">
            {draft.updatedAt && draft.updatedBy
              ? t('brand.draft.savedBy', { when: formatDateTime(draft.updatedAt), who: draft.updatedBy })
              : t('brand.draft.none')}
            {dirty && <strong> {t('brand.draft.unsaved')}</strong>}
          </p>
          <div className="actions">
            <Button className="button button--primary" isPending={save.isPending} onPress={() => void submit()}>
              {t('brand.save')}
            </Button>
            <ConfirmDialog triggerLabel={t('brand.publish.open')} title={t('brand.publish.title')}>
              {(close) => <PublishForm code={code} unsaved={dirty} defaults={defaults} close={close} />}
            </ConfirmDialog>
          </div>
        </div>
        <ProblemSummary ref={summaryRef} items={summary} />
        {save.error && !(save.error instanceof ApiError && save.error.code === 'INVALID_BRAND') && <ServerError error={save.error} />}
        {warnings.length > 0 && (
          <div className="caution" role="status">
            <p className="caution__title">{t('brand.warnings.title')}</p>
            <ul className="plain-list">
              {warnings.map((warning) => (
                <li key={`${warning.path}-${warning.message}`}>
                  {warning.path}: {warning.message}
                </li>
              ))}
            </ul>
          </div>
        )}
        <Tabs selectedKey={tab} onSelectionChange={(key) => setTab(key as EditorTab)}>
          <TabBar
            label={t('brand.tabs')}
            tabs={[
              { id: 'settings', label: t('brand.tab.settings') },
              { id: 'texts', label: t('brand.tab.texts') },
              { id: 'versions', label: t('brand.tab.versions') },
            ]}
          />
          <TabPanel id="settings" className="brand-editor__panel">
            <form
              noValidate
              aria-label={t('brand.tab.settings')}
              onSubmit={(event) => {
                event.preventDefault();
                void submit();
              }}
            >
              <SettingsSections control={control} assetCode={draft.file.assetCode} languages={Object.keys(defaults)} />
            </form>
          </TabPanel>
          <TabPanel id="texts" className="brand-editor__panel">
            <TextsEditor control={control} defaults={defaults} problems={textProblems} target={textTarget} />
          </TabPanel>
          <TabPanel id="versions" className="brand-editor__panel">
            <VersionsPanel code={code} onRestored={() => setPreviewVersion((n) => n + 1)} />
          </TabPanel>
        </Tabs>
      </div>
      <PreviewPane code={code} flows={savedFlows.length > 0 ? FLOW_CODES.filter((c) => savedFlows.includes(c)) : flows} languages={languages.length > 0 ? languages : Object.keys(defaults)} version={previewVersion} />
    </div>
  );
}
