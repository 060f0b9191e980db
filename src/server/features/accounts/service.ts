import {
  fieldsOpenToAllUsers,
  keepsClientsLocally,
  sourceSystems,
  type Account,
  type SourceSystemName,
  type SourceSettings,
  type UpdateAccountBody,
} from '../../../contracts/accounts';
import type { SourceConnection } from '../../integrations/source-system';
import { isAdminLevel } from '../../../domain/access-level';
import { isSourcePasswordRequired, reenterSourcePasswordMessage } from '../../../domain/source-credentials';
import type { SecretBox } from '../../crypto/secret-box';
import { conflict, forbidden, invalidInput, notFound } from '../../http/errors';
import type { Session } from '../../http/session';
import { readCallAccountVersion } from '../../shared/call-account-versions';
import type { AuditService } from '../audit/service';
import type { AccountChanges, AccountRow, AccountsRepository, RoundRow, RoundUsage } from './repository';

function describeRoundUsage(usage: RoundUsage): string {
  const parts = [
    usage.clients > 0 ? `${usage.clients} ${usage.clients === 1 ? 'client' : 'clients'}` : '',
    usage.visits > 0 ? `${usage.visits} ${usage.visits === 1 ? 'visit' : 'visits'}` : '',
  ].filter(Boolean);
  return `This round is used by ${parts.join(' and ')}. Move its clients to another round before deleting it.`;
}

function readSourceSystem(stored: string): SourceSystemName {
  return (sourceSystems as readonly string[]).includes(stored) ? (stored as SourceSystemName) : '';
}

function toAccount(row: AccountRow, roundRows: RoundRow[]): Account {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    source_system: readSourceSystem(row.sourceSystem),
    source_url: row.sourceUrl,
    source_username: row.sourceUsername,
    has_source_password: row.sourcePasswordEncrypted !== '',
    source_settings: row.sourceSettings,
    rounds: roundRows.map((round) => ({
      id: round.id,
      name: round.name,
      address: round.address,
      pickup_time: round.pickupTime,
      timezone: round.timezone,
      capacity: round.capacity,
      latest_return_time: round.latestReturnTime,
    })),
    preferred_delivery_order: row.preferredDeliveryOrder,
    menu_options: row.menuOptions,
    label_options: row.labelOptions,
    travel_contingency_mins: row.travelContingencyMins,
    optimisation_preference_tm: row.optimisationPreferenceTm,
    workload_balance: row.workloadBalance,
    route_automation: row.roundAutomation,
    release_cutoff_hours: row.releaseCutoffHours,
    visit_horizon_weeks: row.visitHorizonWeeks,
  };
}

function toChanges(body: UpdateAccountBody, secretBox: SecretBox, now: Date): AccountChanges {
  const changes: AccountChanges = { updatedAt: now };
  if (body.name !== undefined) changes.name = body.name;
  if (body.description !== undefined) changes.description = body.description;
  if (body.source_system !== undefined) changes.sourceSystem = body.source_system;
  if (body.source_url !== undefined) changes.sourceUrl = body.source_url;
  if (body.source_username !== undefined) changes.sourceUsername = body.source_username;
  // The CRM password is write-only; an empty value keeps the stored one.
  if (body.source_password) changes.sourcePasswordEncrypted = secretBox.encrypt(body.source_password);
  if (body.source_settings !== undefined) changes.sourceSettings = body.source_settings;
  if (body.preferred_delivery_order !== undefined)
    changes.preferredDeliveryOrder = body.preferred_delivery_order;
  if (body.menu_options !== undefined) changes.menuOptions = body.menu_options;
  if (body.label_options !== undefined) changes.labelOptions = body.label_options;
  if (body.travel_contingency_mins !== undefined)
    changes.travelContingencyMins = body.travel_contingency_mins;
  if (body.optimisation_preference_tm !== undefined)
    changes.optimisationPreferenceTm = body.optimisation_preference_tm;
  if (body.workload_balance !== undefined) changes.workloadBalance = body.workload_balance;
  if (body.route_automation !== undefined) changes.roundAutomation = body.route_automation;
  if (body.release_cutoff_hours !== undefined) changes.releaseCutoffHours = body.release_cutoff_hours;
  if (body.visit_horizon_weeks !== undefined) changes.visitHorizonWeeks = body.visit_horizon_weeks;
  return changes;
}

