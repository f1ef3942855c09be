import { describe, expect, test } from 'vitest';
import cancelJson from '@content/cancel.json' with { type: 'json' };
import deskJson from '@content/desk.json' with { type: 'json' };
import emailsJson from '@content/emails.json' with { type: 'json' };
import { BOOKING_STAGES } from '@shared/schemas/booking';

// Where a booking stands in the sale is said in three places: the client's event page, the sale's mails and the
// owner's desk. They must say the same thing at each stage (held, proposal sent, signed, confirmed).
describe('the words of each stage of a booking agree between the event page, the mails and the desk', () => {
  const page = cancelJson.cancel.booking.stage;
  test.each(BOOKING_STAGES)('%s', (stage) => {
    const label = page[stage].label;
    expect(emailsJson.proposal.stage[stage]).toBe(label);
    expect(deskJson.desk.stageMarks[stage].startsWith(label)).toBe(true);
  });
});
