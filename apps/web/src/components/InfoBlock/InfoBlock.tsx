import type { ReactNode } from 'react';
import styles from './InfoBlock.module.css';

interface InfoBlockProps {
  id?: string;
  title: ReactNode;
  children: ReactNode;
}

/**
 * An explanatory block (brands choose above/below the form through informationType). A heading,
 * not a landmark: a page full of small regions would only add noise for screen reader users.
 */
export function InfoBlock({ id, title, children }: InfoBlockProps) {
  return (
    <div id={id} className={styles.block}>
      <h2 className={styles.title}>{title}</h2>
      <div className={styles.body}>{children}</div>
    </div>
  );
}
