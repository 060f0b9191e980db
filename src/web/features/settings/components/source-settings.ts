import {
  updateAccountBodySchema,
  type Account,
  type SourceSettings,
  type UpdateAccountBody,
} from '../../../../contracts/accounts';
import type { Premium, ServiceCode, Tag } from '../../../../contracts/source';

/** Success text of a settings save (it clears after 3 s, as every saved message does). */
export const settingsSavedText = 'Settings saved successfully';

export type SelectOption = { value: string; label: string };

/** The connected care-management system's name, or null when the account's source system has none. */
export function describeSourceProduct(sourceSystem: Account['source_system']): string | null {
  switch (sourceSystem) {
    case 'alayacare':
    case 'demo':
      return 'AlayaCare';
    case '':
    case 'none':
      return null;
  }
}

/** The source-system choice of Settings > CMS Integration: a CRM, or none (clients kept in MealRounds). */
export const sourceChoices = [
  { value: 'alayacare', label: 'AlayaCare' },
  { value: 'none', label: 'No CRM: clients are kept in MealRounds' },
] as const;
export type SourceChoice = (typeof sourceChoices)[number]['value'];

/** The choice the stored source system shows ('demo' is AlayaCare's simulator); null when none is chosen yet. */
export function readSourceChoice(sourceSystem: Account['source_system']): SourceChoice | null {
  switch (sourceSystem) {
    case 'alayacare':
    case 'demo':
      return 'alayacare';
    case 'none':
      return 'none';
    case '':
      return null;
  }
}

export type SourceCredentialsForm = { sourceUrl: string; sourceUsername: string; sourcePassword: string };

/**
 * The general section's update. The password is write-only: an empty field means "keep the stored one", so it
 * is left out of the body rather than sent empty.
 */
export function buildCredentialsBody(form: SourceCredentialsForm): UpdateAccountBody {
  const body: UpdateAccountBody = {
    source_url: form.sourceUrl.trim(),
    source_username: form.sourceUsername.trim(),
  };
  if (form.sourcePassword !== '') body.source_password = form.sourcePassword;
  return body;
}

/** Empty (no CRM yet) or an http(s) web address the server's contract accepts. */
export function isValidSourceUrl(url: string): boolean {
  const trimmed = url.trim();
  if (trimmed === '') return true;
  return /^https?:\/\//i.test(trimmed) && updateAccountBodySchema.shape.source_url.safeParse(trimmed).success;
}

/** Options in list order without repeats: a Select refuses two options with the same value. */
function dedupeOptions(options: SelectOption[]): SelectOption[] {
  const seen = new Set<string>();
  return options.filter((option) => {
    if (option.value === '' || seen.has(option.value)) return false;
    seen.add(option.value);
    return true;
  });
}

/**
 * The CRM's tags plus the stored one: when the CRM no longer lists it, or could not be read, the stored choice
 * still shows and can be kept.
 */
export function buildTagOptions(tags: Tag[] | undefined, stored: string): SelectOption[] {
  const listed = (tags ?? []).map((tag) => ({ value: tag.name, label: tag.name }));
  return dedupeOptions([...listed, { value: stored, label: stored }]);
}

export function buildServiceCodeOptions(
  codes: ServiceCode[] | undefined,
  stored: SourceSettings['service_codes'],
): SelectOption[] {
  const listed = (codes ?? []).map((code) => ({ value: code.id, label: code.name }));
  const kept = stored.map((code) => ({ value: String(code.id), label: code.name }));
  return dedupeOptions([...listed, ...kept]);
}

function describePremium(premium: Premium): string {
  // AlayaCare premiums have no name of their own: the adapter names them by their code.
  return premium.code && premium.code !== premium.name ? `${premium.name} (${premium.code})` : premium.name;
}

export function buildPremiumOptions(premiums: Premium[] | undefined, stored: Premium | null): SelectOption[] {
  const listed = (premiums ?? []).map((premium) => ({ value: premium.id, label: describePremium(premium) }));
  const kept = stored ? [{ value: stored.id, label: describePremium(stored) }] : [];
  return dedupeOptions([...listed, ...kept]);
}

/** A stored premium ({id, name, code}); the contract keeps premiums loosely typed, so read it with care. */
export function readStoredPremium(value: Record<string, unknown> | undefined): Premium | null {
  if (!value) return null;
  const { id, name, code } = value;
  if (typeof id !== 'string' && typeof id !== 'number') return null;
  return {
    id: String(id),
    name: typeof name === 'string' ? name : String(id),
    code: typeof code === 'string' ? code : '',
  };
}

/** The care-management form: Select values are ids and tag names; '' means none chosen. */
export type SourceProductForm = {
  clientTag: string;
  visitTag: string;
  serviceCodeIds: string[];
  /** Premium id per meal category key. */
  premiumIds: Record<string, string>;
};

export function readSourceProductForm(settings: SourceSettings): SourceProductForm {
  const premiumIds: Record<string, string> = {};
  for (const [categoryKey, value] of Object.entries(settings.premiums)) {
    const premium = readStoredPremium(value);
    if (premium) premiumIds[categoryKey] = premium.id;
  }
  return {
    clientTag: settings.client_tag,
    visitTag: settings.visit_tag,
    serviceCodeIds: settings.service_codes.map((code) => String(code.id)),
    premiumIds,
  };
}

type SourceProductLists = {
  serviceCodes: ServiceCode[] | undefined;
  premiums: Premium[] | undefined;
  /** The meal categories shown in the form; premiums stored for other keys are kept as they are. */
  categoryKeys: string[];
};

/** The source_settings to save: chosen ids become the {id, name} and {id, name, code} objects the server keeps. */
export function buildSourceSettings(
  form: SourceProductForm,
  stored: SourceSettings,
  lists: SourceProductLists,
): SourceSettings {
  const serviceCodes = form.serviceCodeIds.flatMap((id) => {
    const listed = lists.serviceCodes?.find((code) => code.id === id);
    if (listed) return [{ id: listed.id, name: listed.name }];
    const kept = stored.service_codes.find((code) => String(code.id) === id);
    return kept ? [kept] : [];
  });

  const shownKeys = new Set(lists.categoryKeys);
  const premiums: SourceSettings['premiums'] = Object.fromEntries(
    Object.entries(stored.premiums).filter(([categoryKey]) => !shownKeys.has(categoryKey)),
  );
  for (const categoryKey of lists.categoryKeys) {
    const id = form.premiumIds[categoryKey] ?? '';
    if (id === '') continue;
    const listed = lists.premiums?.find((premium) => premium.id === id);
    const kept = stored.premiums[categoryKey];
    if (listed) premiums[categoryKey] = { id: listed.id, name: listed.name, code: listed.code };
    else if (kept && readStoredPremium(kept)?.id === id) premiums[categoryKey] = kept;
  }

  return {
    client_tag: form.clientTag,
    visit_tag: form.visitTag,
    service_codes: serviceCodes,
    premiums,
  };
}
