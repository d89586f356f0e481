import { useState } from 'react';

/** The part of a zod schema this hook needs (the app does not depend on zod itself). */
export interface ParseableSchema<T> {
  safeParse(
    value: unknown,
  ):
    | { success: true; data: T }
    | { success: false; error: { issues: { path: PropertyKey[]; message: string }[] } };
}

type FieldErrors<K extends string> = Partial<Record<K, string>>;

function firstErrors<K extends string>(
  issues: { path: PropertyKey[]; message: string }[],
): FieldErrors<K> {
  const errors: FieldErrors<K> = {};
  for (const issue of issues) {
    const field = issue.path[0];
    if (typeof field === 'string' && !(field in errors)) errors[field as K] = issue.message;
  }
  return errors;
}

/**
 * Form state validated by a schema from @repo/validation, so the spec's
 * messages are the schema's. A field shows its error once it was left (or
 * after a submit attempt), and from then on re-validates on every change.
 */
export function useValidatedForm<K extends string, T>(
  schema: ParseableSchema<T>,
  initialValues: Record<K, string>,
) {
  const [values, setValues] = useState(initialValues);
  const [touched, setTouched] = useState<Partial<Record<K, boolean>>>({});
  const [submitted, setSubmitted] = useState(false);

  const result = schema.safeParse(values);
  const allErrors: FieldErrors<K> = result.success ? {} : firstErrors<K>(result.error.issues);
  const errors: FieldErrors<K> = {};
  for (const key of Object.keys(allErrors) as K[]) {
    if (submitted || touched[key]) errors[key] = allErrors[key];
  }

  return {
    values,
    errors,
    setValue: (field: K, value: string) => {
      setValues((current) => ({ ...current, [field]: value }));
    },
    /** Called on blur: from then on the field's error shows as the user types. */
    touch: (field: K) => {
      setTouched((current) => (current[field] ? current : { ...current, [field]: true }));
    },
    /** Marks the form submitted and returns the parsed data, or null when invalid. */
    validate: (): T | null => {
      setSubmitted(true);
      return result.success ? result.data : null;
    },
  };
}
