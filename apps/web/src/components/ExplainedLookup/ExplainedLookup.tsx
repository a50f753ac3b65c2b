import type { ReactNode } from 'react';
import { InformationType } from '@tessera/contracts';
import { useRequiredFlowContext } from '../../lib/theme/FlowContext';
import { InfoBlock } from '../InfoBlock/InfoBlock';
import { OverviewTitle } from '../OverviewTitle/OverviewTitle';
import { PageShell } from '../PageShell/PageShell';

export interface Explanation {
  title: string;
  text: string;
}

interface ExplainedLookupProps {
  title: string;
  subtitle: string;
  /** The title's link to the explanations, shown when they are below the form. */
  explanationLink: string;
  /** The explanations' id, the link's target. */
  informationId: string;
  explanations: readonly Explanation[];
  /** The lookup form; `tooltips`: the explanations go into its labels' tooltips instead. */
  children: (tooltips: boolean) => ReactNode;
}

/**
 * A lookup screen whose explanations go where the brand's informationType says (BALANCE and
 * IDENTIFY, docs/product/balance.md#screens): ContainerAbove → above the form; ContainerBelow →
 * below it in the same panel; ContainerBeneath → a separate panel beneath; Tooltip → the form's
 * label tooltips; None → nowhere.
 */
export function ExplainedLookup({ title, subtitle, explanationLink, informationId, explanations, children }: ExplainedLookupProps) {
  const { theme } = useRequiredFlowContext();
  const type = theme.styling.informationType;
  const below = type === InformationType.ContainerBelow || type === InformationType.ContainerBeneath;
  const blocks = (
    <div id={informationId} data-testid="information-blocks">
      {explanations.map((explanation) => (
        <InfoBlock key={explanation.title} title={explanation.title}>
          <p>{explanation.text}</p>
        </InfoBlock>
      ))}
    </div>
  );

  return (
    <PageShell after={type === InformationType.ContainerBeneath ? blocks : undefined}>
      <OverviewTitle title={title} subtitle={subtitle} anchor={below ? { label: explanationLink, targetId: informationId } : undefined} />
      {type === InformationType.ContainerAbove ? blocks : null}
      {children(type === InformationType.Tooltip)}
      {type === InformationType.ContainerBelow ? blocks : null}
    </PageShell>
  );
}
