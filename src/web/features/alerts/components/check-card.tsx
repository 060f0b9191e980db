import { Anchor, Badge, Button, Group, List, Paper, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import type { Alert } from '../../../../contracts/alerts';
import { formatShownClock, formatShownDateTime } from '../../../../domain/shown-time';
import { formatDayMonthYear } from '../../../../domain/weeks';
import { welfareActionLabels } from '../../../../domain/welfare-steps';
import { DriverPhoto } from '../../../components/driver-photo';
import { OutcomeBadge } from '../../../components/outcome-badge';
import { attemptChannelLabels, attemptResultLabels, formatMinutesOpen } from '../check-labels';

type CheckCardProps = {
  alert: Alert;
  timeZone: string;
  nowMs: number;
  onRecordAttempt: (alert: Alert) => void;
  onResolve: (alert: Alert) => void;
};

const telHref = (phone: string) => `tel:${phone.replace(/[^\d+]/g, '')}`;

/** What the check asks for now: the step due (a person's to do, or the runner's about to run), and the next. */
function NextStep({ alert, timeZone }: { alert: Alert; timeZone: string }) {
  const due = alert.steps.find((step) => step.state === 'due');
  const upcoming = alert.steps.find((step) => step.state === 'upcoming');
  if (alert.steps.length === 0)
    return <Text>No steps for this outcome: resolve it when it is looked into.</Text>;
  if (!due && !upcoming) return <Text>Every step is done: resolve the check when the client is found.</Text>;
  return (
    <Stack gap={0}>
      {due && <Text fw={700}>{`Due now: ${welfareActionLabels[due.action]}`}</Text>}
      {upcoming && (
        <Text>{`Next: ${welfareActionLabels[upcoming.action]} at ${formatShownClock(upcoming.due_at, timeZone)}`}</Text>
      )}
    </Stack>
  );
}

/** One open check on the board: the client, its clock and next step, the contacts to call, the attempts. */
export function CheckCard({ alert, timeZone, nowMs, onRecordAttempt, onResolve }: CheckCardProps) {
  const titleId = `check-${String(alert.id)}-title`;
  return (
    <Paper
      component="section"
      withBorder
      p="md"
      aria-labelledby={titleId}
      style={alert.is_overdue ? { borderColor: 'var(--mantine-color-red-9)', borderWidth: 2 } : undefined}
      data-overdue={alert.is_overdue}
    >
      <Stack gap="xs">
        <Group justify="space-between" align="flex-start">
          <Stack gap={2}>
            <Title order={2} size="h4" id={titleId}>
              <Anchor component={Link} to={`/client/${String(alert.client.id)}/`} inherit>
                {alert.client.name}
              </Anchor>
            </Title>
            <Group gap="xs">
              <OutcomeBadge outcome={alert.outcome} />
              <Text size="sm">
                {`${alert.round?.name ?? 'No round'}, ${formatDayMonthYear(alert.date)}, recorded ${formatShownDateTime(alert.recorded_at, timeZone)}`}
              </Text>
            </Group>
            {alert.client.phone && (
              <Anchor href={telHref(alert.client.phone)} size="sm">
                {`Call ${alert.client.name}: ${alert.client.phone}`}
              </Anchor>
            )}
          </Stack>
          <Stack gap={2} align="flex-end">
            <Text size="sm">{formatMinutesOpen(alert.clock_started_at ?? alert.created_at, nowMs)}</Text>
            {alert.is_overdue && (
              <Badge color="red.9" variant="filled">
                Overdue
              </Badge>
            )}
          </Stack>
        </Group>
        {alert.note && (
          <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>{`Driver's note: ${alert.note}`}</Text>
        )}
        {alert.photo_url && (
          <DriverPhoto
            path={alert.photo_url}
            label={`${alert.client.name}, ${formatDayMonthYear(alert.date)}`}
          />
        )}
        <NextStep alert={alert} timeZone={timeZone} />
        <Text size="sm" fw={700}>
          Emergency contacts
        </Text>
        {alert.contacts.length === 0 ? (
          <Text size="sm">No emergency contacts on record.</Text>
        ) : (
          <List size="sm">
            {alert.contacts.map((contact) => (
              <List.Item key={`${contact.name}-${contact.phone}`}>
                {`${contact.name}${contact.relationship ? ` (${contact.relationship})` : ''}: `}
                {contact.phone ? (
                  <Anchor href={telHref(contact.phone)} size="sm">
                    {contact.phone}
                  </Anchor>
                ) : (
                  'no phone'
                )}
              </List.Item>
            ))}
          </List>
        )}
        <Text size="sm" fw={700}>
          Attempts
        </Text>
        {alert.attempts.length === 0 ? (
          <Text size="sm">No attempts yet.</Text>
        ) : (
          <List size="sm" aria-label={`Attempts for ${alert.client.name}`}>
            {alert.attempts.map((attempt) => (
              <List.Item key={attempt.id}>
                {[
                  formatShownClock(attempt.at, timeZone),
                  attempt.by,
                  attemptChannelLabels[attempt.channel],
                  attempt.to,
                  attemptResultLabels[attempt.result],
                  attempt.note,
                ]
                  .filter(Boolean)
                  .join(' · ')}
              </List.Item>
            ))}
          </List>
        )}
        <Group gap="sm">
          <Button
            variant="default"
            onClick={() => onRecordAttempt(alert)}
            aria-label={`Record an attempt for ${alert.client.name}`}
          >
            Record an attempt
          </Button>
          <Button onClick={() => onResolve(alert)} aria-label={`Resolve ${alert.client.name}`}>
            Resolve
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
