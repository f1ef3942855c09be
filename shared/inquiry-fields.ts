import * as v from 'valibot';
import copy from '@content/inquiry-fields.json' with { type: 'json' };
import {
  INQUIRY_EVENT_TYPES,
  InquiryFieldCopySchema,
  type InquiryField,
  type InquiryFieldKey,
} from './schemas/inquiry';
import { formatLongDate } from './texas-time';
import { optionLabel } from './time-slots';

/** The inquiry fields' labels from content/inquiry-fields.json, checked against the field list. */
export const INQUIRY_FIELD_COPY = v.parse(InquiryFieldCopySchema, copy);

/** An inquiry's field values, as sent (an optional field absent) or as stored (null). */
export type InquiryFieldValues = { readonly [K in InquiryFieldKey]?: string | null };

/** A field's value as a person reads it (the event type's label, the date written out), or null when it is empty. */
export function inquiryFieldText(inquiry: InquiryFieldValues, field: InquiryField): string | null {
  const value = inquiry[field.key];
  if (value === undefined || value === null || value === '') return null;
  if (field.kind === 'eventType') return optionLabel(INQUIRY_EVENT_TYPES, value);
  if (field.kind === 'date') return formatLongDate(value);
  return value;
}
