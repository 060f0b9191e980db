import { useState } from 'react';
import type { UpdateAccountBody } from '../../../../contracts/accounts';
import { describeApiError } from '../../../lib/api-client';
import { useUpdateAccount } from '../../../api/accounts';
import { useTimedNotice } from '../../../components/use-timed-notice';

/**
 * A settings panel's save of part of the account: the 'Settings saved successfully' banner that clears after 3 s,
 * or the server's message in a dismissible notice.
 */
export function useAccountSave(accountId: number) {
  const updateAccount = useUpdateAccount();
  const savedNotice = useTimedNotice();
  const [errorText, setErrorText] = useState<string | null>(null);

  async function save(body: UpdateAccountBody): Promise<boolean> {
    if (updateAccount.isPending) return false;
    setErrorText(null);
    savedNotice.hide();
    try {
      await updateAccount.mutateAsync({ accountId, body });
      savedNotice.show();
      return true;
    } catch (error) {
      setErrorText(describeApiError(error));
    }
    return false;
  }

  return {
    save,
    isPending: updateAccount.isPending,
    isSaved: savedNotice.isShown,
    errorText,
    dismissError: () => setErrorText(null),
  };
}
