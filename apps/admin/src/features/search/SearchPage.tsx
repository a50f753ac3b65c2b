import { useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useI18n } from '../../lib/i18n';
import { PageHeading } from '../../lib/ui/PageHeading';
import { ServerError } from '../../lib/ui/ServerError';
import { ResultsTable } from './ResultsTable';
import { SearchForm } from './SearchForm';
import { LAST_RESULT_KEY, searchCards, type LastResult } from './searchApi';

export default function SearchPage() {
  const { t } = useI18n();
  const queryClient = useQueryClient();
  const [result, setResult] = useState<LastResult | undefined>(() => queryClient.getQueryData<LastResult>(LAST_RESULT_KEY));
  const search = useMutation({
    mutationFn: searchCards,
    onSuccess: ({ cards }) => {
      queryClient.setQueryData<LastResult>(LAST_RESULT_KEY, { cards });
      setResult({ cards });
    },
  });
  return (
    <>
      <PageHeading>{t('search.title')}</PageHeading>
      <SearchForm onSearch={(request) => search.mutate(request)} busy={search.isPending} />
      <ServerError error={search.error} />
      <div className="results">
        <h2 id="results-title" className="visually-hidden">
          {t('search.results')}
        </h2>
        {/* Always in the page, so the count is announced when a search answers. */}
        <p role="status" className="results__count">
          {result && (result.cards.length === 0 ? t('search.none') : t('search.found', { count: result.cards.length }))}
        </p>
        {result && result.cards.length > 0 && <ResultsTable cards={result.cards} />}
      </div>
    </>
  );
}
