import { Alert, Anchor, Button, Group, List, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { SuccessNotice } from '../../../components/success-notice';
import { ErrorNotice } from '../../../components/error-notice';
import { useForm } from '@mantine/form';
import { useState } from 'react';
import { Link } from 'react-router';
import type { DexExport, DexSettings, FunderMonthlyReport } from '../../../../contracts/funding';
import { useDexExport, useDexSettings } from '../../../api/funding';
import { describeApiError } from '../../../lib/api-client';
import { downloadLink } from '../../../lib/print-window';

type DexExportPanelProps = { month: string; report: FunderMonthlyReport };

/** The Data Exchange bulk XML of the month: the organisation's two ids (the last ones offered again), then the file. */
export function DexExportPanel({ month, report }: DexExportPanelProps) {
  const settings = useDexSettings();
  return (
    <Paper withBorder p="sm" radius="sm" component="section" aria-labelledby="dex-export-title">
      <Title order={3} id="dex-export-title" mb="xs">
        DEX Export
      </Title>
      {settings.isPending ? (
        <Text>Loading...</Text>
      ) : (
        <DexExportForm month={month} report={report} settings={settings.data ?? null} />
      )}
    </Paper>
  );
}

const toText = (value: number | null | undefined) =>
  value === null || value === undefined ? '' : String(value);

/** '1 client', '3 clients'. */
const count = (n: number, noun: string) => `${String(n)} ${noun}${n === 1 ? '' : 's'}`;

/** A positive whole number as typed, or null. */
function parseId(text: string): number | null {
  return /^\d{1,9}$/.test(text.trim()) && Number(text) > 0 ? Number(text) : null;
}

const checkId = (text: string) =>
  parseId(text) === null ? 'Enter the id the Data Exchange gave (a whole number).' : null;

function DexExportForm({ month, report, settings }: DexExportPanelProps & { settings: DexSettings | null }) {
  // Checked on Export: both ids are needed for the file.
  const form = useForm({
    initialValues: {
      outlet: toText(settings?.outlet_activity_id),
      serviceType: toText(settings?.service_type_id),
    },
    validate: { outlet: checkId, serviceType: checkId },
  });
  const [errorText, setErrorText] = useState<string | null>(null);
  const [result, setResult] = useState<DexExport | null>(null);
  const dex = useDexExport();

  function clearOutcome() {
    setErrorText(null);
    setResult(null);
  }

  const submit = form.onSubmit(async ({ outlet, serviceType }) => {
    clearOutcome();
    const outletId = parseId(outlet);
    const serviceTypeId = parseId(serviceType);
    if (outletId === null || serviceTypeId === null) return;
    try {
      const answer = await dex.mutateAsync({
        month,
        outlet_activity_id: outletId,
        service_type_id: serviceTypeId,
      });
      setResult(answer);
      downloadLink(answer.url);
    } catch (error) {
      setErrorText(describeApiError(error));
    }
  }, clearOutcome);

  const nameOf = (clientId: number) =>
    report.clients.find((client) => client.client_id === clientId)?.name ?? `Client ${String(clientId)}`;
  return (
    <Stack gap="sm">
      <Text size="sm">
        One session per CHSP client and delivery date, checked against the Data Exchange schema before it is
        downloaded. Due by the 14th for the previous month.
      </Text>
      <form onSubmit={submit} noValidate>
        <Group align="flex-start" gap="md">
          <TextInput label="Outlet Activity ID" {...form.getInputProps('outlet')} />
          <TextInput label="Service Type ID" {...form.getInputProps('serviceType')} />
          <Button type="submit" mt={25} loading={dex.isPending}>
            Export DEX XML
          </Button>
        </Group>
      </form>
      <ErrorNotice text={errorText} onDismiss={() => setErrorText(null)} />
      {result && (
        <SuccessNotice>
          {`Exported ${count(result.clients, 'client')}, ${count(result.cases, 'case')} and ${count(result.sessions, 'session')}.`}
        </SuccessNotice>
      )}
      {result && result.warnings.length > 0 && (
        <Alert color="yellow" title="Clients left out of the file">
          <List size="sm">
            {result.warnings.map((warning) => (
              <List.Item key={`${String(warning.client_id)}-${warning.field}`}>
                <Anchor component={Link} to={`/client/${String(warning.client_id)}/`}>
                  {nameOf(warning.client_id)}
                </Anchor>
                {`: ${warning.message}`}
              </List.Item>
            ))}
          </List>
        </Alert>
      )}
    </Stack>
  );
}
