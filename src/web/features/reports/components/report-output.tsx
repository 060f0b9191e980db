import { ActionIcon, Button, Group, Stack } from '@mantine/core';
import { useState } from 'react';
import type { PrintReportBody, ReportFormat } from '../../../../contracts/reports';
import { describeApiError } from '../../../lib/api-client';
import { downloadLink, openPrintWindow } from '../../../lib/print-window';
import { usePrintReport } from '../../../api/print';
import { BlockedPrintNotice } from '../../../components/blocked-print-notice';
import { ErrorNotice } from '../../../components/error-notice';

/** A report's parameters as the print call takes them, without the format. */
export type ReportFileRequest = PrintReportBody extends infer Body
  ? Body extends PrintReportBody
    ? Omit<Body, 'format'>
    : never
  : never;

/**
 * Printing (a PDF in a window closing after 500 ms) and CSV downloads of a report; `busyKey` names the action
 * under way so only its button spins.
 */
export function useReportOutput() {
  const printReport = usePrintReport();
  const [busyKey, setBusyKey] = useState<string | null>(null);
  const [errorText, setErrorText] = useState<string | null>(null);
  const [blockedUrl, setBlockedUrl] = useState<string | null>(null);

  async function run(key: string, request: ReportFileRequest, format: ReportFormat) {
    setErrorText(null);
    setBlockedUrl(null);
    setBusyKey(key);
    try {
      const { url } = await printReport.mutateAsync({ ...request, format });
      if (format === 'csv') downloadLink(url);
      else if (!openPrintWindow(url)) setBlockedUrl(url);
    } catch (error) {
      setErrorText(describeApiError(error));
    } finally {
      setBusyKey(null);
    }
  }

  return {
    busyKey,
    errorText,
    blockedUrl,
    print: (key: string, request: ReportFileRequest) => void run(key, request, 'pdf'),
    download: (key: string, request: ReportFileRequest) => void run(key, request, 'csv'),
    clearErrorText: () => setErrorText(null),
    clearBlockedUrl: () => setBlockedUrl(null),
  };
}

export type ReportOutput = ReturnType<typeof useReportOutput>;

export function ReportOutputNotices({ output }: { output: ReportOutput }) {
  if (!output.errorText && !output.blockedUrl) return null;
  return (
    <Stack gap="xs">
      <ErrorNotice text={output.errorText} onDismiss={output.clearErrorText} />
      <BlockedPrintNotice url={output.blockedUrl} onDismiss={output.clearBlockedUrl} />
    </Stack>
  );
}

function PrinterIcon() {
  return (
    <svg
      width="18"
      height="18"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      aria-hidden="true"
    >
      <path d="M6 9V3h12v6" />
      <rect x="3" y="9" width="18" height="8" rx="2" />
      <path d="M6 14h12v7H6z" />
    </svg>
  );
}

type PrintIconButtonProps = {
  /** The accessible name: 'Print' for the whole report, more precise for a part of it. */
  label: string;
  isBusy: boolean;
  disabled: boolean;
  onClick: () => void;
};

/** A report's print icon: makes the report's PDF. */
export function PrintIconButton({ label, isBusy, disabled, onClick }: PrintIconButtonProps) {
  return (
    <ActionIcon
      variant="default"
      size="lg"
      aria-label={label}
      title={label}
      loading={isBusy}
      disabled={disabled}
      onClick={onClick}
    >
      <PrinterIcon />
    </ActionIcon>
  );
}

type ReportFileActionsProps = {
  output: ReportOutput;
  /** The shown report's parameters; null while nothing is shown yet. */
  request: ReportFileRequest | null;
};

/** The report's print icon and its Download CSV button, for what the screen shows. */
export function ReportFileActions({ output, request }: ReportFileActionsProps) {
  const isBusy = output.busyKey !== null;
  return (
    <Group gap="sm" wrap="nowrap">
      <PrintIconButton
        label="Print"
        isBusy={output.busyKey === 'print'}
        disabled={!request || isBusy}
        onClick={() => request && output.print('print', request)}
      />
      <Button
        variant="default"
        loading={output.busyKey === 'csv'}
        disabled={!request || isBusy}
        onClick={() => request && output.download('csv', request)}
      >
        Download CSV
      </Button>
    </Group>
  );
}
