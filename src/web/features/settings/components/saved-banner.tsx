import { Alert } from '@mantine/core';
import { settingsSavedText } from './integration-settings';

/** The settings saved banner; it clears itself after 3 s (see useAccountSave). */
export function SavedBanner({ isShown, text = settingsSavedText }: { isShown: boolean; text?: string }) {
  if (!isShown) return null;
  return (
    <Alert color="teal" role="status">
      {text}
    </Alert>
  );
}
