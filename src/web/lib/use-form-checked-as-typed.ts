import { useForm, type FormErrors } from '@mantine/form';

/**
 * A form whose fields say what is wrong from the start and as they are typed (a value out of range, a name too
 * long), `validate` being the same check Save runs; the Save button reads `form.isValid()`.
 */
export function useFormCheckedAsTyped<Values extends Record<string, unknown>>(
  initialValues: Values,
  validate: (values: Values) => FormErrors,
) {
  return useForm<Values>({
    initialValues,
    initialErrors: validate(initialValues),
    validate,
    validateInputOnChange: true,
  });
}
