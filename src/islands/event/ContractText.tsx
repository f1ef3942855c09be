import type { CancelBookingCopy } from '../../content-schemas/cancel';
import type { ClientContract } from '@shared/schemas/proposal';
import partStyles from './Part.module.css';
import styles from './ContractText.module.css';

interface Props {
  copy: CancelBookingCopy['contract'];
  contract: ClientContract;
}

/**
 * The contract to read in full before signing: its frozen sections (heading and body) in a tall scrolling region that
 * is labelled by the contract's title and takes keyboard focus, so the arrow keys scroll it.
 */
export default function ContractText({ copy, contract }: Props) {
  return (
    <section className={`${partStyles.part} ${styles.contract}`} aria-labelledby="contract-heading">
      <h3 id="contract-heading">{copy.heading}</h3>
      <p className={styles.lead}>{copy.lead}</p>
      <div className={styles.scroll} role="region" aria-labelledby="contract-title" tabIndex={0}>
        <h4 id="contract-title" className={styles.title}>{contract.title}</h4>
        {contract.sections.map((section, index) => (
          <section key={index} className={styles.section}>
            <h5>{section.heading}</h5>
            {section.body.split(/\n\s*\n/).map((paragraph, at) => (
              <p key={at}>{paragraph}</p>
            ))}
          </section>
        ))}
      </div>
    </section>
  );
}
