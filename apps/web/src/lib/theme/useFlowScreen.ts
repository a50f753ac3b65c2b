import { useTranslation } from '../useTranslation';
import { useNavigate } from '../router';
import { useDocumentTitle, useRequiredFlowContext } from './FlowContext';

/**
 * What a flow's screen starts with: the texts, the flow around it (slug, theme…), navigation, and
 * the page title, the text of `titleKey`.
 */
export function useFlowScreen(titleKey: string) {
  const { t } = useTranslation();
  const flow = useRequiredFlowContext();
  const navigate = useNavigate();
  useDocumentTitle(t(titleKey));
  return { ...flow, t, navigate };
}
