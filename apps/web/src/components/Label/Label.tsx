import type { ReactNode } from 'react';
import { InfoTooltip } from '../Tooltip/InfoTooltip';
import styles from './Label.module.css';

interface LabelProps {
  htmlFor: string;
  children: ReactNode;
  /** Optional information icon with this tooltip text (docs/product/common.md#page-shell). */
  info?: ReactNode;
  id?: string;
}

export function Label({ htmlFor, children, info, id }: LabelProps) {
  return (
    <div className={styles.row}>
      <label htmlFor={htmlFor} id={id} className={styles.label}>
        {children}
      </label>
      {info ? <InfoTooltip content={info} align="row" /> : null}
    </div>
  );
}
