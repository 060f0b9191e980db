import type { FieldError } from '../../../contracts/envelope';
import {
  checkOutcomeKinds,
  defaultWelfareCheckOutcomes,
  type WelfareSettings,
} from '../../../contracts/welfare';
import { getPhoneRegion, parsePhoneNumber } from '../../../domain/phone-numbers';
import { getAccountTimeZone } from '../../../domain/today';
import { defaultWelfareSteps } from '../../../domain/welfare-steps';
import { invalidInput } from '../../http/errors';
import type { Session } from '../../http/session';
import type { AuditService } from '../audit/service';
import type { Executor } from './welfare-ports';
import type { WelfareRepository } from './welfare-repository';

/** Where the account's rounds (and so its time zone, and so its phone region) are read. */
export type AccountRounds = {
  getAccountById(id: number): Promise<{ rounds: { id: number; timezone: string }[] }>;
};

type CheckOutcomeKind = WelfareSettings['check_outcomes'][number];

function isCheckOutcomeKind(kind: string): kind is CheckOutcomeKind {
  return checkOutcomeKinds.some((known) => known === kind);
}

const defaultSettings: WelfareSettings = {
  steps: defaultWelfareSteps,
  check_outcomes: defaultWelfareCheckOutcomes,
  managers: [],
};

/**
 * The account's no-response procedure (Settings > Welfare checks): its steps, the outcomes that start the clock and
 * the managers on duty. An account that never saved it follows the defaults. Managers' phones are kept in E.164.
 */
export function createWelfareSettingsService(deps: {
  repository: WelfareRepository;
  accounts: AccountRounds;
  audit: AuditService;
  now: () => Date;
}) {
  /** In `tx` when given: an outcome's transaction reads the procedure it starts. */
  async function readSettings(accountId: number, tx?: Executor): Promise<WelfareSettings> {
    const stored = await deps.repository.findSettings(accountId, tx);
    if (!stored) return defaultSettings;
    return {
      steps: stored.steps,
      check_outcomes: stored.checkOutcomes.filter(isCheckOutcomeKind),
      managers: stored.managers,
    };
  }

  /** Every manager's phone in E.164, read in the account's region; code 2 naming each one that is not a number. */
  async function normalisePhones(accountId: number, settings: WelfareSettings): Promise<WelfareSettings> {
    const { rounds } = await deps.accounts.getAccountById(accountId);
    const region = getPhoneRegion(getAccountTimeZone(rounds));
    const errors: FieldError[] = [];
    const managers = settings.managers.map((manager, index) => {
      if (manager.phone === '') {
        if (manager.email === '')
          errors.push({ field: `managers.${String(index)}.email`, message: 'Enter an email or a phone.' });
        return manager;
      }
      const parsed = parsePhoneNumber(manager.phone, region);
      if (parsed.isValid) return { ...manager, phone: parsed.e164 };
      errors.push({ field: `managers.${String(index)}.phone`, message: parsed.message });
      return manager;
    });
    if (errors.length > 0) throw invalidInput('Check the managers on duty.', errors);
    return { ...settings, managers };
  }

  return {
    readSettings,

    getSettings(session: Session): Promise<WelfareSettings> {
      return readSettings(session.accountId);
    },

    async updateSettings(session: Session, body: WelfareSettings): Promise<WelfareSettings> {
      const settings = await normalisePhones(session.accountId, body);
      await deps.repository.saveSettings(
        session.accountId,
        { steps: settings.steps, checkOutcomes: settings.check_outcomes, managers: settings.managers },
        deps.now(),
      );
      await deps.audit.record(session, {
        action: 'settings.welfare.update',
        targetType: 'account',
        targetId: session.accountId,
        detail: { steps: settings.steps.length, managers: settings.managers.length },
      });
      return settings;
    },
  };
}
export type WelfareSettingsService = ReturnType<typeof createWelfareSettingsService>;
