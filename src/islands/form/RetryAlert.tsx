import type { ReactNode } from 'react';

interface Props {
  /** The sentence that says what failed. */
  message: string;
  /** The button's words ("Try again"). */
  retryLabel: string;
  onRetry: () => void;
  /** The look of the place it stands in. */
  className?: string;
  /** What follows the button (for example whom to call). */
  children?: ReactNode;
}

/**
 * A failure the visitor can do something about: its sentence and a button that asks again, announced as an alert.
 * The one way the checker, the event page, the planner's price and the desk's lists say that a request failed.
 */
export default function RetryAlert({ message, retryLabel, onRetry, className, children }: Props) {
  return (
    <div className={className} role="alert">
      <p>{message}</p>
      <button type="button" className="btn btn--secondary" onClick={onRetry}>
        {retryLabel}
      </button>
      {children}
    </div>
  );
}
