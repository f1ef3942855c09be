import { defineCollection } from 'astro:content';
import { file } from 'astro/loaders';
import { z } from 'astro/zod';
import { ICON_NAMES } from './lib/icons';
import { INQUIRY_STATUSES, type InquiryStatus } from '@shared/schemas/owner';

/** A file() loader for a JSON array that records each entry's position, so pages can keep the file's order. */
function orderedFile(path: string) {
  return file(path, {
    parser: (text) => (JSON.parse(text) as Array<Record<string, unknown>>).map((item, position) => ({ ...item, position })),
  });
}
const position = z.number().int().min(0);

const link = z.object({ label: z.string().min(1), href: z.string().startsWith('/') });
const icon = z.enum(ICON_NAMES);

/** Site-wide settings: brand, contact details, hours, navigation, footer and the renovation notice (one entry, `site`). */
const settings = defineCollection({
  loader: file('content/settings.json'),
  schema: z.object({
    brandName: z.string().min(1),
    /**
     * Name under an installed icon (web app manifest) and the header's lockup on phones. It must begin the brand name:
     * the header link's accessible name is the full name, and speech-input users say what they see (WCAG 2.5.3).
     */
    shortName: z.string().min(1).max(15),
    tagline: z.string().min(1),
    phone: z.string().regex(/^\(\d{3}\) \d{3}-\d{4}$/, 'format as (512) 555-0142'),
    email: z.email(),
    serviceArea: z.string().min(1),
    /** The state the business serves (structured data: areaServed). */
    state: z.string().min(1),
    primaryAreas: z.array(z.string().min(1)).min(1),
    businessHours: z.array(z.object({ days: z.string().min(1), hours: z.string().min(1) })).min(1),
    nav: z.object({ label: z.string(), menuLabel: z.string(), links: z.array(link).min(1), cta: link }),
    contactLabels: z.object({ heading: z.string(), phone: z.string(), email: z.string(), serviceArea: z.string() }),
    hoursHeading: z.string(),
    social: z.object({
      heading: z.string(),
      links: z
        .array(z.object({ network: z.enum(['facebook', 'instagram', 'x']), label: z.string().min(1) }))
        .length(3),
    }),
    footer: z.object({
      blurb: z.string().min(1),
      quickLinksHeading: z.string(),
      quickLinks: z.array(link).min(1),
      contactHeading: z.string(),
      serviceLine: z.string(),
      copyright: z.string().min(1),
    }),
    renovationNotice: z.object({
      enabled: z.boolean(),
      title: z.string().min(1),
      message: z.string().min(1),
      confirmLabel: z.string().min(1),
      closeLabel: z.string().min(1),
      delayMs: z.number().int().min(0),
    }),
    /** The client's reminders before the event: days before its start, each sent once (netlify/lib/bookings/reminders.ts). */
    reminders: z.object({
      daysBefore: z
        .array(z.number().int().min(1).max(60))
        .max(5)
        .refine((days) => new Set(days).size === days.length, 'each number of days once'),
    }),
  }).refine((site) => site.brandName.startsWith(site.shortName), {
    message: 'shortName must begin brandName (the phone header shows it inside a link named by brandName)',
    path: ['shortName'],
  }),
});

const pageMeta = {
  title: z.string().min(1),
  description: z.string().min(1),
  heading: z.string().min(1),
  lead: z.string().min(1),
};
const section = z.object({ heading: z.string().min(1), lead: z.string().optional() });

/** Copy of each content page (headings, intros, calls to action), keyed by page; `page` narrows the shape. */
const pages = defineCollection({
  loader: file('content/pages.json'),
  schema: z.discriminatedUnion('page', [
    z.object({
      page: z.literal('home'),
      ...pageMeta,
      eyebrow: z.string(),
      heroImageAlt: z.string().min(1),
      primaryCta: link,
      secondaryCta: link,
      intro: section,
      testimonials: section,
    }),
    z.object({
      page: z.literal('about'),
      ...pageMeta,
      story: z.array(z.string().min(1)).min(1),
      storyImageAlt: z.string().min(1),
      values: section,
      closing: section.extend({ cta: link }),
    }),
    z.object({ page: z.literal('services'), ...pageMeta, stats: section, packages: section }),
    z.object({ page: z.literal('menu'), ...pageMeta, custom: section.extend({ cta: link }) }),
    z.object({ page: z.literal('faq'), ...pageMeta, more: section.extend({ cta: link }) }),
    z.object({ page: z.literal('notFound'), ...pageMeta, cta: link }),
  ]),
});

