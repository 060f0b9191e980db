import {
  type MessageTemplates,
  type MessagingSettings,
  type UpdateMessagingSettingsBody,
} from '../../../contracts/messages';
import {
  defaultMessageTemplates,
  findUnknownPlaceholders,
  messagePlaceholders,
} from '../../../domain/message-templates';
import { getPhoneRegion, parsePhoneNumber } from '../../../domain/phone-numbers';
import { isSourcePasswordRequired } from '../../../domain/source-credentials';
import { getAccountTimeZone } from '../../../domain/today';
import type { SecretBox } from '../../crypto/secret-box';
import type { FieldError } from '../../../contracts/envelope';
import { conflict, invalidInput } from '../../http/errors';
import type { Session } from '../../http/session';
import type { AuditService } from '../audit/service';
import type { MessagesRepository, MessagingSettingsRow } from './repository';

export const twilioApiUrl = 'https://api.twilio.com';

/** What the sender needs of an account: its provider, with the auth token decrypted. */
export type MessagingConnection = {
  provider: 'none' | 'twilio';
  apiUrl: string;
  accountSid: string;
  authToken: string;
  senderNumber: string;
};

export type AccountsForMessages = {
  getAccountById(id: number): Promise<{ rounds: readonly { id: number; timezone: string }[] }>;
};

const reenterTokenMessage = 'Enter the auth token again: the Account SID or the API address changed.';

function toSettings(row: MessagingSettingsRow | undefined): MessagingSettings {
  return {
    provider: row?.provider ?? 'none',
    api_url: row?.apiUrl ?? twilioApiUrl,
    account_sid: row?.accountSid ?? '',
    has_auth_token: (row?.authTokenEncrypted ?? '') !== '',
    sender_number: row?.senderNumber ?? '',
    quiet_hours: row?.quietFrom && row.quietTo ? { from: row.quietFrom, to: row.quietTo } : null,
    templates: row?.templates ?? defaultMessageTemplates,
  };
}

function checkTemplates(templates: MessageTemplates, errors: FieldError[]) {
  for (const [name, template] of Object.entries(templates)) {
    const unknown = findUnknownPlaceholders(template);
    if (unknown.length === 0) continue;
    const known = messagePlaceholders.map((placeholder) => `{${placeholder}}`).join(', ');
    errors.push({
      field: `templates.${name}`,
      message: `Unknown placeholder ${unknown.map((item) => `{${item}}`).join(', ')}. Use ${known}.`,
    });
  }
}

/** Settings > Messages: read and written by admins; the auth token is stored sealed and never answered. */
export function createMessagingSettingsService(deps: {
  repository: MessagesRepository;
  accounts: AccountsForMessages;
  secretBox: SecretBox;
  audit: AuditService;
}) {
  const { repository } = deps;

  async function getTimeZone(accountId: number) {
    return getAccountTimeZone((await deps.accounts.getAccountById(accountId)).rounds);
  }

  return {
    getTimeZone,

    async getSettings(session: Session): Promise<MessagingSettings> {
      return toSettings(await repository.findSettings(session.accountId));
    },

    async getConnection(
      accountId: number,
    ): Promise<
      MessagingConnection & { quietHours: MessagingSettings['quiet_hours']; templates: MessageTemplates }
    > {
      const row = await repository.findSettings(accountId);
      const settings = toSettings(row);
      return {
        provider: settings.provider,
        apiUrl: settings.api_url,
        accountSid: settings.account_sid,
        authToken: row?.authTokenEncrypted ? deps.secretBox.decrypt(row.authTokenEncrypted) : '',
        senderNumber: settings.sender_number,
        quietHours: settings.quiet_hours,
        templates: settings.templates,
      };
    },

    async updateSettings(session: Session, body: UpdateMessagingSettingsBody): Promise<MessagingSettings> {
      const current = toSettings(await repository.findSettings(session.accountId));
      const next = {
        apiUrl: body.api_url ?? current.api_url,
        accountSid: body.account_sid ?? current.account_sid,
        senderNumber: body.sender_number ?? current.sender_number,
        quietHours: body.quiet_hours === undefined ? current.quiet_hours : body.quiet_hours,
        templates: body.templates ?? current.templates,
      };
      const errors: FieldError[] = [];
      if (next.senderNumber) {
        const parsed = parsePhoneNumber(
          next.senderNumber,
          getPhoneRegion(await getTimeZone(session.accountId)),
        );
        if (parsed.isValid) next.senderNumber = parsed.e164;
        else errors.push({ field: 'sender_number', message: parsed.message });
      }
      checkTemplates(next.templates, errors);
      const hasToken = Boolean(body.auth_token) || current.has_auth_token;
      if (body.provider === 'twilio') {
        if (!next.accountSid) errors.push({ field: 'account_sid', message: 'Enter the Account SID.' });
        if (!hasToken) errors.push({ field: 'auth_token', message: 'Enter the auth token.' });
        if (!next.senderNumber && !errors.some((error) => error.field === 'sender_number')) {
          errors.push({ field: 'sender_number', message: 'Enter the number messages are sent from.' });
        }
      }
      const stored = {
        url: current.api_url,
        username: current.account_sid,
        hasPassword: current.has_auth_token,
      };
      const change = { url: body.api_url, username: body.account_sid, password: body.auth_token };
      if (isSourcePasswordRequired(stored, change))
        errors.push({ field: 'auth_token', message: reenterTokenMessage });
      if (errors.length > 0)
        throw invalidInput(errors[0]?.message ?? 'Check the messaging settings.', errors);

      const isSaved = await repository.saveSettings(session.accountId, {
        provider: body.provider,
        apiUrl: next.apiUrl,
        accountSid: next.accountSid,
        senderNumber: next.senderNumber,
        quietFrom: next.quietHours?.from ?? null,
        quietTo: next.quietHours?.to ?? null,
        templates: next.templates,
        ...(body.auth_token ? { authTokenEncrypted: deps.secretBox.encrypt(body.auth_token) } : {}),
      });
      if (!isSaved) throw conflict('Another account already sends from this number.');
      await deps.audit.record(session, {
        action: 'messaging_settings.update',
        targetType: 'account',
        targetId: session.accountId,
        detail: { fields: Object.keys(body) },
      });
      return toSettings(await repository.findSettings(session.accountId));
    },
  };
}
export type MessagingSettingsService = ReturnType<typeof createMessagingSettingsService>;
