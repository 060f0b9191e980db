import { useId, useState, type ChangeEvent } from 'react';
import type { DriverOutcomeKind } from '../../../../contracts/driver';
import { driverOutcomeLabels } from '../../../../domain/driver-outcomes';
import { formatShownClock } from '../../../../domain/shown-time';
import { noteMaxLength, outcomeKinds } from '../driver-limits';
import type { NewOutcome } from '../store/outbox';
import type { StopView } from '../stop-views';
import { compressPhoto } from '../photo/compress-photo';
import styles from '../driver.module.css';

const buttonClass: Record<DriverOutcomeKind, string | undefined> = {
  delivered: styles.delivered,
  not_home: styles.not_home,
  refused: styles.refusedButton,
  concern: styles.concern,
  other: styles.other,
};

type OutcomePanelProps = {
  view: StopView;
  /** The round's zone: the time of a tap is shown in it, whatever zone the phone is set to. */
  timeZone: string;
  onRecord: (input: NewOutcome) => Promise<void>;
};

/**
 * A stop's outcome: what was recorded (and whether it is still on the phone), then one button per outcome with an
 * optional note and photo. A tap records at once; a stop with an outcome offers Change outcome instead.
 */
export function OutcomePanel({ view, timeZone, onRecord }: OutcomePanelProps) {
  const [isChanging, setIsChanging] = useState(false);
  const [note, setNote] = useState('');
  const [photo, setPhoto] = useState<string | null>(null);
  const [photoMessage, setPhotoMessage] = useState('');
  const noteId = useId();
  const photoId = useId();
  const { current, stop } = view;
  const isOpen = current === null || isChanging;

  async function choosePhoto(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    setPhotoMessage('Preparing the photo…');
    const compressed = await compressPhoto(file);
    setPhoto(compressed);
    setPhotoMessage(compressed ? '' : 'This photo could not be used. Try taking it again.');
  }

  async function record(outcome: DriverOutcomeKind) {
    await onRecord({ visit_id: stop.visit_id, outcome, note, ...(photo ? { photo } : {}) });
    setNote('');
    setPhoto(null);
    setPhotoMessage('');
    setIsChanging(false);
  }

  return (
    <div className={styles.outcome}>
      {current && (
        <p className={styles.current}>
          {driverOutcomeLabels[current.outcome]} at {formatShownClock(current.recorded_at, timeZone)}
          {current.isWaiting && <span className={styles.badge}>Not sent yet</span>}
        </p>
      )}
      {current?.note && <p>Note: {current.note}</p>}
      {view.refusedMessage && (
        <p className={styles.refused}>Not accepted by the office: {view.refusedMessage}</p>
      )}
      {!isOpen && (
        <button type="button" className={styles.button} onClick={() => setIsChanging(true)}>
          Change outcome
        </button>
      )}
      {isOpen && (
        <fieldset className={`${styles.field} ${styles.fieldset}`}>
          <legend className={styles.label}>{current ? 'Change the outcome' : 'What happened?'}</legend>
          <label htmlFor={noteId}>Note (optional)</label>
          <textarea
            id={noteId}
            value={note}
            maxLength={noteMaxLength}
            onChange={(event) => setNote(event.target.value)}
          />
          <label htmlFor={photoId} className={styles.fileLabel}>
            {photo ? 'Take another photo' : 'Add a photo (optional)'}
          </label>
          <input
            id={photoId}
            className={styles.fileInput}
            type="file"
            accept="image/*"
            capture="environment"
            onChange={(event) => void choosePhoto(event)}
          />
          {photoMessage && <p role="status">{photoMessage}</p>}
          {photo && (
            <>
              <img className={styles.photoPreview} src={photo} alt="The photo to send with the outcome" />
              <button type="button" className={styles.button} onClick={() => setPhoto(null)}>
                Remove photo
              </button>
            </>
          )}
          <div className={styles.buttons}>
            {outcomeKinds.map((kind) => (
              <button
                key={kind}
                type="button"
                className={`${styles.button} ${buttonClass[kind] ?? ''}`}
                onClick={() => void record(kind)}
              >
                {driverOutcomeLabels[kind]}
              </button>
            ))}
          </div>
          {isChanging && (
            <button type="button" className={styles.button} onClick={() => setIsChanging(false)}>
              Keep {current ? driverOutcomeLabels[current.outcome] : 'as it is'}
            </button>
          )}
        </fieldset>
      )}
    </div>
  );
}
