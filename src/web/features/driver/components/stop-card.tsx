import type { DriverStop } from '../../../../contracts/driver';
import { describeOpenClash } from '../../../../domain/allergen-clash';
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

export function StopCard({ number, view, timeZone, onRecord }: StopCardProps) {
  const { stop } = view;
  const headingId = `stop-${String(stop.visit_id)}`;
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
      <OutcomePanel view={view} timeZone={timeZone} onRecord={onRecord} />
    </li>
  );
}