/** The stored CRM password never follows a changed address or username unless typed again in the same save. */
function checkSecretFollowsAddress(current: Account, body: UpdateAccountBody) {
  const stored = {
    url: current.source_url,
    username: current.source_username,
    hasPassword: current.has_source_password,
  };
  const change = { url: body.source_url, username: body.source_username, password: body.source_password };
  if (!isSourcePasswordRequired(stored, change)) return;
  throw invalidInput(reenterSourcePasswordMessage, [
    { field: 'source_password', message: reenterSourcePasswordMessage },
  ]);
}

export type SourceSetup = {
  sourceSystem: SourceSystemName;
  connection: SourceConnection;
  settings: SourceSettings;
};

/**
 * The fields whose change moves the visits MealRounds makes for an account without a CRM: the rounds (pickup
 * time, timezone), their preferred order, the horizon, and the source system itself (choosing No CRM).
 */
const visitPlanFields: readonly (keyof UpdateAccountBody)[] = [
  'rounds',
  'preferred_delivery_order',
  'visit_horizon_weeks',
  'source_system',
];

export const sourceSwitchMessage =
  'No CRM can be chosen, or left, only while the account has no clients: its clients and their visits belong to the system they came from.';

function checkRoundNames(body: UpdateAccountBody) {
  const names = (body.rounds ?? []).map((round) => round.name.toLowerCase());
  const duplicate = names.find((name, index) => names.indexOf(name) !== index);
  if (duplicate !== undefined) {
    throw invalidInput('Round names must be unique.', [
      { field: 'rounds', message: 'Round names must be unique.' },
    ]);
  }
}

