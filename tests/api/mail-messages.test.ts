import { describe, expect, test } from 'vitest';
import emails from '@content/emails.json' with { type: 'json' };
import settings from '@content/settings.json' with { type: 'json' };
import { TIME_SLOTS, type TimeSlotKey } from '@shared/schemas/booking';
import { calendarUid } from '../../netlify/lib/calendar/uid';
import { googleCalendarUrl, outlookCalendarUrl } from '@shared/calendar-links';
import { MailConfigError, mailConfig, type MailConfig } from '../../netlify/lib/mail/config';
import {
  bookingMessages,
  cancelUrl,
  cancellationMessages,
  inquiryMessages,
  type BookingMail,
  type InquiryMail,
  type OutgoingMessage,
} from '../../netlify/lib/mail/messages';
import { isCalendarAttachment } from '../../netlify/lib/mail/attachments';
import { LOGO_CID } from '../../netlify/lib/mail/logo';
import { escapeHtml, oneLine } from '../../netlify/lib/mail/render';
import { SLOT_HOURS, formatTimeWindow, slotWindow } from '@shared/time-slots';
import { chicagoClock, icsUtc, parseIcs, property } from './mail-support';
import { mailInquiry, mailWording } from '../fixtures';

const config: MailConfig = mailConfig({
  SITE_URL: 'https://lonestar.example',
  OWNER_EMAIL: 'Owner <owner@lonestar.example>',
  MAIL_FROM: 'Lone Star Mobile Bar <bookings@lonestar.example>',
});

const inquiry: InquiryMail = {
  ...mailInquiry({ message: 'Ranch wedding,\noutdoor bar please.' }),
  id: '11111111-1111-4111-8111-111111111111',
};

const booking: BookingMail = {
  id: '22222222-2222-4222-8222-222222222222',
  date: '2027-07-10',
  timeSlot: 'evening',
  clientName: 'Dolly Rivera',
  clientEmail: 'dolly@example.com',
  eventType: 'wedding',
};

const TOKEN = 'A'.repeat(43);

function allMessages(): OutgoingMessage[] {
  return [
    ...inquiryMessages(inquiry, config),
    ...bookingMessages(booking, TOKEN, config),
    ...cancellationMessages(booking, 'client', config),
    ...cancellationMessages(booking, 'owner', config),
  ];
}

describe('slotWindow', () => {
  test.each([
    // Central Daylight Time (UTC-5) in July, Central Standard Time (UTC-6) in January.
    ['2027-07-10', 'morning', '2027-07-10T14:00:00.000Z', '2027-07-10T18:00:00.000Z'],
    ['2027-07-10', 'afternoon', '2027-07-10T18:00:00.000Z', '2027-07-10T23:00:00.000Z'],
    ['2027-07-10', 'evening', '2027-07-10T23:00:00.000Z', '2027-07-11T04:00:00.000Z'],
    ['2027-01-16', 'morning', '2027-01-16T15:00:00.000Z', '2027-01-16T19:00:00.000Z'],
    ['2027-01-16', 'evening', '2027-01-17T00:00:00.000Z', '2027-01-17T05:00:00.000Z'],
    // The days the clocks change (2 AM): the slots start later in the day, on the new offset.
    ['2027-03-14', 'morning', '2027-03-14T14:00:00.000Z', '2027-03-14T18:00:00.000Z'],
    ['2027-11-07', 'morning', '2027-11-07T15:00:00.000Z', '2027-11-07T19:00:00.000Z'],
  ] as const)('%s %s runs from %s to %s', (date, slot, start, end) => {
    const window = slotWindow(date, slot);
    expect(window.start.toISOString()).toBe(start);
    expect(window.end.toISOString()).toBe(end);
  });

  test('the hours match the slot labels the visitor picked from', () => {
    const hour12 = (hour: number) => `${hour % 12 === 0 ? 12 : hour % 12}${hour < 12 ? 'AM' : 'PM'}`;
    for (const slot of TIME_SLOTS) {
      const hours = SLOT_HOURS[slot.key];
      expect(slot.label).toContain(`${hour12(hours.start)} - ${hour12(hours.end)}`);
    }
  });

  test.each([
    ['morning', '9:00 AM – 1:00 PM'],
    ['afternoon', '1:00 PM – 6:00 PM'],
    ['evening', '6:00 PM – 11:00 PM'],
  ] as const)('formats the %s window as %s, in summer and in winter', (slot: TimeSlotKey, expected) => {
    expect(formatTimeWindow('2027-07-10', slot)).toBe(expected);
    expect(formatTimeWindow('2027-01-16', slot)).toBe(expected);
  });
});

