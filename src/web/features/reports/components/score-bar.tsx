import { listScoreSegments } from '../../../../domain/report-rules';
import classes from '../reports.module.css';

/** The 5-segment score bar: segment i is red when the score is above its threshold (report-rules.ts). */
export function ScoreBar({ score }: { score: number }) {
  const label = `Score ${String(score)}`;
  return (
    <span role="img" aria-label={label} title={label} className={classes.scoreBar}>
      {listScoreSegments(score).map((colour, index) => (
        <span
          key={index}
          data-colour={colour}
          className={`${classes.segment} ${colour === 'red' ? classes.segmentRed : classes.segmentGreen}`}
        />
      ))}
    </span>
  );
}
