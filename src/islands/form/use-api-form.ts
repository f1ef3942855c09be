import { useRef, useState, type SubmitEvent } from 'react';
import { flushSync } from 'react-dom';
import * as v from 'valibot';
import { ApiError, errorMessage, newIdempotencyKey } from '../../lib/api';
import { fieldErrors, type FieldErrors } from '@shared/schemas/api-error';
import { showToast } from '../../stores/toasts';

/** A toast's copy: its title and text. */
export interface ToastCopy {
  title: string;
  description: string;
}

/** The failure toast's copy: its title, and the text shown when the server sent no message of its own. */
export interface FailureCopy {
  title: string;
  fallback: string;
}

/** What one form needs: its shared schema, how to read and send its values, and what success means. */
export interface ApiFormOptions<TSchema extends v.GenericSchema, TResult> {
  /** The shared valibot schema the server validates with too. */
  schema: TSchema;
  /** The values to validate, read when the form is submitted (default: the form's FormData). */
  read?: (form: HTMLFormElement) => unknown;
  /** Sends the validated values with the submission's idempotency key (the same key on a retry). */
  send: (values: v.InferOutput<TSchema>, request: { idempotencyKey: string }) => Promise<TResult>;
  /** Runs after a successful send: reset and thank, move on, sign in... */
  onSuccess: (result: TResult, submitted: { form: HTMLFormElement; values: v.InferOutput<TSchema> }) => void;
  /** Runs after a failed send, once field messages and the failure toast are shown. */
  onFailure?: (error: unknown, values: v.InferOutput<TSchema>) => void;
  /** The copy of a failed send: shown as a destructive toast, and as `failure` for a form that shows it in place. */
  failure: FailureCopy;
  /**
   * Whether an answer without the API's own message (a proxy's `500` with body `boom`) is shown as the error's
   * "<status>: <body text or status text>" rather than the fallback (SPEC §8's inquiry toast; default false).
   */
  failureShowsStatus?: boolean;
  /** Whether a failed send shows the destructive toast (default true). */
  failureToast?: boolean;
  /** The destructive toast when the schema finds a required field left empty. */
  missingToast?: ToastCopy;
}

/** The state and handlers a form renders with. */
export interface ApiForm {
  /** True while a send is under way (the submit button shows its pending text and is disabled). */
  pending: boolean;
  /** Field name to message: from the shared schema before sending, or a server 400's `fields`. */
  errors: FieldErrors;
  /** The message of the last failed send (the server's, else the fallback), until the next submit. */
  failure: string | undefined;
  onSubmit: (event: SubmitEvent<HTMLFormElement>) => Promise<void>;
  /** Drops one field's message (call it when the visitor edits that field). */
  clearError: (name: string) => void;
}

/** Whether the schema's issues include a required value left empty (blank after trimming, or not sent at all). */
function hasMissingValue(issues: readonly v.BaseIssue<unknown>[]): boolean {
  return issues.some((issue) => issue.input === '' || issue.input === undefined);
}

/** Focuses the first control of `form`, in page order, whose name has a message. */
function focusFirstInvalid(form: HTMLFormElement, errors: FieldErrors): void {
  for (const element of Array.from(form.elements)) {
    if ('name' in element && typeof element.name === 'string' && errors[element.name] && element instanceof HTMLElement) {
      element.focus();
      return;
    }
  }
}

/**
 * The failure text: the server's visitor-facing message (a 503's, a 409's...), else (with `showStatus`) the answer's
 * "<status>: <body text>", else the form's fallback (a network failure tells a visitor nothing useful).
 */
function failureText(error: unknown, fallback: string, showStatus: boolean): string {
  if (showStatus) return errorMessage(error) || fallback;
  return (error instanceof ApiError && error.serverMessage) || fallback;
}

/**
 * One form's submit cycle against the API: validates with the shared schema (field messages, first invalid field
 * focused, "missing" toast), guards against a double submit, sends with an `Idempotency-Key` (kept while the visitor
 * retries the same values after a failure, new once the values change or after a success), maps a server 400's
 * fields and shows the server's message in the failure toast.
 */
export function useApiForm<TSchema extends v.GenericSchema, TResult>(options: ApiFormOptions<TSchema, TResult>): ApiForm {
  const [errors, setErrors] = useState<FieldErrors>({});
  const [pending, setPending] = useState(false);
  const [failure, setFailure] = useState<string>();
  const sending = useRef(false);
  const submission = useRef<{ key: string; body: string }>(undefined);

  const showErrors = (form: HTMLFormElement, messages: FieldErrors) => {
    // Render the messages first, so the focused field is announced with its message.
    flushSync(() => setErrors(messages));
    focusFirstInvalid(form, messages);
  };

  /** The same key for the same values until they are sent successfully; a new one for new values. */
  const idempotencyKey = (values: unknown): string => {
    const body = JSON.stringify(values);
    if (submission.current?.body !== body) submission.current = { key: newIdempotencyKey(), body };
    return submission.current.key;
  };

  const onSubmit = async (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (sending.current) return;
    const form = event.currentTarget;
    const { schema, read = (target) => Object.fromEntries(new FormData(target)), missingToast } = options;
    const result = v.safeParse(schema, read(form));
    if (!result.success) {
      if (missingToast && hasMissingValue(result.issues)) showToast({ ...missingToast, variant: 'destructive' });
      showErrors(form, fieldErrors(result.issues));
      return;
    }
    sending.current = true;
    setErrors({});
    setFailure(undefined);
    setPending(true);
    let answer: { result: TResult } | { error: unknown };
    try {
      answer = { result: await options.send(result.output, { idempotencyKey: idempotencyKey(result.output) }) };
    } catch (error) {
      answer = { error };
    } finally {
      sending.current = false;
      setPending(false);
    }
    if ('result' in answer) {
      submission.current = undefined;
      options.onSuccess(answer.result, { form, values: result.output });
      return;
    }
    const { error } = answer;
    const fields = error instanceof ApiError ? error.fields : {};
    if (Object.keys(fields).length > 0) showErrors(form, fields);
    const message = failureText(error, options.failure.fallback, options.failureShowsStatus === true);
    setFailure(message);
    if (options.failureToast !== false) showToast({ title: options.failure.title, description: message, variant: 'destructive' });
    options.onFailure?.(error, result.output);
  };

  const clearError = (name: string) => {
    if (errors[name]) setErrors(({ [name]: _fixed, ...rest }) => rest);
  };

  return { pending, errors, failure, onSubmit, clearError };
}
