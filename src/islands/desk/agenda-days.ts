import { TIME_SLOT_KEYS, type TimeSlotKey } from '@shared/schemas/booking';
import type { AgendaBlock, AgendaReservation, OwnerAgenda } from '@shared/schemas/owner/agenda';

/** One line of a day on the agenda: a reservation, or a block with the slots it holds that day. */
export type AgendaEntry =
  | { kind: 'reservation'; key: string; reservation: AgendaReservation }
  | { kind: 'block'; key: string; block: AgendaBlock; slots: TimeSlotKey[] };

/** One day on the agenda and what holds its slots, in slot order. */
export type AgendaDay = { date: string; entries: AgendaEntry[] };

const slotRank = (slot: TimeSlotKey) => TIME_SLOT_KEYS.indexOf(slot);
const firstSlot = (entry: AgendaEntry) =>
  entry.kind === 'reservation' ? slotRank(entry.reservation.timeSlot) : Math.min(...entry.slots.map(slotRank));

/** The agenda by day, earliest first: a block spanning days shows on each of them with that day's slots. */
export function agendaDays(agenda: Pick<OwnerAgenda, 'reservations' | 'blocks'>): AgendaDay[] {
  const days = new Map<string, AgendaEntry[]>();
  const add = (date: string, entry: AgendaEntry) => days.set(date, [...(days.get(date) ?? []), entry]);
  for (const reservation of agenda.reservations) add(reservation.date, { kind: 'reservation', key: reservation.id, reservation });
  for (const block of agenda.blocks) {
    const byDate = new Map<string, TimeSlotKey[]>();
    for (const slot of block.slots) byDate.set(slot.date, [...(byDate.get(slot.date) ?? []), slot.timeSlot]);
    for (const [date, slots] of byDate) {
      add(date, { kind: 'block', key: `${block.blockId}-${date}`, block, slots: [...slots].sort((a, b) => slotRank(a) - slotRank(b)) });
    }
  }
  return [...days.entries()]
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([date, entries]) => ({ date, entries: entries.sort((a, b) => firstSlot(a) - firstSlot(b)) }));
}
