/** Field name to the message shown next to that field. */
export type FieldMessages = Record<string, string>;

/** The id of a field's error message element. */
export function errorId(fieldId: string): string {
  return `${fieldId}-error`;
}

/** The aria attributes that tie a control to its error message, when it has one. */
export function errorAria(fieldId: string, message: string | undefined) {
  return message ? { 'aria-invalid': true as const, 'aria-describedby': errorId(fieldId) } : {};
}

/** Focuses the first control of `form`, in page order, whose name has a message. */
export function focusFirstInvalid(form: HTMLFormElement, messages: FieldMessages): void {
  for (const element of Array.from(form.elements)) {
    if ('name' in element && typeof element.name === 'string' && messages[element.name] && element instanceof HTMLElement) {
      element.focus();
      return;
    }
  }
}

/** A field's error message, rendered only when there is one. */
export function FieldError({ fieldId, message, className }: { fieldId: string; message?: string; className?: string }) {
  if (!message) return null;
  return (
    <p id={errorId(fieldId)} className={className}>
      {message}
    </p>
  );
}
