import { useId, useState, type ChangeEvent } from 'react';
import type { DriverOutcomeKind } from '../../../../contracts/driver';
import { driverOutcomeLabels, driverOutcomes } from '../../../../domain/driver-outcomes';
import { formatShownClock } from '../../../../domain/shown-time';
import { noteMaxLength } from '../driver-limits';
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
  /** False when the stop's folded line already says the outcome and its time. */
  isCurrentShown: boolean;
  onRecord: (input: NewOutcome) => Promise<void>;
};

/**
 * A stop's outcome: what was recorded (and whether it is still on the phone), then one button per outcome. A tap
 * chooses the outcome; then a note and a photo may be added, and Save records it (with or without them). A stop
 * with an outcome offers Change outcome instead.
 */
export function OutcomePanel({ view, timeZone, isCurrentShown, onRecord }: OutcomePanelProps) {
  const [isChanging, setIsChanging] = useState(false);
  const [chosen, setChosen] = useState<DriverOutcomeKind | null>(null);
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

  function reset() {
    setChosen(null);
    setNote('');
    setPhoto(null);
    setPhotoMessage('');
  }

  async function save(outcome: DriverOutcomeKind) {
    await onRecord({ visit_id: stop.visit_id, outcome, note, ...(photo ? { photo } : {}) });
    reset();
    setIsChanging(false);
  }

  return (
    <div className={styles.outcome}>
      {current && isCurrentShown && (
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
      {isOpen && chosen === null && (
        <fieldset className={`${styles.field} ${styles.fieldset}`}>
          <legend className={styles.label}>{current ? 'Change the outcome' : 'What happened?'}</legend>
          <div className={styles.buttons}>
            {driverOutcomes.map((kind) => (
              <button
                key={kind}
                type="button"
                className={`${styles.button} ${buttonClass[kind] ?? ''}`}
                onClick={() => setChosen(kind)}
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
      {isOpen && chosen !== null && (
        <fieldset className={`${styles.field} ${styles.fieldset}`}>
          <legend className={styles.label}>Outcome: {driverOutcomeLabels[chosen]}</legend>
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
            <button
              type="button"
              className={`${styles.button} ${buttonClass[chosen] ?? ''} ${styles.wide}`}
              onClick={() => void save(chosen)}
            >
              Save {driverOutcomeLabels[chosen]}
            </button>
            <button type="button" className={`${styles.button} ${styles.wide}`} onClick={reset}>
              Choose another outcome
            </button>
          </div>
        </fieldset>
      )}
    </div>
  );
}
