import { InfoBlock } from '../InfoBlock/InfoBlock';
import styles from './StepsBlock.module.css';

/** An explanatory block that lists, in order, the steps a flow takes. */
export function StepsBlock({ title, steps }: { title: string; steps: readonly string[] }) {
  return (
    <InfoBlock title={title}>
      <ol className={styles.steps}>
        {steps.map((step) => (
          <li key={step}>{step}</li>
        ))}
      </ol>
    </InfoBlock>
  );
}