/** The three highlights of the home page intro. */
const highlights = defineCollection({
  loader: orderedFile('content/highlights.json'),
  schema: z.object({ position, title: z.string().min(1), text: z.string().min(1), icon }),
});

/** Testimonial cards on the home page. */
const testimonials = defineCollection({
  loader: orderedFile('content/testimonials.json'),
  schema: z.object({
    position,
    rating: z.number().int().min(1).max(5),
    text: z.string().min(1),
    author: z.string().min(1),
    event: z.string().min(1),
  }),
});

/** Company values on the About page. */
const values = defineCollection({
  loader: orderedFile('content/values.json'),
  schema: z.object({ position, title: z.string().min(1), text: z.string().min(1), icon }),
});

/** Headline figures on the Services page. */
const stats = defineCollection({
  loader: orderedFile('content/stats.json'),
  schema: z.object({ position, value: z.string().min(1), label: z.string().min(1) }),
});

/** Service packages on the Services page. */
const packages = defineCollection({
  loader: orderedFile('content/packages.json'),
  schema: ({ image }) =>
    z.object({
      position,
      title: z.string().min(1),
      description: z.string().min(1),
      image: image(),
      imageAlt: z.string().min(1),
      features: z.array(z.string().min(1)).min(1),
      cta: link,
    }),
});

/** Signature cocktails on the Menu page. */
const cocktails = defineCollection({
  loader: orderedFile('content/cocktails.json'),
  schema: ({ image }) =>
    z.object({
      position,
      name: z.string().min(1),
      description: z.string().min(1),
      typeLabel: z.string().min(1),
      image: image(),
      imageAlt: z.string().min(1),
    }),
});

/** FAQ groups, each with its questions and answers. */
const faq = defineCollection({
  loader: orderedFile('content/faq.json'),
  schema: z.object({
    position,
    title: z.string().min(1),
    items: z
      .array(z.object({ id: z.string().regex(/^[a-z0-9-]+$/), question: z.string().min(1), answer: z.string().min(1) }))
      .min(1),
  }),
});

const text = z.string().min(1);
/** Copy with a `{name}` placeholder for each of `names`, filled in by the island. */
const template = (...names: string[]) =>
  names.reduce((schema, name) => schema.refine((value) => value.includes(`{${name}}`), `must contain {${name}}`), text);
const toast = z.object({ title: text, description: text });
/** A failed send: the toast title, and its text when the server sends no message of its own. */
const failure = z.object({ title: text, fallback: text });

/** Copy of the inquiry form island (labels keyed by the InquirySchema field they name). */
const inquiryFormCopy = z.object({
  labels: z.object({
    firstName: text,
    lastName: text,
    email: text,
    phone: text,
    eventType: text,
    guestCount: text,
    eventDate: text,
    eventLocation: text,
    message: text,
  }),
  eventTypePlaceholder: text,
  locationPlaceholder: text,
  submit: text,
  pending: text,
  success: toast,
  failure,
});

/** The label of a field a visitor may leave empty: it says so ("Phone Number (optional)"). */
const optionalLabel = text.refine((value) => /\(optional\)/i.test(value), 'must say "(optional)"');

/** Copy of the reservation form inside the availability checker (labels keyed by the BookingSchema field). */
const reservationCopy = z.object({
  heading: text,
  summary: template('slot', 'date'),
  labels: z.object({
    clientName: text,
    clientEmail: text,
    eventType: text,
    // The client's optional details: each label says it is optional.
    phone: optionalLabel,
    guestCount: optionalLabel,
    eventLocation: optionalLabel,
  }),
  eventTypePlaceholder: text,
  locationPlaceholder: text,
  submit: text,
  pending: text,
  confirmed: toast,
  failure,
  missing: toast,
});

/** Copy of the panel that replaces the slot list and form after a booking: what was booked, the mail, calendar links. */
const confirmationCopy = z.object({
  heading: text,
  /** The slot in Texas time, on its own line under the long date. */
  when: template('slot', 'start', 'end'),
  /** The slot's name before its hours ("Evening, 6 PM to 11 PM"), keyed by TimeSlotKey. */
  slotNames: z.object({ morning: text, afternoon: text, evening: text }),
  emailed: template('email'),
  calendarHeading: text,
  googleLabel: text,
  outlookLabel: text,
  newTab: text,
  again: text,
});

