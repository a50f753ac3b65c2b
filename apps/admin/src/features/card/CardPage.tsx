import { useQuery } from '@tanstack/react-query';
import { Link, useParams } from 'wouter';
import { ApiError } from '../../lib/http';
import { useI18n } from '../../lib/i18n';
import { Loading } from '../../lib/ui/Loading';
import { PageHeading } from '../../lib/ui/PageHeading';
import { ServerError } from '../../lib/ui/ServerError';
import { CardActions } from './CardActions';
import { CardAdjustments } from './CardAdjustments';
import { CardFacts } from './CardFacts';
import { cardQuery } from './cardApi';
import { Timeline } from './Timeline';
import { shownMasked } from '../../lib/cardTexts';

export default function CardPage() {
  const { t } = useI18n();
  const { id = '' } = useParams<{ id: string }>();
  const card = useQuery(cardQuery(id));
  if (card.isPending) return <Loading />;
  if (card.isError) {
    const unknown = card.error instanceof ApiError && card.error.status === 404;
    return (
      <>
        <PageHeading>{unknown ? t('card.notFound') : t('error.title')}</PageHeading>
        {unknown ? <p>{t('card.notFound.intro')}</p> : <ServerError error={card.error} />}
        <Link href="/">{t('card.backToSearch')}</Link>
      </>
    );
  }
  const data = card.data;
  return (
    <>
      <p className="breadcrumb">
        <Link href="/">{t('card.backToSearch')}</Link>
      </p>
      <PageHeading>
        {t('card.title', { brand: data.brand })} <span className="mono">{shownMasked(data.masked)}</span>
      </PageHeading>
      <CardFacts card={data} />
      <CardActions card={data} />
      <CardAdjustments card={data} />
      <Timeline card={data} />
    </>
  );
}
