import { SuccessNotice } from '../../../components/success-notice';
import { settingsSavedText } from './source-settings';

/** The settings saved banner; it clears itself after 3 s (see useAccountSave). */
export function SavedBanner({ isShown, text = settingsSavedText }: { isShown: boolean; text?: string }) {
  if (!isShown) return null;
  return <SuccessNotice>{text}</SuccessNotice>;
}
