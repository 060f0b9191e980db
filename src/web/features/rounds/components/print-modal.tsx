import { Button, Checkbox, Modal, Stack } from '@mantine/core';
import { BlockedPrintNotice } from '../../../components/blocked-print-notice';
import { ErrorNotice } from '../../../components/error-notice';
import { useState } from 'react';
import type { PrintRoundBody, PrintRoundFormat } from '../../../../contracts/print';
import { describeApiError } from '../../../lib/api-client';
import { openPrintWindow } from '../../../lib/print-window';
import { describeDrivingRoutePart, type DrivingRoutePart } from '../../../../domain/driving-route';
import { usePrintRound } from '../../../api/print';

const sheets: { format: PrintRoundFormat; label: string }[] = [
  { format: 'driver', label: 'Driver Run Sheet' },
  { format: 'kitchen', label: 'Kitchen Meal Preparation Sheet' },
  { format: 'meal_labels', label: 'Kitchen Meal Label Sheet' },
];

type PrintModalProps = {
  body: Omit<PrintRoundBody, 'format'>;
  /** The driving route's directions links, in order (one per part the maps provider takes). */
  drivingRoute: DrivingRoutePart[];
  /** The day's run can still have a driver link (today, yesterday or later). */
  canLinkDriver: boolean;
  onClose: () => void;
};

/** Print: the round's sheets as PDFs (the panel's current order and times) and the driving route in Google Maps. */
export function PrintModal({ body, drivingRoute, canLinkDriver, onClose }: PrintModalProps) {
  const printRound = usePrintRound();
  const [printing, setPrinting] = useState<PrintRoundFormat | null>(null);
  const [errorText, setErrorText] = useState<string | null>(null);
  const [blockedUrl, setBlockedUrl] = useState<string | null>(null);
  const [isDriverLinkWanted, setIsDriverLinkWanted] = useState(canLinkDriver);

  async function print(format: PrintRoundFormat) {
    setErrorText(null);
    setBlockedUrl(null);
    setPrinting(format);
    try {
      const driverLink = format === 'driver' && isDriverLinkWanted ? { driver_link: true } : {};
      const { url } = await printRound.mutateAsync({ ...body, format, ...driverLink });
      if (!openPrintWindow(url)) setBlockedUrl(url);
    } catch (error) {
      setErrorText(describeApiError(error));
    } finally {
      setPrinting(null);
    }
  }

  return (
    <Modal opened onClose={onClose} title="Print">
      <Stack gap="sm">
        {canLinkDriver && (
          <Checkbox
            label="Print a new driver link (QR code) on the Driver Run Sheet"
            checked={isDriverLinkWanted}
            onChange={(event) => setIsDriverLinkWanted(event.currentTarget.checked)}
          />
        )}
        {sheets.map((sheet) => (
          <Button
            key={sheet.format}
            variant="default"
            loading={printing === sheet.format}
            disabled={printing !== null && printing !== sheet.format}
            onClick={() => void print(sheet.format)}
          >
            {sheet.label}
          </Button>
        ))}
        {drivingRoute.map((part) => (
          <Button
            key={part.part}
            component="a"
            href={part.url}
            target="_blank"
            rel="noreferrer"
            variant="default"
            // A part's name can be longer than the dialog is wide: it wraps rather than being cut.
            h="auto"
            mih={36}
            py={6}
            styles={{ label: { whiteSpace: 'normal', textAlign: 'center' } }}
          >
            {describeDrivingRoutePart(part)}
          </Button>
        ))}
        <ErrorNotice text={errorText} onDismiss={() => setErrorText(null)} />
        <BlockedPrintNotice url={blockedUrl} />
      </Stack>
    </Modal>
  );
}
