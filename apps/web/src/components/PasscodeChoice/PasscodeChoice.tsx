import { useId, useState, type Ref } from 'react';
import { useTranslation } from '../../lib/useTranslation';
import { evaluatePasscode, evaluateRepeat, PASSCODE_LENGTH } from '@tessera/contracts';
import type { TFunction } from '../../lib/translator';
import type { Problem } from '../ErrorSummary/ErrorSummary';
import { Alert } from '../Alert/Alert';
import { Field, type FieldIds, fieldInputProps, typedAsIs } from '../Field/Field';
import fieldStyles from '../Field/Field.module.css';

/**
 * The texts a passcode choice needs, as suffixes of the flow's key prefix: RESET uses
 * `reset__security_passcode_*`, VISA `visa__security_passcode_*` (docs/product/common.md#passcodes
 * names help, the length, guess and match errors; the labels, the character rule and the warning
 * are ours).
 */
export const PASSCODE_TEXT_SUFFIXES = [
  'label',
  'repeat_label',
  'help',
  'error_length',
  'error_characters',
  'error_guess',
  'error_match',
  'remember',
] as const;

type Suffix = (typeof PASSCODE_TEXT_SUFFIXES)[number];

/** The key prefixes flows pass; a table, so the translation test can check every key exists. */
export type PasscodeKeyPrefix = 'reset__security_passcode' | 'visa__security_passcode';

/**
 * Whether the choice may be submitted (docs/product/common.md#passcodes): the code is 6 letters or
 * digits, not guessable, the repeat equals it, and the server has not refused it.
 */
export function isPasscodeChoiceValid(passcode: string, repeat: string, rejected = false): boolean {
  return !rejected && evaluatePasscode(passcode) === 'ok' && repeat === passcode;
}

/**
 * A form's passcode choice: the code, its repeat, and whether the server refused the code as
 * guessable (`insecure`, set with `refuseAsInsecure`). A changed code lifts the refusal. `props`
 * are the PasscodeChoice's value props.
 */
export function usePasscodeChoice() {
  const [passcode, setPasscode] = useState('');
  const [repeat, setRepeat] = useState('');
  const [insecure, setInsecure] = useState(false);
  const onPasscodeChange = (value: string) => {
    setPasscode(value);
    if (value !== passcode) setInsecure(false);
  };
  return {
    passcode,
    repeat,
    insecure,
    refuseAsInsecure: () => setInsecure(true),
    props: { passcode, repeat, rejected: insecure, onPasscodeChange, onRepeatChange: setRepeat },
  };
}

/**
 * What keeps a choice from being sent, for the form's error summary: the code's error (or, short
 * or empty, its help text) and a repeat that differs. `id` is the one the PasscodeChoice got.
 */
export function passcodeChoiceProblems(t: TFunction, keyPrefix: PasscodeKeyPrefix, id: string, passcode: string, repeat: string, rejected = false): Problem[] {
  const text = (suffix: Suffix) => t(`${keyPrefix}_${suffix}`, { length: PASSCODE_LENGTH });
  const verdict = evaluatePasscode(passcode);
  const problems: Problem[] = [];
  const code =
    verdict === 'long'
      ? 'error_length'
      : verdict === 'invalidCharacters'
        ? 'error_characters'
        : verdict === 'guessable' || rejected
          ? 'error_guess'
          : verdict === 'short'
            ? 'help'
            : null;
  if (code) problems.push({ text: text(code), target: `${id}-code` });
  if (repeat !== passcode) problems.push({ text: text('error_match'), target: `${id}-repeat` });
  return problems;
}

/** The labels of the inputs a choice's problems concern, for a submit hint that names what is still missing. */
export function passcodeChoiceLabels(t: TFunction, keyPrefix: PasscodeKeyPrefix, problems: readonly Problem[]): string[] {
  return problems.map((problem) => t(`${keyPrefix}_${problem.target!.endsWith('-code') ? 'label' : 'repeat_label'}`));
}

