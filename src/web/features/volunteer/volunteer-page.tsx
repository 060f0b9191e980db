import { useCallback, useEffect, useState } from 'react';
import type { VolunteerRuns, VolunteerSlot } from '../../../contracts/volunteer';
import {
  addVolunteerTimeOff,
  fetchVolunteerRuns,
  pickUpVolunteerDay,
  releaseVolunteerDay,
  type VolunteerAnswer,
} from '../../api/volunteer';
import { formatSlotDate, MySlots, OpenSlots } from './slot-list';
import { TimeOffSection } from './time-off-form';
import styles from './volunteer.module.css';

type Load =
  | { kind: 'loading' }
  | { kind: 'gone' }
  | { kind: 'failed'; message: string }
  | { kind: 'ready'; runs: VolunteerRuns };

type Notice = { tone: 'done' | 'refused'; text: string } | null;

/** The driver's own phone page: their next four weeks, giving a day back, taking an open one, time off. */
export function VolunteerPage({ token }: { token: string }) {
  const [load, setLoad] = useState<Load>({ kind: 'loading' });
  const [notice, setNotice] = useState<Notice>(null);
  const [isBusy, setBusy] = useState(false);

  const refresh = useCallback(async () => {
    const answer = await fetchVolunteerRuns(token);
    if (answer.ok) setLoad({ kind: 'ready', runs: answer.data });
    else setLoad(answer.isGone ? { kind: 'gone' } : { kind: 'failed', message: answer.message });
  }, [token]);

  useEffect(() => {
    void refresh();
  }, [refresh]);

  async function change<T>(call: Promise<VolunteerAnswer<T>>, done: string): Promise<boolean> {
    setBusy(true);
    const answer = await call;
    if (answer.ok) {
      setNotice({ tone: 'done', text: done });
      await refresh();
    } else if (answer.isGone) setLoad({ kind: 'gone' });
    else setNotice({ tone: 'refused', text: answer.message });
    setBusy(false);
    return answer.ok;
  }

  const slotBody = (slot: VolunteerSlot) => ({ round_id: slot.round.id, date: slot.date });
  const name = (slot: VolunteerSlot) => `${slot.round.name} on ${formatSlotDate(slot.date)}`;

  if (load.kind === 'loading') {
    return (
      <main className={styles.page}>
        <p role="status">Loading your runs…</p>
      </main>
    );
  }
  if (load.kind === 'gone') {
    return (
      <main className={styles.page}>
        <h1>Link not working</h1>
        <p>This link does not work any more. Ask the office for a new link.</p>
      </main>
    );
  }
  if (load.kind === 'failed') {
    return (
      <main className={styles.page}>
        <h1>Your runs could not be loaded</h1>
        <p>{load.message}</p>
        <button type="button" className={styles.button} onClick={() => void refresh()}>
          Try again
        </button>
      </main>
    );
  }
  const { runs } = load;
  return (
    <main className={styles.page}>
      <h1>Hello {runs.driver.name}</h1>
      <p>
        Your runs from {runs.from} to {runs.to}.
      </p>
      <div role="status" aria-live="polite">
        {notice && <p className={notice.tone === 'done' ? styles.done : styles.refused}>{notice.text}</p>}
      </div>
      <section aria-labelledby="my-days">
        <h2 id="my-days">Your days</h2>
        <MySlots
          slots={runs.slots}
          cutoffHours={runs.release_cutoff_hours}
          isBusy={isBusy}
          onRelease={(slot) =>
            void change(releaseVolunteerDay(token, slotBody(slot)), `You gave back ${name(slot)}.`)
          }
        />
      </section>
      <section aria-labelledby="open-days">
        <h2 id="open-days">Open days you can take</h2>
        <OpenSlots
          slots={runs.open_slots}
          isBusy={isBusy}
          onPickUp={(slot) =>
            void change(pickUpVolunteerDay(token, slotBody(slot)), `You now drive ${name(slot)}.`)
          }
        />
      </section>
      <section aria-labelledby="time-off">
        <h2 id="time-off">Time off</h2>
        <TimeOffSection
          timeOff={runs.time_off}
          isBusy={isBusy}
          onAdd={(span) => change(addVolunteerTimeOff(token, span), 'Your time off is booked.')}
        />
      </section>
    </main>
  );
}
