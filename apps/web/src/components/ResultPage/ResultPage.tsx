import type { ComponentProps, ReactNode } from 'react';
import { OverviewTitle } from '../OverviewTitle/OverviewTitle';
import { PageShell } from '../PageShell/PageShell';
import { Button } from '../Button/Button';
import styles from './ResultPage.module.css';

export interface ResultActionProps {
  label: string;
  /** Retry where something went wrong; secondary where the flow ended well and may start again. */
  variant: ComponentProps<typeof Button>['variant'];
  onClick: () => void;
}

/** The one button under a result page (start again, try another card). */
export function ResultAction({ label, variant, onClick }: ResultActionProps) {
  return (
    <div className={styles.actions}>
      <Button variant={variant} onClick={onClick}>
        {label}
      </Button>
    </div>
  );
}

interface ResultPageProps {
  /** The page's h1, which the PageShell focuses when the screen is navigated to. */
  title: string;
  /** The brand's poster is left out by default: the result is the page's whole content. */
  hidePoster?: boolean;
  /** Shown under the content when given. */
  action?: ResultActionProps;
  children: ReactNode;
}

/**
 * Where a flow ends (paid out, registered, nothing to pay out, failed): a title, what happened, and
 * a button to start again. Shared by the PAYOUT and IDENTIFY result screens.
 */
export function ResultPage({ title, hidePoster = true, action, children }: ResultPageProps) {
  return (
    <PageShell hidePoster={hidePoster}>
      <OverviewTitle title={title} />
      {children}
      {action ? <ResultAction {...action} /> : null}
    </PageShell>
  );
}
