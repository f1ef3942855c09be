import { z } from 'astro/zod';
import { template, text } from './common';

// The owner's side of the client's final details (content/desk.json): the desk's panel of a booking's details, and
// the lines the calendar feed's event gains once the client gave any.

/** The words of the calendar feed's event for the final details (each field, or the feed's notGiven). */
export const feedDetailsCopy = z.object({
  heading: template('when'),
  guests: template('guests', 'adults'),
  bar: template('start', 'end'),
  cocktails: template('cocktails'),
  venue: template('notes'),
  onSite: template('name', 'phone'),
});

/** The desk's panel of a booking's final details: each field (or notGiven), complete or not, last saved, the due day. */
export const deskDetailsCopy = z.object({
  open: text,
  heading: text,
  loadFailed: text,
  complete: text,
  incomplete: text,
  dueOpen: template('date'),
  dueClosed: template('date'),
  saved: template('when', 'who'),
  client: text,
  never: text,
  notGiven: text,
  bar: template('start', 'end'),
  labels: z.object({
    guestCount: text,
    adultGuests: text,
    bar: text,
    cocktails: text,
    venueNotes: text,
    onSiteContact: text,
    onSitePhone: text,
  }),
});
