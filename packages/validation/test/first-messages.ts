import type { z } from 'zod';
import { firstMessageByField } from '../src';

/** The first message per field of a failed parse; none for a success. */
export function messages(result: { success: boolean; error?: z.ZodError }) {
  if (result.success || !result.error) return {};
  return firstMessageByField(result.error);
}
