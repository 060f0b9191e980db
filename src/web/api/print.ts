import { useMutation } from '@tanstack/react-query';
import { printLinkSchema, type MenuPrintBody, type PrintRoundBody } from '../../contracts/print';
import type { PrintReportBody } from '../../contracts/reports';
import { apiPost, unwrapData } from '../lib/api-client';

/*
 * Printing answers a short-lived link to the PDF (or CSV) in data.url; it changes no query. The body is what the
 * screen shows, so the document matches it.
 */

export function usePrintMenu() {
  return useMutation({
    mutationFn: async (body: MenuPrintBody) =>
      unwrapData(await apiPost('print/menu', body, { schema: printLinkSchema })),
  });
}

export function usePrintRound() {
  return useMutation({
    mutationFn: async (body: PrintRoundBody) =>
      unwrapData(await apiPost('print/round', body, { schema: printLinkSchema })),
  });
}

export function usePrintReport() {
  return useMutation({
    mutationFn: async (body: PrintReportBody) =>
      unwrapData(await apiPost('print/report', body, { schema: printLinkSchema })),
  });
}
