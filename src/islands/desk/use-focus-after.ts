import { useEffect, useRef } from 'react';

/**
 * Where focus goes once a confirmation dialog has closed: a step that removes the button the owner pressed (Withdraw,
 * Countersign, Void) names the element to focus instead (`target.current = id`); after the next render with no dialog
 * open (`dialogOpen` false) that element takes the focus, once.
 */
export function useFocusAfter(dialogOpen: boolean) {
  const target = useRef<string>(undefined);
  useEffect(() => {
    if (dialogOpen || !target.current) return;
    document.getElementById(target.current)?.focus();
    target.current = undefined;
  });
  return target;
}