/** Copy of the availability checker island: date picker, slot list, reservation form and confirmation panel. */
const checkerCopy = z.object({
  dateLabel: text,
  slotsHeading: text,
  slotsLegend: template('date'),
  slotCount: z.object({ one: template('date'), other: template('count', 'date') }),
  loading: text,
  empty: toast,
  loadFailed: text,
  retry: text,
  slotGone: text,
  reservation: reservationCopy,
  confirmation: confirmationCopy,
});

const formPageMeta = { ...pageMeta, noscript: text };

/** Copy of the contact and availability pages and of their form islands, keyed by page. */
const forms = defineCollection({
  loader: file('content/forms.json'),
  schema: z.discriminatedUnion('page', [
    z.object({
      page: z.literal('contact'),
      ...formPageMeta,
      formHeading: text,
      formLead: text,
      imageAlt: text,
      infoHeading: text,
      form: inquiryFormCopy,
    }),
    z.object({
      page: z.literal('availability'),
      ...formPageMeta,
      checkerHeading: text,
      checkerLead: text,
      howItWorks: z.object({
        heading: text,
        lead: text,
        steps: z.array(z.object({ title: text, text })).length(3),
      }),
      checker: checkerCopy,
    }),
  ]),
});

/** Copy of the owner's desk page and its island (one entry, `desk`). */
const deskCopy = z.object({
  ...pageMeta,
  noscript: text,
  checking: text,
  signIn: z.object({
    heading: text,
    lead: text,
    labels: z.object({ username: text, password: text }),
    submit: text,
    pending: text,
    failure,
  }),
  signedInAs: template('username'),
  // Shown after sign-in when sign-ins failed for the account since the owner's last one.
  failedSignIns: z.object({ one: text, other: template('count') }),
  signOut: text,
  signedOut: toast,
  expired: text,
  backToSite: text,
  navLabel: text,
  // Short names for the view bar (one per view, in src/islands/desk/DeskNav.tsx's DESK_VIEWS)...
  views: z.object({ today: text, inquiries: text, bookings: text, blocks: text, mail: text, calendar: text }),
  // ...and, where the bar's name is too short for the view's heading, the heading's longer one.
  viewHeadings: z.record(z.string(), text),
  // Read by screen readers on the view bar: its keys (arrows, Home, End, digits).
  navHint: template('count'),
  loading: text,
  loadFailed: text,
  retry: text,
  actionFailed: failure,
  inquiries: z.object({
    lead: text,
    searchLabel: text,
    search: text,
    clear: text,
    export: text,
    exportMatches: text,
    empty: text,
    noMatch: template('q'),
    loadMore: text,
    received: template('date'),
    // The fields' labels are content/inquiry-fields.json, shared with the mails and the CSV.
    noMessage: text,
    acknowledgementHeld: text,
    // The lead pipeline: a status per inquiry, a filter by status, a mark until opened, private notes.
    statusFilterLabel: text,
    allStatuses: text,
    statuses: z.object(Object.fromEntries(INQUIRY_STATUSES.map((status) => [status, text])) as Record<InquiryStatus, typeof text>),
    noneWithStatus: template('status'),
    noMatchWithStatus: template('status', 'q'),
    unopened: text,
    statusSummary: template('status'),
    statusLabel: text,
    statusSaved: template('status'),
    notesHeading: text,
    notesLead: text,
    noNotes: text,
    noteBy: template('author', 'date'),
    noteLabel: text,
    addNote: text,
    addingNote: text,
    noteAdded: text,
    noteFailure: failure,
  }),
  bookings: z.object({
    lead: text,
    empty: text,
    range: z.object({ label: text, upcoming: text, past: text }),
    hideCancelled: text,
    past: z.object({ lead: text, empty: text }),
    kinds: z.object({ reservation: text, block: text }),
    states: z.object({ held: text, cancelled: text, lifted: text }),
    guests: z.object({ one: text, other: template('count') }),
    cancelledOn: template('date'),
    cancelledBy: z.object({ client: text, owner: template('username') }),
    reason: template('reason'),
    confirmationHeld: text,
    cancellationHeld: text,
    cancel: text,
    confirm: z.object({
      title: text,
      text: template('name', 'slot', 'date'),
      mailed: template('name', 'email'),
      reasonLabel: text,
      confirm: text,
      keep: text,
    }),
    cancelled: toast,
  }),
  blocks: z.object({
    lead: text,
    formHeading: text,
    labels: z.object({ from: text, to: text, timeSlot: text, note: text }),
    slotPlaceholder: text,
    wholeDay: text,
    submit: text,
    pending: text,
    blocked: toast,
    failure,
    listHeading: text,
    empty: text,
    lift: text,
    range: template('from', 'to'),
    liftLabel: template('when'),
    lifted: toast,
  }),
  agenda: z.object({
    lead: text,
    today: text,
    tomorrow: text,
    empty: text,
    newInquiries: z.object({ one: text, other: template('count'), many: template('count') }),
    noNewInquiries: text,
    failedMails: z.object({ one: text, other: template('count') }),
    blocked: text,
    guests: template('count'),
    received: template('date'),
  }),
  mail: z.object({
    lead: text,
    counts: template('pending', 'sent', 'failed'),
    empty: text,
    listHeading: text,
    to: template('to'),
    written: template('date'),
    tries: template('attempts', 'error'),
    noError: text,
    retry: text,
    retryLabel: template('subject'),
    notResendable: text,
    retried: toast,
  }),
  // The calendar feed view, and the words of the feed's events (the server writes them into the calendar file).
  calendar: z.object({
    lead: text,
    off: text,
    activeSince: template('date'),
    create: text,
    creating: text,
    urlLabel: text,
    shownOnce: text,
    copy: text,
    copied: toast,
    copySelected: text,
    rotate: text,
    rotateConfirm: z.object({ title: text, text, confirm: text, keep: text }),
    rotated: toast,
    turnOff: text,
    turnOffConfirm: z.object({ title: text, text, confirm: text, keep: text }),
    turnedOff: toast,
    howToHeading: text,
    google: z.object({ heading: text, steps: z.array(text).min(1), note: text }),
    apple: z.object({ heading: text, steps: z.array(text).min(1) }),
    event: z.object({
      calendarName: text,
      summary: template('slot', 'name', 'eventType'),
      slots: z.object({ morning: text, afternoon: text, evening: text }),
      client: template('name'),
      eventType: template('eventType'),
      guests: template('guests'),
      phone: template('phone'),
      location: template('location'),
      notGiven: text,
      desk: template('url'),
      blockSummary: template('slots'),
      wholeDay: text,
      blockNote: template('note'),
    }),
  }),
});
const desk = defineCollection({ loader: file('content/desk.json'), schema: deskCopy });

