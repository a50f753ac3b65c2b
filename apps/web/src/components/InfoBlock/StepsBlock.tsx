import { InfoBlock } from './InfoBlock';
import styles from './InfoBlock.module.css';

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
