import { Stack, Text, Textarea } from '@mantine/core';
import type { FormErrors } from '@mantine/form';
import type { MessageTemplates } from '../../../../contracts/messages';
import {
  findUnknownPlaceholders,
  messagePlaceholders,
  renderMessageTemplate,
  sampleMessageValues,
  type MessageTemplateName,
} from '../../../../domain/message-templates';

const templateLabels: Record<MessageTemplateName, string> = {
  welfare: 'Welfare message to a contact',
  notice: 'Delivery notice',
  reminder: 'Driver reminder',
};

const placeholderList = messagePlaceholders.map((name) => `{${name}}`).join(', ');

/** The three templates, each with a live preview filled with sample values. */
export function MessageTemplatesFields({
  templates,
  errors,
  onChange,
}: {
  templates: MessageTemplates;
  /** The form's errors by field path; the server's refusal of a template is at `templates.<name>`. */
  errors: FormErrors;
  onChange: (templates: MessageTemplates) => void;
}) {
  return (
    <Stack gap="md">
      <Text size="sm">Placeholders: {placeholderList}</Text>
      {(Object.keys(templateLabels) as MessageTemplateName[]).map((name) => {
        const unknown = findUnknownPlaceholders(templates[name]);
        const error =
          errors[`templates.${name}`] ??
          (unknown.length > 0
            ? `Unknown placeholder ${unknown.map((item) => `{${item}}`).join(', ')}.`
            : null);
        return (
          <Stack key={name} gap={4}>
            <Textarea
              label={templateLabels[name]}
              name={`template_${name}`}
              autosize
              minRows={2}
              maxLength={640}
              value={templates[name]}
              error={error}
              onChange={(event) => onChange({ ...templates, [name]: event.currentTarget.value })}
            />
            <Text size="sm" c="dimmed" data-testid={`preview-${name}`}>
              Preview: {renderMessageTemplate(templates[name], sampleMessageValues)}
            </Text>
          </Stack>
        );
      })}
    </Stack>
  );
}
