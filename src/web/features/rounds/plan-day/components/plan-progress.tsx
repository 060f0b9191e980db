import { Button, Group, Progress, Stack, Text } from '@mantine/core';

type PlanProgressProps = {
  progress: number;
  /** Still reading the day's visits (from the CRM for a day never read): the job has not started. */
  isReading: boolean;
  isCancelling: boolean;
  onCancel: () => void;
};

/** A plan being worked out: how far along it is, and Cancel (the best plan found so far may still come). */
export function PlanProgress({ progress, isReading, isCancelling, onCancel }: PlanProgressProps) {
  const percent = Math.round(Math.min(1, Math.max(0, progress)) * 100);
  return (
    <Stack gap={6} maw={480}>
      <Text size="sm" role="status">
        {isReading ? "Reading the day's visits..." : `Planning... ${String(percent)}%`}
      </Text>
      <Progress value={percent} aria-label="Planning progress" animated />
      <Group>
        <Button variant="default" onClick={onCancel} loading={isCancelling} disabled={isReading}>
          Cancel
        </Button>
      </Group>
    </Stack>
  );
}