/** The owner's desk copy, as the /admin page passes it to the island. */
export type DeskCopy = z.infer<typeof deskCopy>;

const cancelLink = z.object({ label: text, href: z.string().startsWith('/') });

/** Copy of the change-or-cancel page's island: the booking, the move picker, the cancel button, each outcome and refusal. */
const cancelBookingCopy = z.object({
  loading: text,
  heading: text,
  labels: z.object({ date: text, time: text, eventType: text, name: text }),
  timeWindow: template('start', 'end'),
  change: z.object({ question: text, open: text }),
  question: text,
  submit: text,
  pending: text,
  keep: text,
  failure,
  cancelled: z.object({ heading: text, text: template('date', 'time'), link: cancelLink }),
  /** The move to another date: the picker's frame (its date and slot copy is the availability checker's). */
  move: z.object({
    heading: text,
    lead: text,
    summary: template('slot', 'date'),
    submit: text,
    pending: text,
    back: text,
    failure,
  }),
  moved: z.object({ heading: text, text: template('date', 'time'), again: text, back: text }),
  /** A heading per refusal code of /api/cancel (the text is the server's message, else the fallback). */
  refused: z.object({
    headings: z.object({ unknown: text, already_cancelled: text, expired: text, started: text, invalid: text }),
    fallback: text,
  }),
  missing: text,
  loadFailed: text,
  retry: text,
  help: text,
});

/** Copy of the /cancel page (one entry, `cancel`) and of its island. */
const cancel = defineCollection({
  loader: file('content/cancel.json'),
  schema: z.object({ ...pageMeta, noscript: text, booking: cancelBookingCopy }),
});

