import {
  acceptInviteSchema,
  newPassword,
  registerSchema,
  verifyEmailSchema,
} from '@repo/validation';
import { COMMON_PASSWORD_MESSAGE, isCommonPassword } from './common-passwords';

/**
 * The server's password rule for new accounts: the shared 8-character minimum,
 * and none of the 10,000 most common passwords (a list the browser never loads).
 */
const serverNewPassword = newPassword.refine(
  // Too short is already reported by the minimum; one message per problem.
  (password) => password.length < 8 || !isCommonPassword(password),
  { error: COMMON_PASSWORD_MESSAGE },
);

export const serverRegisterSchema = registerSchema.extend({ password: serverNewPassword });
export const serverAcceptInviteSchema = acceptInviteSchema.extend({ password: serverNewPassword });
export const serverVerifyEmailSchema = verifyEmailSchema.extend({ password: serverNewPassword });
