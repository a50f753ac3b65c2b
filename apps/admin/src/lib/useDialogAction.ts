import { useMutation, useQueryClient, type QueryKey } from '@tanstack/react-query';
import { useNotify } from './toast';

/**
 * The action a dialog confirms, as a mutation: once the server has done it, say what was done
 * (`done`, from its answer), close the dialog, and fetch again what it changed (`refresh`).
 */
export function useDialogAction<Answer>({
  action,
  done,
  close,
  refresh,
}: {
  action: () => Promise<Answer>;
  done: (answer: Answer) => string;
  close: () => void;
  refresh: QueryKey;
}) {
  const notify = useNotify();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: action,
    onSuccess: async (answer) => {
      notify(done(answer));
      close();
      await queryClient.invalidateQueries({ queryKey: refresh });
    },
  });
}
