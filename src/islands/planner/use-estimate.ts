import { useEffect, useRef, useState } from 'react';
import * as v from 'valibot';
import { ApiError, fetchEstimate } from '../../lib/api';
import { fieldErrors, type FieldErrors } from '@shared/schemas/api-error';
import type { EstimateRequest, EstimateRequestInput } from '@shared/schemas/estimate';
import type { Estimate } from '@shared/pricing';
import { totalText, type PriceCopy } from '../../lib/estimate-words';

/** A priced estimate and the checked inputs it was priced for. */
export type Priced = { estimate: Estimate; request: EstimateRequest };

/** Where the price stands: priced, asked and not yet answered, refused (a field's message), or not reachable. */
export type EstimateState =
  | ({ kind: 'priced' } & Priced)
  | { kind: 'pending' }
  | { kind: 'refused'; fields: FieldErrors }
  | { kind: 'failed'; message?: string };

/** The estimate route's answer to the planner's inputs, asked when the visitor pauses. */
export interface EstimateAsker {
  state: EstimateState;
  /** The last priced estimate, shown (dimmed) while a newer one is asked. */
  last: Priced;
  /** Checks `input` with the route's schema and, when it passes, asks the server (the question before is dropped). */
  ask: (input: EstimateRequestInput) => void;
  /** Asks again for the last inputs (after a network failure). */
  retry: () => void;
}

/**
 * Asks POST /api/estimate for the price of the planner's inputs: checked first with the route's own schema (a field
 * it refuses never leaves the page), one question at a time (a newer one aborts the one before, and an answer to an
 * abandoned question is dropped), a 400's field messages as a refusal, anything else as a failure.
 */
export function useEstimate(initial: Priced, schema: v.GenericSchema<unknown, EstimateRequest>): EstimateAsker {
  const [state, setState] = useState<EstimateState>({ kind: 'priced', ...initial });
  const [last, setLast] = useState(initial);
  // The state as of now, for a call from a timer set by an earlier render.
  const now = useRef(state);
  const question = useRef<AbortController>(undefined);
  const latest = useRef<EstimateRequestInput>(undefined);
  const put = (next: EstimateState) => {
    now.current = next;
    setState(next);
  };

  useEffect(() => () => question.current?.abort(), []);

  const ask = (input: EstimateRequestInput) => {
    latest.current = input;
    question.current?.abort();
    question.current = undefined;
    const parsed = v.safeParse(schema, input);
    if (!parsed.success) {
      put({ kind: 'refused', fields: fieldErrors(parsed.issues) });
      return;
    }
    const request = parsed.output;
    // The same inputs as the price on show: nothing to ask (a new state all the same, so the summary is read again).
    const shown = now.current;
    if (shown.kind === 'priced' && JSON.stringify(shown.request) === JSON.stringify(request)) {
      put({ ...shown });
      return;
    }
    const current = new AbortController();
    question.current = current;
    put({ kind: 'pending' });
    fetchEstimate(request, current.signal).then(
      (estimate) => {
        if (question.current !== current) return;
        setLast({ estimate, request });
        put({ kind: 'priced', estimate, request });
      },
      (error: unknown) => {
        if (question.current !== current || current.signal.aborted) return;
        const fields = error instanceof ApiError && error.status === 400 ? error.fields : {};
        if (Object.keys(fields).length > 0) put({ kind: 'refused', fields });
        else put({ kind: 'failed', message: error instanceof ApiError ? error.serverMessage : undefined });
      },
    );
  };

  const retry = () => {
    if (latest.current) ask(latest.current);
  };

  return { state, last, ask, retry };
}

/**
 * What the live region adds to the plan's summary once the price settles: the total, the refused fields' messages
 * (guests and hours aside: the plan's summary reads those), or the failure.
 */
export function priceSummary(state: EstimateState, copy: PriceCopy & { failed: string }): string {
  if (state.kind === 'priced') return totalText(state.estimate, copy);
  if (state.kind === 'failed') return state.message ?? copy.failed;
  if (state.kind === 'refused') {
    return Object.entries(state.fields)
      .filter(([name]) => name !== 'guests' && name !== 'hours')
      .map(([, message]) => message)
      .join(' ');
  }
  return '';
}