export function createAccountsService(deps: {
  repository: AccountsRepository;
  audit: AuditService;
  secretBox: SecretBox;
  now: () => Date;
  /**
   * After a change of the fields the visits of an account without a CRM are made from (the visit planner, wired
   * in app.ts once it exists: it needs services built after this one).
   */
  onVisitPlanChanged?: (accountId: number) => Promise<void>;
  /**
   * Whether every change of an account passes through this process: true for the embedded PGlite database, which
   * one process alone can open, so the accounts kept in memory are exact. Otherwise (PostgreSQL, where several app
   * servers share the database) a kept account is served only to an API call whose session check read the same
   * settings version (src/server/shared/call-account-versions.ts).
   */
  isSoleWriter: boolean;
}) {
  const { repository } = deps;
  const cache = new Map<number, { account: Account; settingsVersion: number }>();

  async function getAccountById(id: number): Promise<Account> {
    const cached = cache.get(id);
    if (cached && (deps.isSoleWriter || cached.settingsVersion === readCallAccountVersion(id))) {
      return structuredClone(cached.account);
    }
    const [row, roundRows] = await Promise.all([repository.findAccount(id), repository.listRounds(id)]);
    if (!row) throw notFound('Account');
    const account = toAccount(row, roundRows.rounds);
    // Kept only when both reads saw the same version: a change between them would mix two states.
    if (deps.isSoleWriter || row.settingsVersion === roundRows.settingsVersion) {
      cache.set(id, { account: structuredClone(account), settingsVersion: row.settingsVersion });
    }
    return account;
  }

  /** The rounds list replaces the account's rounds: one left out while in use is refused, as a delete is. */
  async function refuseDroppingUsedRounds(accountId: number, keptIds: number[]) {
    const dropped = (await getAccountById(accountId)).rounds.filter((round) => !keptIds.includes(round.id));
    for (const round of dropped) {
      const usage = await repository.countRoundUsage(accountId, round.id);
      if (usage.clients > 0 || usage.visits > 0)
        throw conflict(`${round.name}: ${describeRoundUsage(usage)}`);
    }
  }

  /**
   * To or from No CRM only while the account has no clients (hidden ones too): a CRM's clients carry its ids and
   * no sync would ever hide them, and clients kept in MealRounds would never match a CRM's (docs/product-rules.md,
   * "No CRM").
   */
  async function checkSourceSwitch(current: Account, body: UpdateAccountBody) {
    const next = body.source_system;
    if (next === undefined || keepsClientsLocally(next) === keepsClientsLocally(current.source_system))
      return;
    if ((await repository.countClients(current.id)) === 0) return;
    throw invalidInput(sourceSwitchMessage, [{ field: 'source_system', message: sourceSwitchMessage }]);
  }

  function requireOwnAccount(session: Session, id: number) {
    // Another account's id answers exactly like a missing one.
    if (session.accountId !== id) throw notFound('Account');
  }

  return {
    getAccountById,

    /** What the CRM integration needs: the connection (password decrypted) and the source settings. */
    async getSourceSetup(accountId: number): Promise<SourceSetup> {
      const row = await repository.findAccount(accountId);
      if (!row) throw notFound('Account');
      return {
        sourceSystem: readSourceSystem(row.sourceSystem),
        connection: {
          baseUrl: row.sourceUrl,
          username: row.sourceUsername,
          password: row.sourcePasswordEncrypted ? deps.secretBox.decrypt(row.sourcePasswordEncrypted) : '',
        },
        settings: row.sourceSettings,
      };
    },

    async getAccount(session: Session, id: number): Promise<Account> {
      requireOwnAccount(session, id);
      return getAccountById(id);
    },

    async updateAccount(session: Session, id: number, body: UpdateAccountBody): Promise<Account> {
      requireOwnAccount(session, id);
      const fields = Object.keys(body) as (keyof UpdateAccountBody)[];
      const openFields: readonly string[] = fieldsOpenToAllUsers;
      if (!isAdminLevel(session.accessLevel) && fields.some((field) => !openFields.includes(field))) {
        throw forbidden('Only an administrator can change these settings.');
      }
      checkRoundNames(body);
      const current = await getAccountById(id);
      checkSecretFollowsAddress(current, body);
      await checkSourceSwitch(current, body);
      const roundIds = (body.rounds ?? []).flatMap((round) => (round.id ? [round.id] : []));
      if ((await repository.countRoundsOfAccount(id, roundIds)) !== roundIds.length) {
        throw invalidInput('A round in the list does not belong to this account.', [
          { field: 'rounds', message: 'Unknown round id.' },
        ]);
      }
      if (body.rounds) await refuseDroppingUsedRounds(id, roundIds);
      cache.delete(id);
      await repository.updateAccount(id, toChanges(body, deps.secretBox, deps.now()), body.rounds);
      await deps.audit.record(session, {
        action: 'account.update',
        targetType: 'account',
        targetId: id,
        detail: { fields },
      });
      if (fields.some((field) => visitPlanFields.includes(field))) await deps.onVisitPlanChanged?.(id);
      return getAccountById(id);
    },

    /** Deletes one of the account's rounds (admins), refused with code 6 while clients or visits use it. */
    async deleteRound(session: Session, roundId: number): Promise<void> {
      if (!isAdminLevel(session.accessLevel)) throw forbidden('Only an administrator can delete a round.');
      const account = await getAccountById(session.accountId);
      const round = account.rounds.find((candidate) => candidate.id === roundId);
      if (!round) throw notFound('Round');
      cache.delete(session.accountId);
      const usage = await repository.deleteRoundIfUnused(session.accountId, round);
      if (usage) throw conflict(describeRoundUsage(usage));
      await deps.audit.record(session, {
        action: 'round.delete',
        targetType: 'round',
        targetId: roundId,
        detail: { name: round.name },
      });
    },
  };
}
export type AccountsService = ReturnType<typeof createAccountsService>;
