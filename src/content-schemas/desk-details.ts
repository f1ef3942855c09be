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
