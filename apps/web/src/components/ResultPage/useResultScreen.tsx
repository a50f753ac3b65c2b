import type { ReactElement } from 'react';
import { Redirect } from 'wouter';
import { useTranslation } from '../../lib/useTranslation';
import type { TFunction } from '../../lib/translator';
import { absolute, useNavigate } from '../../lib/router';
import { useDocumentTitle, useRequiredFlowContext } from '../../lib/theme/FlowContext';

/** What a result screen needs to know of its flow. */
export interface ResultFlow<State> {
  /** The hook that reads the flow's held state for a brand. */
  useState: (slug: string) => State | null;
  /** The flow's start path for a brand. */
  start: (slug: string) => string;
  /**
   * Forgets the flow's held data for a brand (docs/product/README.md#flows: retry and start again
   * clear it).
   */
  clear: (slug: string) => void;
}

interface ResultScreen<State> {
  t: TFunction;
  slug: string;
  /** The translated screen title, also the document's title. */
  title: string;
  state: State | null;
  /** Rendered instead of the screen when the state it shows is missing (a reload, a typed URL). */
  backToStart: ReactElement;
  /** Goes to the flow's start and forgets its held data. */
  restart: () => void;
}

/** The part every result screen of a flow starts with: its state, title, and the way back to the start. */
export function useResultScreen<State>(flow: ResultFlow<State>, titleKey: string): ResultScreen<State> {
  const { t } = useTranslation();
  const { slug } = useRequiredFlowContext();
  const state = flow.useState(slug);
  const navigate = useNavigate();
  const title = t(titleKey);
  useDocumentTitle(title);
  const start = flow.start(slug);
  return {
    t,
    slug,
    title,
    state,
    backToStart: <Redirect to={absolute(start)} replace />,
    restart: () => {
      navigate(start);
      flow.clear(slug);
    },
  };
}
