import type { ReactNode } from 'react';
import { useForm, type Control, type FieldValues } from 'react-hook-form';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { contractResolver } from '../../lib/contractResolver';
import { ApiError } from '../../lib/http';
import { useI18n } from '../../lib/i18n';
import { useNotify } from '../../lib/toast';
import { DialogButtons } from '../../lib/ui/ConfirmDialog';
import { ServerError } from '../../lib/ui/ServerError';
import { heldPayoutsQuery } from './payoutReviewApi';

interface DecisionFormProps {
  schema: z.ZodType;
  defaultValues: FieldValues;
  /** The sentence that says exactly what will happen, given what is filled in so far. */
  consequence: (values: FieldValues) => ReactNode;
  fields: (control: Control<FieldValues>) => ReactNode;
  run: (values: FieldValues) => Promise<unknown>;
  done: string;
  confirmLabel: string;
  tone?: 'default' | 'danger';
  close: () => void;
}

/**
 * The form inside a decision's dialog: the consequence, the fields, the server's refusal (announced;
 * the dialog stays open), and once done a notification, the list fetched again, the dialog closed
 * and focus on the page's heading, since the payout's own buttons are gone with it. A payout
 * someone else decided meanwhile says so, and the list is fetched again to show it as it is.
 */
export function DecisionForm({ schema, defaultValues, consequence, fields, run, done, confirmLabel, tone, close }: DecisionFormProps) {
  const { t } = useI18n();
  const queryClient = useQueryClient();
  const notify = useNotify();
  const { control, handleSubmit, watch } = useForm<FieldValues>({ defaultValues, resolver: contractResolver(schema) });
  const decision = useMutation({
    mutationFn: run,
    onSuccess: async () => {
      notify(done);
      close();
      await queryClient.invalidateQueries({ queryKey: heldPayoutsQuery.queryKey });
      document.querySelector<HTMLElement>('h1')?.focus();
    },
    onError: async (error) => {
      if (error instanceof ApiError && error.code === 'ALREADY_DECIDED') await queryClient.invalidateQueries({ queryKey: heldPayoutsQuery.queryKey });
    },
  });
  const decidedAlready = decision.error instanceof ApiError && decision.error.code === 'ALREADY_DECIDED';
  return (
    <form className="form" noValidate onSubmit={handleSubmit((values) => decision.mutate(values))}>
      <p className="dialog__consequence">{consequence(watch())}</p>
      {fields(control)}
      {decidedAlready ? (
        <p role="alert" className="server-error">
          {t('payoutReview.alreadyDecided')}
        </p>
      ) : (
        <ServerError error={decision.error} />
      )}
      <DialogButtons confirmLabel={confirmLabel} busy={decision.isPending} tone={tone} />
    </form>
  );
}
