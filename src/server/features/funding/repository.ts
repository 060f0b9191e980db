import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { FundingCodeList } from '../../../contracts/funding';
import type { Database } from '../../db/client';
import { clients } from '../../db/schema/clients';
import { clientFundingProfiles, fundingCodeDefaults, fundingCodes } from '../../db/schema/funding';

export type FundingProfileRow = typeof clientFundingProfiles.$inferSelect;
/** A profile's stored values, without its keys and time stamp. */
export type FundingProfileValues = Omit<FundingProfileRow, 'clientId' | 'accountId' | 'updatedAt'>;
export type FundingCodeRow = { list: string; code: string; description: string };

/** What a CRM's client profile may hold for the funder profile (YYYY-MM-DD birth date, DEX codes). */
export type SourceFundingFields = { genderCode?: string; birthDate?: string; languageCode?: string };

const sourceColumns = {
  genderCode: 'gender_code',
  birthDate: 'birth_date',
  languageCode: 'language_code',
} as const satisfies Record<keyof SourceFundingFields, string>;

/** The funder profiles of the clients and the DEX code lists. */
export function createFundingRepository(db: Database) {
  return {
    /** The account's client (hidden ones too: a past month may report them) with its profile, if any. */
    async findClient(accountId: number, clientId: number) {
      const [row] = await db
        .select({ name: clients.name, profile: clientFundingProfiles })
        .from(clients)
        .leftJoin(clientFundingProfiles, eq(clientFundingProfiles.clientId, clients.id))
        .where(and(eq(clients.accountId, accountId), eq(clients.id, clientId)));
      return row;
    },

    async saveProfile(accountId: number, clientId: number, values: FundingProfileValues, now: Date) {
      await db
        .insert(clientFundingProfiles)
        .values({ ...values, accountId, clientId, updatedAt: now })
        .onConflictDoUpdate({ target: clientFundingProfiles.clientId, set: { ...values, updatedAt: now } });
    },

    /** The profiles of these clients of the account. */
    listProfiles(accountId: number, clientIds: number[]): Promise<FundingProfileRow[]> {
      if (clientIds.length === 0) return Promise.resolve([]);
      return db
        .select()
        .from(clientFundingProfiles)
        .where(
          and(
            eq(clientFundingProfiles.accountId, accountId),
            inArray(clientFundingProfiles.clientId, clientIds),
          ),
        );
    },

    /**
     * The CRM's values of the fields its client profile holds, for each client (by source id) of the account: a
     * field a user set (`locally_set`) is kept, any other takes the CRM's value; a client without a profile gets
     * one. One statement for the whole sync page.
     */
    async fillFromSource(accountId: number, entries: { sourceId: string; fields: SourceFundingFields }[]) {
      const filled = entries.filter((entry) => Object.keys(entry.fields).length > 0);
      if (filled.length === 0) return;
      const payload = JSON.stringify(
        filled.map((entry) => ({
          source_id: entry.sourceId,
          ...Object.fromEntries(
            Object.entries(entry.fields).map(([key, value]) => [
              sourceColumns[key as keyof SourceFundingFields],
              value,
            ]),
          ),
        })),
      );
      const keep = (column: string) =>
        sql.raw(
          `${column} = case when client_funding_profiles.locally_set ? '${column}' or excluded.${column} is null then client_funding_profiles.${column} else excluded.${column} end`,
        );
      await db.execute(sql`insert into client_funding_profiles (client_id, account_id, gender_code, birth_date, language_code)
        select c.id, c.account_id, e.gender_code, e.birth_date, e.language_code
        from jsonb_to_recordset(${payload}::jsonb) as e(source_id text, gender_code text, birth_date text, language_code text)
        join clients c on c.account_id = ${accountId} and c.source_id = e.source_id
        on conflict (client_id) do update set ${keep('gender_code')}, ${keep('birth_date')}, ${keep('language_code')}`);
    },

    /** The account's own code rows and the shipped defaults, each in list order (the service picks per list). */
    async listCodes(accountId: number): Promise<(FundingCodeRow & { isOwn: boolean })[]> {
      const own = await db
        .select({ list: fundingCodes.list, code: fundingCodes.code, description: fundingCodes.description })
        .from(fundingCodes)
        .where(eq(fundingCodes.accountId, accountId))
        .orderBy(asc(fundingCodes.list), asc(fundingCodes.position), asc(fundingCodes.id));
      const defaults = await db
        .select({
          list: fundingCodeDefaults.list,
          code: fundingCodeDefaults.code,
          description: fundingCodeDefaults.description,
        })
        .from(fundingCodeDefaults)
        .orderBy(
          asc(fundingCodeDefaults.list),
          asc(fundingCodeDefaults.position),
          asc(fundingCodeDefaults.id),
        );
      return [
        ...own.map((row) => ({ ...row, isOwn: true })),
        ...defaults.map((row) => ({ ...row, isOwn: false })),
      ];
    },

    /** Replaces the account's copy of one list, in order, in one transaction. */
    async replaceCodeList(
      accountId: number,
      list: FundingCodeList,
      codes: { code: string; description: string }[],
    ) {
      await db.transaction(async (tx) => {
        await tx
          .delete(fundingCodes)
          .where(and(eq(fundingCodes.accountId, accountId), eq(fundingCodes.list, list)));
        await tx
          .insert(fundingCodes)
          .values(codes.map((entry, position) => ({ accountId, list, ...entry, position })));
      });
    },
  };
}
export type FundingRepository = ReturnType<typeof createFundingRepository>;
