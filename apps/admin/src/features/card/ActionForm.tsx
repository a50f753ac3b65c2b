import type { ReactNode } from 'react';
import { useForm, type Control, type FieldValues } from 'react-hook-form';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { contractResolver } from '../../lib/contractResolver';
import { useNotify } from '../../lib/toast';
import { DialogButtons } from '../../lib/ui/ConfirmDialog';
import { ServerError } from '../../lib/ui/ServerError';

interface ActionFormProps {
  cardId: string;
  schema: z.ZodType;
  defaultValues: FieldValues;
  /** The sentence that says exactly what will happen, given what is filled in so far. */
  consequence: (values: FieldValues) => ReactNode;
  fields?: (control: Control<FieldValues>) => ReactNode;
  run: (values: FieldValues) => Promise<unknown>;
  /** The notification once done (or made from the server's answer). */
  done: string | ((answer: unknown) => string);
  confirmLabel: string;
  tone?: 'default' | 'danger';
  close: () => void;
}

/**
 * The form inside an action's confirmation dialog: the consequence, the fields, the server's
 * refusal if any (announced, the dialog stays open), and on success a notification, the card
 * fetched again and the dialog closed.
 */
export function ActionForm({ cardId, schema, defaultValues, consequence, fields, run, done, confirmLabel, tone, close }: ActionFormProps) {
  const queryClient = useQueryClient();
  const notify = useNotify();
  const { control, handleSubmit, watch } = useForm<FieldValues>({ defaultValues, resolver: contractResolver(schema) });
  const action = useMutation({
    mutationFn: run,
    onSuccess: async (answer) => {
      notify(typeof done === 'function' ? done(answer) : done);
      close();
      await queryClient.invalidateQueries({ queryKey: ['card', cardId] });
    },
  });
  return (
    <form className="form" noValidate onSubmit={handleSubmit((values) => action.mutate(values))}>
      <p className="dialog__consequence">{consequence(watch())}</p>
      {fields?.(control)}
      <ServerError error={action.error} />
      <DialogButtons confirmLabel={confirmLabel} busy={action.isPending} tone={tone} />
    </form>
  );
}
