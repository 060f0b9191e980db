import { Button, Checkbox, Group, Paper, Stack, Text, TextInput } from '@mantine/core';
import { memo } from 'react';
import type { Label, Meal } from '../../../../contracts/meals';
import { describeClash } from '../../../../domain/allergen-clash';
import { LabelTag } from '../../../components/label-tag';
import {
  isCardInvalid,
  maxQuantity,
  minQuantity,
  type CardChange,
  type CardState,
} from '../meal-selection-model';

/** Selected and suitable: green; selected but unsuitable: pink; not selected: white (docs/product-rules.md). */
const cardColours = { green: '#d3f9d8', pink: '#ffdeeb', white: '#ffffff' } as const;
/** A meal containing one of the client's allergies: a thick red border and a red warning (issue 17). */
const clashRed = '#c92a2a';
/** Unsuitable meals are greyed out; this grey keeps 4.5:1 contrast on the white and pink cards. */
const unsuitableText = '#5c5f66';

type MealCardProps = {
  date: string;
  meal: Meal;
  card: CardState;
  isSuitable: boolean;
  /** e.g. 'Monday': names the card for assistive technology, since the same meal shows on several days. */
  dayName: string;
  labels: Label[];
  /** The client's allergies the meal contains; empty when it does not clash. */
  clashing: string[];
  onChange: (date: string, mealKey: string, change: CardChange) => void;
  onEditComment: (date: string, mealKey: string) => void;
  /** Ticking a clashing meal asks for the reason first. */
  onRequestOverride: (date: string, mealKey: string) => void;
};

function isSameCard(a: CardState, b: CardState): boolean {
  return (
    a.isSelected === b.isSelected &&
    a.quantity === b.quantity &&
    a.meal_state === b.meal_state &&
    a.cook_deliver === b.cook_deliver &&
    a.comment === b.comment &&
    a.allergen_override === b.allergen_override
  );
}

/**
 * A week's grid holds some hundred cards: a change to one card re-renders that card only (an untouched card's
 * state is rebuilt on each render, so it is compared by value).
 */
export const MealCard = memo(
  renderMealCard,
  (before, after) =>
    before.date === after.date &&
    before.meal === after.meal &&
    before.isSuitable === after.isSuitable &&
    before.dayName === after.dayName &&
    before.labels === after.labels &&
    before.clashing.join() === after.clashing.join() &&
    before.onChange === after.onChange &&
    before.onEditComment === after.onEditComment &&
    before.onRequestOverride === after.onRequestOverride &&
    isSameCard(before.card, after.card),
);

/** A meal of the day's menu: tick, quantity, meal_state and cook_deliver toggles, and the comment. */
function renderMealCard(props: MealCardProps) {
  const { date, meal, card, isSuitable, dayName, labels } = props;
  const onChange = (change: CardChange) => props.onChange(date, meal.key, change);
  const onEditComment = () => props.onEditComment(date, meal.key);
  const colour = card.isSelected ? (isSuitable ? 'green' : 'pink') : 'white';
  const isInvalid = isCardInvalid(card);
  const colourByName = new Map(labels.map((label) => [label.name, label.colour]));
  const textColour = isSuitable ? undefined : unsuitableText;
  const isClash = props.clashing.length > 0;
  const tick = (isSelected: boolean) => {
    // A clashing meal without an override is only ticked through the reason dialog.
    if (isSelected && isClash && !card.allergen_override) props.onRequestOverride(date, meal.key);
    else onChange({ kind: 'tick', isSelected });
  };
  return (
    <Paper
      withBorder
      p={6}
      radius="sm"
      role="group"
      aria-label={`${meal.description} on ${dayName}`}
      data-colour={colour}
      data-suitable={isSuitable}
      data-clash={isClash}
      style={{
        backgroundColor: cardColours[colour],
        borderColor: isClash ? clashRed : card.isSelected ? '#868e96' : undefined,
        borderWidth: isClash ? 3 : undefined,
      }}
    >
      <Stack gap={4}>
        <Checkbox
          size="xs"
          checked={card.isSelected}
          onChange={(event) => tick(event.currentTarget.checked)}
          label={
            <Text size="xs" fw={600} c={textColour} span>
              {meal.description}
            </Text>
          }
        />
        {isClash && (
          <Text size="xs" fw={700} c={clashRed} data-testid="allergen-clash">
            {describeClash(props.clashing)}
          </Text>
        )}
        {isClash && card.isSelected && card.allergen_override && (
          <Text size="xs" c={clashRed} lineClamp={3} data-testid="allergen-override">
            {`Override: ${card.allergen_override}`}
          </Text>
        )}
        {meal.labels.length > 0 && (
          <Group gap={2}>
            {meal.labels.map((name) => (
              <LabelTag key={name} size="xs" name={name} colour={colourByName.get(name)} />
            ))}
          </Group>
        )}
        <Group gap={4} wrap="nowrap">
          <TextInput
            size="xs"
            w={52}
            aria-label="Quantity"
            inputMode="numeric"
            maxLength={3}
            value={card.quantity}
            error={isInvalid}
            aria-invalid={isInvalid}
            title={`A number from ${String(minQuantity)} to ${String(maxQuantity)}`}
            onChange={(event) => onChange({ kind: 'quantity', text: event.currentTarget.value })}
          />
          {/* A meal with a comment gets a filled button and the comment in words below, not a glyph that the
              narrow card clips. */}
          <Button
            size="compact-xs"
            variant={card.comment ? 'filled' : 'default'}
            disabled={!card.isSelected}
            onClick={onEditComment}
            title={card.comment || 'Add a comment'}
            aria-label={card.comment ? 'Comment (has a comment)' : 'Comment'}
          >
            Comment
          </Button>
        </Group>
        {card.comment && (
          <Text size="xs" lineClamp={2} data-testid="meal-comment">
            {card.comment}
          </Text>
        )}
        {isInvalid && (
          <Text size="xs" c="red.9">
            {`Quantity must be ${String(minQuantity)} to ${String(maxQuantity)}.`}
          </Text>
        )}
        <Button
          size="compact-xs"
          variant="default"
          fullWidth
          disabled={!card.isSelected}
          title="Meal state: click for the next one"
          onClick={() => onChange({ kind: 'meal_state' })}
        >
          {card.meal_state}
        </Button>
        <Button
          size="compact-xs"
          variant="default"
          fullWidth
          disabled={!card.isSelected}
          title="Cook or deliver: click for the next one"
          onClick={() => onChange({ kind: 'cook_deliver' })}
        >
          {card.cook_deliver}
        </Button>
      </Stack>
    </Paper>
  );
}