const source = z.string().min(1);
const plural = z.object({ one: text, other: text });
const plannerGroup = z.enum(['alcohol', 'supplies']);
/** One purchasable item bought per so many drinks (a case of 24 beers, a 750 ml bottle pouring 16). */
const plannerLine = z.object({
  id: z.string().regex(/^[a-z0-9-]+$/),
  label: text,
  group: plannerGroup,
  drinksPerUnit: z.number().positive(),
  unit: plural,
  source,
});
const plannerLimit = z
  .object({ min: z.number().int().min(1), max: z.number().int(), source })
  .refine((limit) => limit.min <= limit.max, 'min must not exceed max');
const plannerKind = z.enum(['beer', 'wine', 'spirits']);

/** The bar planner on /services (one entry, `planner`): its ratios, each with its source, and its copy. */
const barPlannerContent = z.object({
  heading: text,
  lead: text,
  /** The drinks are the host's and free to guests (TABC: a sale or a tip jar beside the alcohol is a sale). */
  hostNote: text,
  limits: z.object({ guests: plannerLimit, hours: plannerLimit }),
  drinks: z.object({ firstHour: z.number().positive(), laterHours: z.number().positive(), source }),
  // The rule of thumb: one bartender per 40-75 guests, two at minimum.
  bartenders: z.object({ guestsPer: z.number().int().min(40).max(75), minimum: z.number().int().min(2), source }),
  kinds: z.record(plannerKind, z.object({ label: text, lines: z.array(plannerLine).min(1) })),
  mixes: z
    .array(
      z.object({
        id: z.string().regex(/^[a-z0-9-]+$/),
        label: text,
        shares: z
          .partialRecord(plannerKind, z.number().positive().max(1))
          .refine((shares) => Math.abs(Object.values(shares).reduce((sum, share) => sum + (share ?? 0), 0) - 1) < 1e-9, 'shares must add up to 1'),
        source,
      }),
    )
    .min(1),
  /** A signature cocktail's shopping lines, keyed by its id in content/cocktails.json. */
  cocktails: z.record(z.string(), z.array(plannerLine).min(1)),
  /** The lines of a cocktail without its own. */
  cocktailFallback: z.array(plannerLine).min(1),
  /** Items bought per guest, whatever the drinks: ice and cups. */
  perGuest: z.array(
    z.object({ id: z.string(), label: text, group: plannerGroup, perGuest: z.number().positive(), unitSize: z.number().positive(), unit: plural, source }),
  ),
  /** The case the page shows before the island runs (and without JavaScript). */
  example: z.object({ guests: z.number().int(), hours: z.number().int(), mix: z.string() }),
  copy: z.object({
    labels: z.object({ guests: text, hours: text, mix: text }),
    problems: z.object({ guests: template('min', 'max'), hours: template('min', 'max'), mix: text }),
    cocktail: template('name'),
    drinks: template('drinks', 'guests', 'hours'),
    groups: z.object({ alcohol: text, supplies: text }),
    itemHeader: text,
    quantityHeader: text,
    bartenders: z.object({ one: template('count'), other: template('count') }),
    bartendersLabel: text,
    noscript: text,
    rulesHeading: text,
    rulesLead: text,
    send: text,
    message: template('guests', 'hours', 'mix', 'drinks', 'lines', 'bartenders'),
  }),
});
const barPlanner = defineCollection({ loader: file('content/bar-planner.json'), schema: barPlannerContent });

/** The bar planner's ratios and copy (content/bar-planner.json). */
export type BarPlannerContent = z.infer<typeof barPlannerContent>;
/** One purchasable item of the planner's shopping list, as content gives it. */
export type PlannerLineContent = z.infer<typeof plannerLine>;

/** The inquiry form's copy, as the contact page passes it to the island. */
export type InquiryFormCopy = z.infer<typeof inquiryFormCopy>;
/** The availability checker's copy, as the availability page passes it to the island. */
export type CheckerCopy = z.infer<typeof checkerCopy>;
/** The confirmation panel's copy (part of CheckerCopy). */
export type ConfirmationCopy = z.infer<typeof confirmationCopy>;
/** The reservation form's copy (part of CheckerCopy). */
export type ReservationCopy = z.infer<typeof reservationCopy>;
/** The cancel page island's copy, as the cancel page passes it. */
export type CancelBookingCopy = z.infer<typeof cancelBookingCopy>;

export const collections = {
  settings,
  pages,
  forms,
  desk,
  cancel,
  barPlanner,
  highlights,
  testimonials,
  values,
  stats,
  packages,
  cocktails,
  faq,
};