describe('mailConfig', () => {
  test('defaults: the owner and sender are the site e-mail in settings.json, links go to localhost', () => {
    const defaults = mailConfig({});
    expect(defaults.owner).toEqual({ name: settings.site.brandName, address: settings.site.email });
    expect(defaults.from).toEqual({ name: settings.site.brandName, address: settings.site.email });
    expect(defaults.siteUrl).toBe('http://localhost:8888');
    expect(defaults.smtpUrl).toBeUndefined();
  });

  test("SITE_URL wins over Netlify's URL, and only the origin is kept", () => {
    expect(mailConfig({ URL: 'https://site.netlify.app' }).siteUrl).toBe('https://site.netlify.app');
    expect(mailConfig({ URL: 'https://site.netlify.app', SITE_URL: 'https://bar.example/x/' })).toMatchObject({
      siteUrl: 'https://bar.example',
      siteHost: 'bar.example',
    });
  });

  test.each([
    [{ SMTP_URL: 'http://mail.example' }, 'SMTP_URL must start with smtp:// or smtps://.'],
    [{ SMTP_URL: 'not a url' }, 'SMTP_URL is not a valid URL.'],
    [{ MAIL_FROM: 'Bar <bar@example.com>\r\nBcc: x@example.com' }, 'MAIL_FROM holds a control character.'],
    [{ MAIL_FROM: 'a@example.com, b@example.com' }, 'MAIL_FROM must be one e-mail address'],
    [{ OWNER_EMAIL: 'nobody' }, 'OWNER_EMAIL must be one e-mail address'],
    [{ SITE_URL: 'ftp://bar.example' }, 'SITE_URL must start with https://'],
    [{ URL: 'ftp://bar.example' }, 'URL must start with https://'],
    [{ CONTEXT: 'production', SMTP_URL: 'smtp://mail.example' }, 'MAIL_FROM is not set'],
  ])('refuses %o', (env, message) => {
    expect(() => mailConfig(env)).toThrow(MailConfigError);
    expect(() => mailConfig(env)).toThrow(message);
  });

  test("production is Netlify's production deploy: the request's deploy context, else CONTEXT", () => {
    expect(mailConfig({ CONTEXT: 'production', MAIL_FROM: 'Bar <bar@bar.example>' }).production).toBe(true);
    expect(mailConfig({ CONTEXT: 'deploy-preview' }).production).toBe(false);
    expect(mailConfig({}).production).toBe(false);
    const global = globalThis as { Netlify?: unknown };
    global.Netlify = { context: { deploy: { context: 'production' } } };
    try {
      expect(() => mailConfig({})).toThrow('MAIL_FROM is not set');
    } finally {
      delete global.Netlify;
    }
  });
});

