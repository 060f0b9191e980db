import { Stack, Text, Title, type TitleOrder } from '@mantine/core';

type ComingSoonProps = {
  title: string;
  /** 1 for a whole screen, 2 for a section inside one (a settings tab). */
  headingOrder?: TitleOrder;
  /** What is coming, as the line names it: 'screen' or 'section'. */
  subject?: 'screen' | 'section';
};

/** Placeholder for a screen built by a later release: a title and one honest line, no fake data or dead buttons. */
export function ComingSoon({ title, headingOrder = 1, subject = 'screen' }: ComingSoonProps) {
  return (
    <Stack gap="sm">
      <Title order={headingOrder}>{title}</Title>
      <Text>This {subject} is coming in a later release.</Text>
    </Stack>
  );
}
