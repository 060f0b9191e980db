import { PasswordInput } from '@mantine/core';
import { useId, type ComponentProps } from 'react';

/**
 * Mantine's PasswordInput renders its description and error but does not link them to the input
 * (no aria-describedby, no aria-invalid); this wrapper adds both so screen readers announce them. Its show-password
 * button is out of the Tab order by default: here a keyboard reaches it too, named for what it does (pressed while
 * the password shows).
 */
export function PasswordField({ id, description, error, ...props }: ComponentProps<typeof PasswordInput>) {
  const generatedId = useId();
  const inputId = id ?? `password-${generatedId.replace(/:/g, '')}`;
  const hasErrorText = typeof error === 'string' || (typeof error === 'object' && error !== null);
  const describedBy = [
    description ? `${inputId}-description` : null,
    hasErrorText ? `${inputId}-error` : null,
  ]
    .filter(Boolean)
    .join(' ');
  return (
    <PasswordInput
      id={inputId}
      description={description}
      error={error}
      aria-invalid={error ? true : undefined}
      aria-describedby={describedBy || undefined}
      visibilityToggleFocusable
      visibilityToggleButtonProps={{ 'aria-label': 'Show password' }}
      {...props}
    />
  );
}
