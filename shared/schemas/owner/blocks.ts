import * as v from 'valibot';
import { texasToday } from '../../texas-time';
import { TIME_SLOT_KEYS, lastBookableDate, type TimeSlotKey } from '../booking';
import { BOOKING_WINDOW_DAYS, IsoDateSchema, daysBetweenUtc, isCalendarDate } from '../dates';
import { formObject, hasBidiControl, hasControlCharacter, hasInvisibleCharacter, hasLineBreak, storableText } from '../fields';

/** What the owner can block: one slot, or `all` for every free slot of the day. */
export const BLOCK_SLOTS = [...TIME_SLOT_KEYS, 'all'] as const;

/** The most days one block may cover, first and last included (a year, leap day and all). */
export const MAX_BLOCK_DAYS = 366;

/** The longest note the owner may keep with a block, in characters. */
export const MAX_BLOCK_NOTE_LENGTH = 200;

const BLOCK_SLOT_MESSAGE = 'Please pick a time slot or the whole day.';

const BEYOND_WINDOW_MESSAGE = `Please choose days within the next ${BOOKING_WINDOW_DAYS} days: later ones cannot be booked yet.`;

/** The answer to a body naming both the first body's `date` and a range's `from` or `to`. */
export const DATE_WITH_RANGE_MESSAGE = 'Please send either one date, or a first and last day, not both.';

/** The block form's fields as sent: `to` blank or missing means the single day `from`. */
const BlockFieldsSchema = formObject(
  {
    // Left here only when a range came with it (fromSingleDate): which one was meant is not ours to guess.
    date: v.optional(v.custom<never>(() => false, DATE_WITH_RANGE_MESSAGE)),
    from: IsoDateSchema,
    to: v.optional(
      v.pipe(
        v.string('Please choose a date.'),
        v.trim(),
        v.check((to) => to === '' || isCalendarDate(to), 'Please choose a valid date.'),
      ),
    ),
    timeSlot: v.picklist(BLOCK_SLOTS, BLOCK_SLOT_MESSAGE),
    note: v.optional(
      v.pipe(
        v.string('Please write the note as text.'),
        v.trim(),
        v.normalize('NFC'),
        v.maxLength(MAX_BLOCK_NOTE_LENGTH, `Please keep the note to ${MAX_BLOCK_NOTE_LENGTH} characters.`),
        storableText(),
        // One line of plain text, like a name or a place; blank means no note.
        v.check(
          (note) =>
            !hasLineBreak(note) && !hasControlCharacter(note) && !hasBidiControl(note) && !hasInvisibleCharacter(note),
          'Please write the note as one line of plain text.',
        ),
        v.transform((note) => note || undefined),
      ),
    ),
  },
  'Please send a date range and a time slot.',
);

/**
 * The first body of POST /api/admin/blocks, { date, timeSlot }, read as the one-day range from = to = date. With
 * `from` or `to` beside `date` the body stays as sent, and its `date` is refused.
 */
function fromSingleDate(input: unknown): unknown {
  if (typeof input !== 'object' || input === null || Array.isArray(input) || !('date' in input)) return input;
  if ('from' in input || 'to' in input) return input;
  const { date, ...rest } = input as Record<string, unknown>;
  return { ...rest, from: date, to: date };
}

/**
 * POST /api/admin/blocks { from, to?, timeSlot, note? }, judging "today" by `now()` at each validation: every slot
 * `timeSlot` (or with `all` every slot) of every day from `from` to `to` (blank: `from` alone), at most MAX_BLOCK_DAYS
 * days, `to` not before `from`, none before today in Texas (a block of the past holds nothing) and none after the last
 * bookable day (`lastBookableDate`: nobody can book there). The first { date, timeSlot } is still read, as one day;
 * `date` beside `from` or `to` is refused.
 */
export function createBlockSchema(now: () => Date = () => new Date()) {
  return v.pipe(
    v.unknown(),
    v.transform(fromSingleDate),
    BlockFieldsSchema,
    v.transform(({ date: _date, ...block }) => ({ ...block, to: block.to || block.from })),
    v.forward(v.check((block) => block.from >= texasToday(now()), 'Please choose today or a later day.'), ['from']),
    v.forward(v.check((block) => block.from <= lastBookableDate(now()), BEYOND_WINDOW_MESSAGE), ['from']),
    v.forward(v.check((block) => block.to >= block.from, 'The last day must not be before the first.'), ['to']),
    v.forward(
      v.check(
        (block) => daysBetweenUtc(block.from, block.to) + 1 <= MAX_BLOCK_DAYS,
        `Please block at most ${MAX_BLOCK_DAYS} days at a time.`,
      ),
      ['to'],
    ),
    // A first day past the window is already refused above: one message is enough.
    v.forward(
      v.check((block) => block.to <= lastBookableDate(now()) || block.from > lastBookableDate(now()), BEYOND_WINDOW_MESSAGE),
      ['to'],
    ),
  );
}

/** The block schema judged by the wall clock (the desk's form; the endpoint passes its request's clock). */
export const BlockSchema = createBlockSchema();

/** A block as POST /api/admin/blocks takes it, after validation: `to` filled in, a blank note dropped. */
export type BlockRequest = v.InferOutput<typeof BlockSchema>;

/** What the block form sends. */
export type BlockInput = v.InferInput<typeof BlockFieldsSchema>;

/** One block as the desk lists and lifts it: its days (first to last), its slots and its note. */
export type OwnerBlock = {
  /** The block id its rows share (DELETE /api/admin/blocks/{id} lifts them all). */
  id: string;
  from: string;
  to: string;
  /** The slots it holds on each day, in day order (all three: the whole day). */
  timeSlots: TimeSlotKey[];
  note: string | null;
  createdAt: string;
};

/** A slot that kept a block from being made: its date and slot, and who holds it (a client by name, or a block). */
export type HeldSlot = { date: string; timeSlot: TimeSlotKey; heldBy: 'reservation' | 'block'; clientName: string | null };
