import type { z } from 'zod';

/** One field problem, as the API's error contract and the forms report it. */
export interface FieldIssue {
  path: string;
  message: string;
}

export function toFieldIssues(error: z.ZodError): FieldIssue[] {
  return error.issues.map((issue) => ({
    path: issue.path.map(String).join('.'),
    message: issue.message,
  }));
}

/** The first message per field, for showing beside inputs. */
export function firstMessageByField(error: z.ZodError): Record<string, string> {
  const messages: Record<string, string> = {};
  for (const issue of error.issues) {
    const key = issue.path.map(String).join('.');
    messages[key] ??= issue.message;
  }
  return messages;
}
