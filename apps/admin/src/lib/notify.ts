import { ApiError } from '@repo/api-client';
import { toast } from '@repo/ui';

/** The server's own message when it sent one, else the error's text. */
export function errorMessage(error: unknown): string {
  if (error instanceof ApiError) return error.serverMessage;
  if (error instanceof Error) return error.message;
  return String(error);
}

export function notifySuccess(title: string, description?: string): void {
  toast({ title, description });
}

/** A destructive toast carrying the server's message (spec section 8). */
export function notifyFailure(title: string, errorOrDescription: unknown): void {
  const description =
    typeof errorOrDescription === 'string' ? errorOrDescription : errorMessage(errorOrDescription);
  toast({ title, description, variant: 'destructive' });
}
