import { Badge, type BadgeProps } from '@mantine/core';
import { labelColour, readableTextColour, type LabelColourContext } from '../../domain/labels';

/** A label as a tag in its colour (the context's fallback when it has none valid), its text black or white. */
export function LabelTag({
  name,
  colour,
  context = 'meals',
  size,
}: {
  name: string;
  colour: string | null | undefined;
  context?: LabelColourContext;
  size?: BadgeProps['size'];
}) {
  const background = labelColour(colour, context);
  return (
    <Badge
      size={size}
      variant="filled"
      tt="none"
      radius="sm"
      data-testid="meal-label-tag"
      style={{ backgroundColor: background, color: readableTextColour(background) }}
    >
      {name}
    </Badge>
  );
}
