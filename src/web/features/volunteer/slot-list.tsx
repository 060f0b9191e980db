import { useState } from 'react';
import type { VolunteerSlot } from '../../../contracts/volunteer';
import styles from './volunteer.module.css';

const weekdays = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];

/** 'Mon 23-11-2026' from DD-MM-YYYY (a calendar date: read in UTC, whatever the phone's zone). */
export function formatSlotDate(date: string): string {
  const [day, month, year] = date.split('-').map(Number);
  const weekday = new Date(Date.UTC(year ?? 0, (month ?? 1) - 1, day ?? 1)).getUTCDay();
  return `${weekdays[weekday] ?? ''} ${date}`;
}

const describe = (slot: VolunteerSlot) =>
  `${formatSlotDate(slot.date)}: ${slot.round.name}, pickup ${slot.pickup_time}`;

/** The driver's own days: each may be given back (after a confirmation) until the cutoff. */
export function MySlots(props: {
  slots: VolunteerSlot[];
  cutoffHours: number;
  isBusy: boolean;
  onRelease: (slot: VolunteerSlot) => void;
}) {
  const [asking, setAsking] = useState<string | null>(null);
  if (props.slots.length === 0) return <p>You have no runs in these four weeks.</p>;
  return (
    <ul className={styles.list}>
      {props.slots.map((slot) => {
        const key = `${String(slot.round.id)}/${slot.date}`;
        return (
          <li key={key} className={styles.slot}>
            <p className={styles.slotName}>{describe(slot)}</p>
            {!slot.can_release ? (
              <p className={styles.hint}>
                Less than {props.cutoffHours} hours before pickup: phone the office if you cannot drive.
              </p>
            ) : asking === key ? (
              <div className={styles.buttons} role="group" aria-label={`Give back ${describe(slot)}?`}>
                <button
                  type="button"
                  className={`${styles.button} ${styles.danger}`}
                  disabled={props.isBusy}
                  onClick={() => {
                    setAsking(null);
                    props.onRelease(slot);
                  }}
                >
                  Yes, give it back
                </button>
                <button type="button" className={styles.button} onClick={() => setAsking(null)}>
                  Keep it
                </button>
              </div>
            ) : (
              <button
                type="button"
                className={styles.button}
                disabled={props.isBusy}
                onClick={() => setAsking(key)}
                aria-label={`Give back ${describe(slot)}`}
              >
                Give this day back
              </button>
            )}
          </li>
        );
      })}
    </ul>
  );
}

/** Days with no driver on rounds the driver knows, on days they are free. */
export function OpenSlots(props: {
  slots: VolunteerSlot[];
  isBusy: boolean;
  onPickUp: (slot: VolunteerSlot) => void;
}) {
  if (props.slots.length === 0) return <p>No open days on your rounds right now.</p>;
  return (
    <ul className={styles.list}>
      {props.slots.map((slot) => (
        <li key={`${String(slot.round.id)}/${slot.date}`} className={styles.slot}>
          <p className={styles.slotName}>
            {describe(slot)}
            {slot.is_released ? ' (given back)' : ''}
          </p>
          <button
            type="button"
            className={styles.button}
            disabled={props.isBusy}
            onClick={() => props.onPickUp(slot)}
            aria-label={`Take ${describe(slot)}`}
          >
            Take this day
          </button>
        </li>
      ))}
    </ul>
  );
}
