import { useState } from 'react';
import type { DriverStop } from '../../../../contracts/driver';
import { describeOpenClash } from '../../../../domain/allergen-clash';
import { driverOutcomeLabels } from '../../../../domain/driver-outcomes';
import { formatShownClock } from '../../../../domain/shown-time';
import type { NewOutcome } from '../store/outbox';
import type { StopView } from '../stop-views';
import styles from '../driver.module.css';
import { OutcomePanel } from './outcome-panel';

/**
 * Directions in the phone's maps app. The Google Maps directions URL opens the Maps app on Android and Google Maps
 * (or the browser) on iPhones; a `geo:` link does nothing on iPhones.
 */
export function buildDirectionsUrl(address: string): string {
  return `https://www.google.com/maps/dir/?api=1&destination=${encodeURIComponent(address)}`;
}

/** A `tel:` link keeps only what a dialler reads: digits, a leading +, and the * and # of extensions. */
export function buildTelUrl(phone: string): string {
  return `tel:${phone.replace(/[^\d+*#]/g, '')}`;
}

function Detail({ label, text }: { label: string; text: string }) {
  if (!text.trim()) return null;
  return (
    <p>
      <span className={styles.label}>{label}:</span> {text}
    </p>
  );
}

/**
 * A meal containing one of the client's allergies, not overridden: read first, so it is not handed over as it is.
 * A run cached by an older version of the app has no such field: nothing to flag then.
 */
function ClashFlag({ clash }: { clash: readonly string[] | undefined }) {
  const text = describeOpenClash(clash ?? []);
  if (text === '') return null;
  return <strong className={styles.clash}>{text}</strong>;
}

function Meals({ meals }: { meals: DriverStop['meals'] }) {
  if (meals.length === 0) return <p>No meals to hand over.</p>;
  return (
    <ul className={styles.meals}>
      {meals.map((meal, index) => (
        <li key={index}>
          <ClashFlag clash={meal.allergen_clash} />
          {meal.quantity} × {meal.description} ({meal.meal_state}){meal.comment && <>: {meal.comment}</>}
        </li>
      ))}
    </ul>
  );
}

type StopCardProps = {
  number: number;
  view: StopView;
  /** The round's zone (see OutcomePanel). */
  timeZone: string;
  onRecord: (input: NewOutcome) => Promise<void>;
};

/** The stop's details: where, how to reach the client, what to know and what to hand over, then its outcome. */
function StopDetails({
  view,
  timeZone,
  isFolded,
  onRecord,
}: Omit<StopCardProps, 'number'> & { isFolded: boolean }) {
  const { stop } = view;
  return (
    <>
      <div className={styles.links}>
        {stop.address && (
          <a className={styles.link} href={buildDirectionsUrl(stop.address)} target="_blank" rel="noreferrer">
            Directions: {stop.address}
          </a>
        )}
        {stop.client.phone && (
          <a className={styles.link} href={buildTelUrl(stop.client.phone)}>
            Call {stop.client.phone}
          </a>
        )}
      </div>
      <Detail label="Delivery instructions" text={stop.delivery_instructions} />
      <Detail label="Allergies" text={stop.allergies.join(', ')} />
      <Detail label="Dietary needs" text={stop.dietary_requirements} />
      <h3>Meals</h3>
      <Meals meals={stop.meals} />
      <OutcomePanel view={view} timeZone={timeZone} isCurrentShown={!isFolded} onRecord={onRecord} />
    </>
  );
}

/**
 * One stop of the run. A stop still to do shows everything; a done stop (its outcome accepted or waiting to send)
 * folds to one line, its name, outcome and time, so the stops still to do come up the screen. The line opens the
 * whole stop again, to read it or change the outcome.
 */
export function StopCard({ number, view, timeZone, onRecord }: StopCardProps) {
  const [isOpened, setIsOpened] = useState(false);
  const { stop, current } = view;
  const headingId = `stop-${String(stop.visit_id)}`;
  const isFoldable = current !== null && view.refusedMessage === null;

  // Folds as the outcome is taken, not when its save answers: a stop the driver opens meanwhile stays open.
  async function record(input: NewOutcome) {
    setIsOpened(false);
    await onRecord(input);
  }

  if (!isFoldable) {
    return (
      <li className={styles.stop} aria-labelledby={headingId}>
        <div className={styles.stopHead}>
          <span className={styles.number} aria-hidden="true">
            {number}
          </span>
          <span className={styles.time}>
            {stop.start}–{stop.end}
          </span>
          <h2 id={headingId}>
            <span className={styles.srOnly}>Stop {number}:</span> {stop.client.name}
          </h2>
        </div>
        <StopDetails view={view} timeZone={timeZone} isFolded={false} onRecord={record} />
      </li>
    );
  }
  return (
    <li className={`${styles.stop} ${styles.doneStop}`} aria-labelledby={headingId}>
      <h2 id={headingId} className={styles.doneHeading}>
        <button
          type="button"
          className={styles.doneLine}
          aria-expanded={isOpened}
          onClick={() => setIsOpened(!isOpened)}
        >
          <span className={styles.number} aria-hidden="true">
            {number}
          </span>
          <span className={styles.doneName}>
            <span className={styles.srOnly}>Stop {number}:</span> {stop.client.name}
          </span>{' '}
          <span className={styles.doneState}>
            <span>
              {driverOutcomeLabels[current.outcome]} at {formatShownClock(current.recorded_at, timeZone)}
            </span>{' '}
            {current.isWaiting && <span className={styles.badge}>Not sent yet</span>}
          </span>
        </button>
      </h2>
      {isOpened && (
        <>
          <p className={styles.time}>
            {stop.start}–{stop.end}
          </p>
          <StopDetails view={view} timeZone={timeZone} isFolded onRecord={record} />
        </>
      )}
    </li>
  );
}
