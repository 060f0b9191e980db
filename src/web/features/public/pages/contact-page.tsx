import { Stack, Text, Title } from '@mantine/core';
import { ContactForm } from '../components/contact-form';

export function ContactPage() {
  return (
    <Stack gap="md">
      <Title order={1}>Contact us</Title>
      <Text>Questions about MealRounds, or want to try it? Send us a message.</Text>
      <ContactForm />
    </Stack>
  );
}