interface PasscodeChoiceProps {
  /** Base of the inputs' ids (`-code`, `-repeat`), for an error summary to link to. */
  id?: string;
  keyPrefix: PasscodeKeyPrefix;
  passcode: string;
  repeat: string;
  onPasscodeChange: (value: string) => void;
  onRepeatChange: (value: string) => void;
  /**
   * The server refused this code as guessable (400 SECURITY_CODE_INSECURE): the guess error shows
   * and the code counts as invalid. The caller clears it when the code changes.
   */
  rejected?: boolean;
  /** The new-code input, for a form that moves focus there after a refusal. */
  codeInputRef?: Ref<HTMLInputElement>;
}

/**
 * Choosing a new passcode or security code (docs/product/common.md#passcodes), typed twice as
 * passwords:
 * - under 6 characters: the muted help text;
 * - 7 or more: the length error; other than letters and digits: the character error;
 * - exactly 6 but guessable (or refused by the server): the guess error;
 * - the repeat shows the mismatch error from its 4th character on;
 * - once both match and the code is valid: a warning to remember the code (announced politely).
 * Errors are tied to their field with aria-describedby; the form's error summary announces them.
 */
export function PasscodeChoice({ id, keyPrefix, passcode, repeat, onPasscodeChange, onRepeatChange, rejected = false, codeInputRef }: PasscodeChoiceProps) {
  const { t } = useTranslation();
  const text = (suffix: Suffix) => t(`${keyPrefix}_${suffix}`, { length: PASSCODE_LENGTH });
  const generated = useId();
  const base = id ?? generated;
  const codeIds = { input: `${base}-code`, help: `${base}-code-help`, error: `${base}-code-error` };
  const repeatIds = { input: `${base}-repeat`, help: `${base}-repeat-help`, error: `${base}-repeat-error` };

  const verdict = evaluatePasscode(passcode);
  let codeError: string | undefined;
  if (verdict === 'long') codeError = text('error_length');
  else if (verdict === 'invalidCharacters') codeError = text('error_characters');
  else if (verdict === 'guessable' || (rejected && verdict === 'ok')) codeError = text('error_guess');
  const codeHelp = verdict === 'short' ? text('help') : undefined;

  const repeatVerdict = evaluateRepeat(passcode, repeat);
  const repeatError = repeatVerdict === 'mismatch' ? text('error_match') : undefined;
  const remember = repeatVerdict === 'match' && isPasscodeChoiceValid(passcode, repeat, rejected);

  return (
    <>
      <PasscodeInput
        ids={codeIds}
        label={text('label')}
        help={codeHelp}
        error={codeError}
        name="newSecurityCode"
        value={passcode}
        onChange={onPasscodeChange}
        inputRef={codeInputRef}
      />
      <PasscodeInput ids={repeatIds} label={text('repeat_label')} error={repeatError} name="repeatSecurityCode" value={repeat} onChange={onRepeatChange} />
      {remember ? (
        // Advice, not an error: announced politely.
        <Alert tone="warning" role="status">
          <p>{text('remember')}</p>
        </Alert>
      ) : null}
    </>
  );
}

interface PasscodeInputProps {
  ids: FieldIds;
  label: string;
  help?: string;
  error?: string;
  name: string;
  value: string;
  onChange: (value: string) => void;
  inputRef?: Ref<HTMLInputElement>;
}

/**
 * One of the choice's two inputs: a password manager may offer to remember it, and nothing
 * corrects, capitalises or spell-checks what is typed; spaces around it are dropped as typed.
 */
function PasscodeInput({ ids, label, help, error, name, value, onChange, inputRef }: PasscodeInputProps) {
  return (
    <Field ids={ids} label={label} help={help} error={error}>
      <input
        ref={inputRef}
        {...fieldInputProps(ids, help, error)}
        {...typedAsIs}
        name={name}
        type="password"
        autoComplete="new-password"
        maxLength={32}
        className={`${fieldStyles.input} ${fieldStyles.mono}`}
        value={value}
        onChange={(event) => onChange(event.target.value.trim())}
      />
    </Field>
  );
}