describe('messages from content/emails.json', () => {
  test('every {placeholder} the copy uses is filled in, in every message', () => {
    for (const message of allMessages()) {
      for (const part of [message.subject, message.text, message.html]) {
        expect(part, message.kind).not.toMatch(/\{[A-Za-z]+\}/);
      }
    }
  });

  test('the inquiry goes to the owner (Reply-To the client) with every field, and back to the client', () => {
    const [owner, client] = inquiryMessages(inquiry, config);
    expect(owner).toMatchObject({
      kind: 'inquiry_owner',
      to: [config.owner],
      replyTo: { name: 'Dolly Rivera', address: 'dolly@example.com' },
      subject: mailWording('inquiryOwner', 'subject', { ...inquiry, eventType: 'Wedding', eventDate: 'Saturday, April 17, 2027' }),
    });
    for (const value of ['Dolly', 'Rivera', 'dolly@example.com', '(512) 555-0199', 'Wedding', '120', 'Austin, TX']) {
      expect(owner!.text).toContain(value);
      expect(owner!.html).toContain(escapeHtml(value));
    }
    expect(owner!.text).toContain('Ranch wedding,\n  outdoor bar please.');
    expect(owner!.html).toContain('Ranch wedding,<br>outdoor bar please.');
    expect(client).toMatchObject({ kind: 'inquiry_client', to: [{ name: 'Dolly', address: 'dolly@example.com' }] });
    expect(client!.replyTo).toBeUndefined();
    expect(client!.text).toContain('within 24 hours');
    expect(client!.text).toContain('Wedding');
    expect(client!.text).not.toContain('Austin, TX');
  });

  test('mail to the address the visitor typed carries our copy, closed-set values and the first name, nothing else', () => {
    const own = {
      lastName: 'Lastname-Marker',
      eventLocation: 'Location marker, restore it at paypa1-secure.example',
      message: 'Your PayPal account is suspended, restore it at https://paypa1-secure.example '.repeat(60),
      phone: '(512) 555-0177',
    };
    const [owner, client] = inquiryMessages({ ...inquiry, ...own }, config);
    // A booking's phone and place are the client's text too: they reach the owner only.
    const details = { clientName: 'Dolly Lastname-Marker', phone: own.phone, eventLocation: own.eventLocation };
    const [confirmation, booked] = bookingMessages({ ...booking, ...details }, TOKEN, config);
    const [notice] = cancellationMessages({ ...booking, ...details }, 'owner', config);
    for (const mail of [client!, confirmation!, notice!]) {
      const everything = [mail.subject, mail.text, mail.html, JSON.stringify(mail.to), ...mail.attachments.filter(isCalendarAttachment).map((file) => file.content)];
      for (const part of everything) {
        for (const text of ['Lastname-Marker', 'Location marker', 'paypa1', 'PayPal', '555-0177']) expect(part, mail.kind).not.toContain(text);
      }
      expect(mail.to).toEqual([{ name: 'Dolly', address: 'dolly@example.com' }]);
    }
    expect(client!.subject).toBe(mailWording('inquiryClient', 'subject', inquiry));
    expect(confirmation!.text).toContain(mailWording('bookingClient', 'heading', { firstName: 'Dolly' }));
    expect(client!.text).toMatch(/Event type: Wedding\n.*Guests.*: 120\n.*Saturday, April 17, 2027/s);
    // The owner still reads everything, as text.
    for (const text of ['Lastname-Marker', 'Location marker', 'paypa1-secure.example', '555-0177']) {
      expect(owner!.text).toContain(text);
      expect(booked!.text).toContain(text);
    }
  });

  test.each([
    ['a first name stored before links were refused', { firstName: 'see evil.example' }],
    ['a first name of 100 characters', { firstName: 'D'.repeat(100) }],
  ])('the acknowledgement greets safely: %s', (_case, change) => {
    const [, client] = inquiryMessages({ ...inquiry, ...change }, config);
    expect(client!.text).not.toContain('evil.example');
    expect(client!.to[0]!.name.length).toBeLessThanOrEqual(50);
  });

  test('the confirmation states the date and the window in Central Time and carries the calendar and cancel links', () => {
    const [client, owner] = bookingMessages(booking, TOKEN, config);
    expect(client!.subject).toBe('Your Lone Star Mobile Bar booking: Saturday, July 10, 2027, 6:00 PM – 11:00 PM');
    expect(client!.text).toContain('Saturday, July 10, 2027, 6:00 PM – 11:00 PM Central Time (America/Chicago)');
    expect(client!.text).toContain(`https://lonestar.example/cancel#token=${TOKEN}`);
    expect(client!.html).toContain(`href="https://lonestar.example/cancel#token=${TOKEN}"`);
    expect(client!.text).toContain('https://calendar.google.com/calendar/render?action=TEMPLATE');
    expect(client!.text).toContain('https://outlook.live.com/calendar/0/deeplink/compose?');
    expect(client!.attachments.map((file) => [file.filename, isCalendarAttachment(file) ? file.method : file.contentType])).toEqual([['booking.ics', 'REQUEST']]);
    expect(client!.text).toContain('Your booking:\nDate: Saturday, July 10, 2027\n');
    expect(client!.text).toContain('Your event page:\n');
    expect(client!.text).not.toContain('?:');
    expect(owner).toMatchObject({ kind: 'booking_owner', to: [config.owner], replyTo: { address: 'dolly@example.com' } });
    expect(owner!.text).toContain('dolly@example.com');
    expect(owner!.text).not.toContain(TOKEN);
  });

  test('visitor text is HTML-escaped everywhere and cannot add markup', () => {
    const hostile = '<img src=x onerror=alert(1)> & "quotes" \'too\'';
    const messages = [
      ...inquiryMessages({ ...inquiry, firstName: hostile, message: `<script>alert(1)</script>` }, config),
      ...bookingMessages({ ...booking, clientName: hostile }, TOKEN, config),
    ];
    for (const message of messages) {
      // The one image is our logo, by Content-ID.
      expect(message.html.replace(`<img src="cid:${LOGO_CID}"`, '')).not.toMatch(/<img|<script/i);
      // The client's booking mails greet by the first word of the name.
      expect(message.html).toContain(escapeHtml(message.kind === 'booking_client' ? '<img' : hostile));
    }
  });

  test('a name with markup, quotes and emoji reads as text in both parts of every message', () => {
    const name = `<script>alert("x")</script>'Dolly' "D" 🤠🍹`;
    const messages = [
      ...inquiryMessages({ ...inquiry, firstName: name, lastName: name }, config),
      ...bookingMessages({ ...booking, clientName: name }, TOKEN, config),
      ...cancellationMessages({ ...booking, clientName: name }, 'owner', config),
    ];
    for (const message of messages) {
      expect(message.html, message.kind).not.toMatch(/<script/i);
      expect(message.text, message.kind).not.toMatch(/&lt;|&gt;|&quot;|&#39;|&amp;/);
    }
    const [owner, client] = inquiryMessages({ ...inquiry, firstName: name }, config);
    expect(owner!.text).toContain(`First name: ${name}`);
    expect(owner!.html).toContain('&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;&#39;Dolly&#39; &quot;D&quot; 🤠🍹');
    expect(client!.text.split('\n')[0]).toBe(`Thanks for reaching out, ${name}!`);
    expect(client!.html).toContain(`>Thanks for reaching out, ${escapeHtml(name)}!</h1>`);
  });

  test('every message previews well: both parts open with the same preheader, never a ===== underline', () => {
    for (const message of allMessages()) {
      const firstLine = message.text.split('\n')[0]!;
      expect(firstLine, message.kind).not.toMatch(/^=|={3,}/);
      expect(message.text, message.kind).not.toMatch(/={3,}/);
      // The hidden preview is the first thing in the body, and it is the text part's opening, on one line.
      const preview = /<body[^>]*>\n<div style="display:none;[^"]*">([^<&]*(?:&[a-z#0-9]+;[^<&]*)*?)&#8199;/.exec(message.html);
      expect(preview, message.kind).not.toBeNull();
      // A long opening is cut with an ellipsis.
      const preheader = preview![1]!.replace(/&#39;/g, "'").replace(/&amp;/g, '&').replace(/…$/, '');
      expect(preheader.length, message.kind).toBeGreaterThan(20);
      expect(message.text.replace(/\s+/g, ' ').startsWith(preheader), message.kind).toBe(true);
    }
    const [confirmation] = bookingMessages(booking, TOKEN, config);
    expect(confirmation!.text).toMatch(/^Your date is held, Dolly!\n\nWe are holding Saturday, July 10, 2027/);
    const [cancelled] = cancellationMessages(booking, 'client', config);
    expect(cancelled!.text).toMatch(/^Your booking is cancelled\.\n\nAs you asked/);
  });

  test('the HTML of every message shows the logo by Content-ID and loads nothing from the network', () => {
    for (const message of allMessages()) {
      expect(message.html.split(`src="cid:${LOGO_CID}"`), message.kind).toHaveLength(2);
      expect(message.html, message.kind).not.toMatch(/\bsrc\s*=\s*["']?\s*(https?:)?\/\//i);
      expect(message.html, message.kind).not.toMatch(/url\(|<link\b|@import/i);
    }
  });

  test('links stand on lines of their own in the plain text', () => {
    const [client] = bookingMessages(booking, TOKEN, config);
    expect(client!.text).toContain(`${emails.bookingClient.cancelLabel}:\nhttps://lonestar.example/cancel#token=${TOKEN}\n`);
    expect(client!.text).toMatch(/\nAdd to Google Calendar:\nhttps:\/\/calendar\.google\.com\/\S+\n/);
  });

  test('a subject and a display name never hold a line break or a control character', () => {
    const poisoned = 'Eve\r\nBcc: victim@example.com\u0000\u0085\u2028x';
    const [owner, client] = inquiryMessages({ ...inquiry, firstName: poisoned }, config);
    for (const message of [owner!, client!]) {
      expect(message.subject).not.toMatch(/[\r\n\u0000\u0085\u2028]/);
    }
    expect(owner!.replyTo!.name).toBe('Eve Bcc: victim@example.com x Rivera');
    expect(oneLine('a\r\n\tb')).toBe('a b');
  });

  test('cancel links carry the token in the fragment, which never reaches a server log', () => {
    const url = new URL(cancelUrl('https://lonestar.example', TOKEN));
    expect(url.pathname).toBe('/cancel');
    expect(url.search).toBe('');
    expect(url.hash).toBe(`#token=${TOKEN}`);
  });
});

describe('calendar files', () => {
  test.each([
    ['2027-07-10', 'morning', '2027-07-10 09:00', '2027-07-10 13:00'],
    ['2027-01-16', 'evening', '2027-01-16 18:00', '2027-01-16 23:00'],
  ] as const)('the invitation for %s %s spans the slot window in America/Chicago', (date, timeSlot, start, end) => {
    const [client] = bookingMessages({ ...booking, date, timeSlot }, TOKEN, config);
    const calendar = parseIcs(client!.attachments.filter(isCalendarAttachment)[0]!.content);
    expect(property(calendar, 'METHOD')).toBe('REQUEST');
    const [event, ...others] = calendar.components;
    expect(others).toEqual([]);
    expect(event!.name).toBe('VEVENT');
    expect(property(event!, 'UID')).toBe(`booking-${booking.id}@lonestar.example`);
    expect(property(event!, 'SEQUENCE')).toBe('0');
    expect(property(event!, 'STATUS')).toBe('CONFIRMED');
    expect(chicagoClock(icsUtc(property(event!, 'DTSTART')))).toBe(start);
    expect(chicagoClock(icsUtc(property(event!, 'DTEND')))).toBe(end);
    expect(property(event!, 'ATTENDEE')).toBe('mailto:dolly@example.com');
    expect(property(event!, 'ORGANIZER').toLowerCase()).toBe('mailto:owner@lonestar.example');
  });

  test('the cancellation names the same event with METHOD:CANCEL, STATUS:CANCELLED and a higher SEQUENCE', () => {
    for (const by of ['client', 'owner'] as const) {
      const messages = cancellationMessages(booking, by, config);
      for (const message of messages) {
        const calendar = parseIcs(message.attachments.filter(isCalendarAttachment)[0]!.content);
        expect(property(calendar, 'METHOD')).toBe('CANCEL');
        const event = calendar.components[0]!;
        expect(property(event, 'UID')).toBe(calendarUid(booking.id, 'lonestar.example'));
        expect(Number(property(event, 'SEQUENCE'))).toBeGreaterThan(0);
        expect(property(event, 'STATUS')).toBe('CANCELLED');
        expect(chicagoClock(icsUtc(property(event, 'DTSTART')))).toBe('2027-07-10 18:00');
      }
    }
  });

  test('a name with line breaks, quotes and control characters cannot add a calendar property', () => {
    // The client's mails name the client by the first word: the line breaks end it, its quotes and separators stay.
    const poisoned = 'Eve";CN=x:X-EVIL:1\r\nATTENDEE:mailto:victim@example.com\rX-EVIL:1\u0000\u000b;CN=x:';
    const [client] = bookingMessages({ ...booking, clientName: poisoned }, TOKEN, config);
    const calendar = parseIcs(client!.attachments.filter(isCalendarAttachment)[0]!.content);
    const event = calendar.components[0]!;
    expect(event.properties.ATTENDEE).toHaveLength(1);
    expect(event.properties.ATTENDEE![0]!.value).toBe('mailto:dolly@example.com');
    expect(event.properties['X-EVIL']).toBeUndefined();
    expect(event.properties.ATTENDEE![0]!.params.CN).toBe("Eve';CN=x:X-EVIL:1");
    expect(Object.keys(event.properties).filter((name) => name.startsWith('X-'))).toEqual(['X-MICROSOFT-CDO-BUSYSTATUS']);
  });

  test('the Google and Outlook links carry the same window', () => {
    const event = { title: 'Bar', description: 'Party', window: slotWindow('2027-07-10', 'morning') };
    const google = new URL(googleCalendarUrl(event));
    expect(google.searchParams.get('dates')).toBe('20270710T140000Z/20270710T180000Z');
    expect(google.searchParams.get('ctz')).toBe('America/Chicago');
    const outlook = new URL(outlookCalendarUrl(event));
    expect(outlook.searchParams.get('startdt')).toBe('2027-07-10T14:00:00.000Z');
    expect(outlook.searchParams.get('enddt')).toBe('2027-07-10T18:00:00.000Z');
  });
});
