/** HH:MM on the phone's clock (when the driver tapped, when the run was kept). */
export function formatPhoneTime(iso: string): string {
  return new Date(iso).toLocaleTimeString('en-AU', { hour: '2-digit', minute: '2-digit', hour12: false });
}
