import { Image, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { ContactForm } from '../components/contact-form';

export function HomePage() {
  return (
    <Stack gap="xl">
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="xl">
        <Stack gap="md" justify="center">
          <Title order={1}>Meals on wheels, delivered without the paperwork</Title>
          <Text size="lg">
            MealRounds is the back office for your meal delivery service. See your clients from your client
            management system, record each client&apos;s weekly meal choices, plan and optimise delivery rounds, and
            print driver, kitchen and label sheets.
          </Text>
          <Text size="lg">
            It is easy to set up: connect your client management system and your clients, rounds and visits are
            ready to use, with results passed back for claiming and reporting.
          </Text>
        </Stack>
        <Image
          src="/media/overview.png"
          alt="Overview of MealRounds: the weekly menu screen"
          radius="md"
        />
      </SimpleGrid>
      <Stack gap="sm">
        <Title order={2}>Contact us</Title>
        <ContactForm />
      </Stack>
    </Stack>
  );
}
