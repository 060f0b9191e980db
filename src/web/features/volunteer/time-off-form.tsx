import { useState, type FormEvent } from 'react';
import type { TimeOff } from '../../../contracts/drivers';
import styles from './volunteer.module.css';

/** YYYY-MM-DD (a date input's value) as the API's DD-MM-YYYY. */
const toDayMonthYear = (value: string) => value.split('-').reverse().join('-');

/** The driver's time off, and a form to add some. */
export function TimeOffSection(props: {
  timeOff: TimeOff[];
  isBusy: boolean;
  onAdd: (span: { from_date: string; to_date: string; note: string }) => Promise<boolean>;
}) {
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const [note, setNote] = useState('');

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const isAdded = await props.onAdd({
      from_date: toDayMonthYear(from),
      to_date: toDayMonthYear(to || from),
      note,
    });
    if (!isAdded) return;
    setFrom('');
    setTo('');
    setNote('');
  }

  return (
    <>
      {props.timeOff.length === 0 ? (
        <p>No time off booked.</p>
      ) : (
        <ul className={styles.list}>
          {props.timeOff.map((span) => (
            <li key={span.id}>
              {span.from_date === span.to_date ? span.from_date : `${span.from_date} to ${span.to_date}`}
              {span.note ? `: ${span.note}` : ''}
            </li>
          ))}
        </ul>
      )}
      <form className={styles.form} onSubmit={(event) => void submit(event)} aria-label="Add time off">
        <label className={styles.field}>
          From
          <input type="date" required value={from} onChange={(event) => setFrom(event.target.value)} />
        </label>
        <label className={styles.field}>
          To (leave empty for one day)
          <input type="date" value={to} min={from} onChange={(event) => setTo(event.target.value)} />
        </label>
        <label className={styles.field}>
          Note
          <input type="text" maxLength={500} value={note} onChange={(event) => setNote(event.target.value)} />
        </label>
        <button type="submit" className={styles.button} disabled={props.isBusy || from === ''}>
          Add time off
        </button>
      </form>
    </>
  );
}
