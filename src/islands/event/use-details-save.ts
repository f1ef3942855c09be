import { useEffect, useRef, useState } from 'react';
import * as v from 'valibot';
import { ApiError } from '../../lib/api';
import { saveDetails } from '../../lib/portal';
import { fieldErrors, parseApiError, type FieldErrors } from '@shared/schemas/api-error';
import type { TimeSlotKey } from '@shared/schemas/booking';
import { DetailsRequestSchema, checkDetailsForSlot, type EventDetails } from '@shared/schemas/event-details';
import { linkRefusal, type Refusal } from '../cancel/refusal';

/** How long after the last change the details are saved (a blur saves at once). */
export const SAVE_AFTER_MS = 800;

/** The details as the form holds them while the client types: the text of each field, the chosen cocktails. */
export type DetailsValues = {
  guestCount: string;
  adultGuests: string;
  barStart: string;
  barEnd: string;
  cocktails: string[];
  venueNotes: string;
  onSiteContact: string;
  onSitePhone: string;
};

/** Where saving stands: nothing to say yet, under way, saved (when), refused fields, or a failure to try again. */
export type SaveStatus =
  | { kind: 'idle' }
  | { kind: 'saving' }
  | { kind: 'saved'; at: string }
  | { kind: 'invalid' }
  | { kind: 'failed'; message?: string };

const text = (value: string | number | null) => (value === null ? '' : String(value));

/** The form's values of details as saved. */
export function valuesOf(details: EventDetails): DetailsValues {
  return {
    guestCount: text(details.guestCount),
    adultGuests: text(details.adultGuests),
    barStart: text(details.barStart),
    barEnd: text(details.barEnd),
    cocktails: [...details.cocktails],
    venueNotes: text(details.venueNotes),
    onSiteContact: text(details.onSiteContact),
    onSitePhone: text(details.onSitePhone),
  };
}

/** A count as typed: blank is not given, anything else a number (the schema words what is wrong with it). */
const count = (typed: string) => (typed.trim() === '' ? null : Number(typed));

/** What POST /api/portal/details is sent for `values`. */
function requestOf(values: DetailsValues, token: string) {
  return { ...values, token, guestCount: count(values.guestCount), adultGuests: count(values.adultGuests) };
}

interface Options {
  token: string;
  slot: TimeSlotKey;
  details: EventDetails;
  /** The details as the server saved them. */
  onSaved: (details: EventDetails) => void;
  /** Past the due day (409 details_closed): the server's sentence of whom to call. */
  onClosed: (message: string) => void;
  /** The link itself can no longer be used (cancelled, expired, unknown). */
  onRefused: (refusal: Refusal) => void;
}

/**
 * The final details saved as the client types: SAVE_AFTER_MS after the last change, or at once when a field loses
 * focus. The shared schema and the slot's hours are checked here first (the fields' messages, nothing sent); one save
 * is under way at a time, and a change made meanwhile is saved right after it. Unchanged details are not sent again.
 */
export function useDetailsSave({ token, slot, details, onSaved, onClosed, onRefused }: Options) {
  const [values, setValues] = useState(() => valuesOf(details));
  const [errors, setErrors] = useState<FieldErrors>({});
  const [status, setStatus] = useState<SaveStatus>({ kind: 'idle' });
  const latest = useRef(values);
  const saved = useRef(JSON.stringify(requestOf(values, token)));
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const sending = useRef(false);
  const again = useRef(false);

  useEffect(() => () => clearTimeout(timer.current), []);

  const save = async (): Promise<void> => {
    clearTimeout(timer.current);
    timer.current = undefined;
    if (sending.current) {
      again.current = true;
      return;
    }
    const parsed = v.safeParse(DetailsRequestSchema, requestOf(latest.current, token));
    const found = parsed.success ? checkDetailsForSlot(parsed.output, slot) : fieldErrors(parsed.issues);
    if (!parsed.success || Object.keys(found).length > 0) {
      setErrors(found);
      setStatus({ kind: 'invalid' });
      return;
    }
    const body = JSON.stringify(requestOf(latest.current, token));
    if (body === saved.current) return;
    sending.current = true;
    setStatus({ kind: 'saving' });
    try {
      const answer = await saveDetails(parsed.output);
      saved.current = body;
      setErrors({});
      setStatus({ kind: 'saved', at: answer.details.updatedAt ?? new Date().toISOString() });
      onSaved(answer.details);
    } catch (error) {
      failed(error);
    } finally {
      sending.current = false;
    }
    if (again.current) {
      again.current = false;
      await save();
    }
  };

  const failed = (error: unknown) => {
    const parsed = error instanceof ApiError ? parseApiError(error.body) : undefined;
    if (parsed?.code === 'details_closed') return onClosed(parsed.message);
    const refused = linkRefusal(error, true);
    if (refused) return onRefused(refused);
    if (parsed?.fields && Object.keys(parsed.fields).length > 0) {
      setErrors(parsed.fields);
      setStatus({ kind: 'invalid' });
      return;
    }
    setStatus({ kind: 'failed', message: parsed?.message });
  };

  return {
    values,
    errors,
    status,
    /** A change of some fields: their messages go, and a save follows SAVE_AFTER_MS after the last change. */
    change: (patch: Partial<DetailsValues>) => {
      latest.current = { ...latest.current, ...patch };
      setValues(latest.current);
      setErrors((current) => Object.fromEntries(Object.entries(current).filter(([name]) => !(name in patch))));
      clearTimeout(timer.current);
      timer.current = setTimeout(() => void save(), SAVE_AFTER_MS);
    },
    /** A field lost focus: a change still waiting is saved now. */
    blur: () => {
      if (timer.current !== undefined) void save();
    },
    /** Saves now (the "try again" after a failure). */
    save: () => void save(),
  };
}
