import { z } from 'astro/zod';
import { template, text } from './common';

/**
 * The final details form of the event page (content/cancel.json, `booking.details`): its fields, the due day, the
 * saving status, and the shopping list of the chosen cocktails. After the due day the form is read only and says
 * whom to call (the API's own sentence, DETAILS_CLOSED_MESSAGE).
 */
export const detailsCopy = z.object({
  heading: text,
  lead: text,
  due: template('date'),
  complete: text,
  labels: z.object({
    guestCount: text,
    adultGuests: text,
    barStart: text,
    barEnd: text,
    cocktails: text,
    venueNotes: text,
    onSiteContact: text,
    onSitePhone: text,
  }),
  hints: z.object({ adultGuests: text, barHours: template('start', 'end'), venueNotes: text }),
  shopping: z.object({ heading: text, lead: template('adults', 'hours'), empty: text }),
  status: z.object({ saving: text, saved: template('time'), invalid: text, failed: text, retry: text }),
});
