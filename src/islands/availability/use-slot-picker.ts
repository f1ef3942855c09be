import { useStore } from '@nanostores/react';
import { useEffect, useState, type RefObject } from 'react';
import * as v from 'valibot';
import { $availability, loadAvailability } from '../../stores/availability';

/**
 * A date and one of its free slots, picked against the availability store: the date is checked by `dateSchema` (its
 * message while it is not bookable), a bookable date's slots are loaded, and a picked slot that the date on show no
 * longer offers (the date changed, or the slot was just taken) is dropped and said to be gone, focus going to
 * `dropFocus` if the control that held it vanished. The /availability checker and the move of a booking share it.
 */
export function useSlotPicker(dateSchema: v.GenericSchema<string>, dropFocus: RefObject<HTMLElement | null>) {
  const [date, setDate] = useState('');
  const [slot, setSlot] = useState('');
  const [slotGone, setSlotGone] = useState(false);
  const availability = useStore($availability);

  const checked = date ? v.safeParse(dateSchema, date) : undefined;
  const dateMessage = checked && !checked.success ? checked.issues[0].message : undefined;
  const activeDate = checked?.success ? date : '';
  const entry = activeDate ? (availability[activeDate] ?? { status: 'loading' as const }) : undefined;
  const offered = entry?.status === 'ready' ? entry.slots : undefined;

  useEffect(() => {
    if (activeDate) void loadAvailability(activeDate);
  }, [activeDate]);

  useEffect(() => {
    if (!slot || !offered || offered.includes(slot)) return;
    setSlot('');
    setSlotGone(true);
    if (document.activeElement === document.body) dropFocus.current?.focus();
  }, [slot, offered, dropFocus]);

  return {
    date,
    slot,
    slotGone,
    dateMessage,
    activeDate,
    entry,
    /** Whether the picked slot is one the date on show offers. */
    picked: slot !== '' && offered?.includes(slot) === true,
    changeDate(value: string) {
      setDate(value);
      setSlotGone(false);
    },
    pickSlot(key: string) {
      setSlot(key);
      setSlotGone(false);
    },
    clearSlot: () => setSlot(''),
  };
}
