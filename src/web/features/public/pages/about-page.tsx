import { Stack, Text, Title } from '@mantine/core';
import { usePublicConfig } from '../../../api/public-config';
import { ContactForm } from '../components/contact-form';
import { HowtoVideo } from '../components/howto-video';

export function AboutPage() {
  const config = usePublicConfig();
  return (
    <Stack gap="xl">
      <Stack gap="sm">
        <Title order={1}>About MealRounds</Title>
        <Text>
          MealRounds helps managers, kitchen staff and drivers of meals-on-wheels services. It works alongside your
          client management system: clients, dietary labels and plans come from there, and the rounds, completed
          visits and meal choices you record here go back to it for claiming and reporting.
        </Text>
        <Text>
          Plan daily delivery rounds, keep a weekly menu, check every client&apos;s meal choices against their dietary
          needs, and print run sheets, kitchen sheets and reports.
        </Text>
      </Stack>
      <Stack gap="sm">
        <Title order={2}>How to use MealRounds</Title>
        {config.isPending ? <Text>Loading...</Text> : <HowtoVideo url={config.data?.howto_video_url ?? ''} />}
      </Stack>
      <Stack gap="sm">
        <Title order={2}>Contact us</Title>
        <ContactForm />
      </Stack>
    </Stack>
  );
}
