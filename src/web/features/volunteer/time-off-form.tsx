import { useForm } from '@mantine/form';
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
  // The page's own inputs (no UI kit here): the browser checks From is given and To is not before it.
  const form = useForm({ initialValues: { from: '', to: '', note: '' } });
  const { from, to, note } = form.getValues();

  const submit = form.onSubmit(async (span) => {
    const isAdded = await props.onAdd({
      from_date: toDayMonthYear(span.from),
      to_date: toDayMonthYear(span.to || span.from),
      note: span.note,
    });
    if (isAdded) form.reset();
  });

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
      <form className={styles.form} onSubmit={submit} aria-label="Add time off">
        <label className={styles.field}>
          From
          <input
            type="date"
            required
            value={from}
            onChange={(event) => form.setFieldValue('from', event.target.value)}
          />
        </label>
        <label className={styles.field}>
          To (leave empty for one day)
          <input
            type="date"
            value={to}
            min={from}
            onChange={(event) => form.setFieldValue('to', event.target.value)}
          />
        </label>
        <label className={styles.field}>
          Note
          <input
            type="text"
            maxLength={500}
            value={note}
            onChange={(event) => form.setFieldValue('note', event.target.value)}
          />
        </label>
        <button type="submit" className={styles.button} disabled={props.isBusy || from === ''}>
          Add time off
        </button>
      </form>
    </>
  );
}
