import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { MealChoiceCell } from './meal-choice-cell';
import { ScoreBar } from './score-bar';

function readSegments(score: number): (string | null)[] {
  const { unmount } = render(<ScoreBar score={score} />);
  const bar = screen.getByRole('img', { name: `Score ${String(score)}` });
  const colours = Array.from(bar.children).map((segment) => segment.getAttribute('data-colour'));
  unmount();
  return colours;
}

describe('ScoreBar', () => {
  it('turns segment i red when the score is above 4, 12, 20, 28 and 36 respectively', () => {
    expect(readSegments(0)).toEqual(['green', 'green', 'green', 'green', 'green']);
    expect(readSegments(4)).toEqual(['green', 'green', 'green', 'green', 'green']);
    expect(readSegments(5)).toEqual(['red', 'green', 'green', 'green', 'green']);
    expect(readSegments(13)).toEqual(['red', 'red', 'green', 'green', 'green']);
    expect(readSegments(28)).toEqual(['red', 'red', 'red', 'green', 'green']);
    expect(readSegments(37)).toEqual(['red', 'red', 'red', 'red', 'red']);
  });
});

function renderCell(planned: boolean, cnt: number) {
  const { container, unmount } = render(
    <table>
      <tbody>
        <tr>
          <MealChoiceCell day={{ planned, cnt, held: false }} isWeekStart={false} />
        </tr>
      </tbody>
    </table>,
  );
  const cell = container.querySelector('td');
  const result = {
    style: cell?.getAttribute('data-style'),
    text: cell?.textContent,
    isTag: cell?.querySelector('span') !== null,
  };
  unmount();
  return result;
}

describe('MealChoiceCell', () => {
  it('shows the count, coloured by the day-cell rules', () => {
    expect(renderCell(true, 0)).toEqual({ style: 'planned-empty', text: '0', isTag: false });
    expect(renderCell(true, 2)).toEqual({ style: 'planned-filled', text: '2', isTag: false });
    expect(renderCell(false, 1)).toEqual({ style: 'unplanned-filled', text: '1', isTag: true });
    expect(renderCell(false, 0)).toEqual({ style: 'unplanned-empty', text: '0', isTag: false });
  });
});
