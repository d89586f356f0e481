import { apiRoutes } from '@repo/api-client';
import { Button } from '@repo/ui';
import { SSO_ERROR_CODES, SSO_ERROR_MESSAGES, type SsoErrorCode } from '@repo/validation';
import { useSearchParams } from 'react-router-dom';
import { useApiQuery } from '@/lib/use-api-query';

export const SSO_SIGN_IN_TEXT = {
  button: (name: string) => `Sign in with ${name}`,
  or: 'or',
  ssoOnly:
    'This console requires single sign-on. Only break-glass Owner accounts may use a password or passkey.',
} as const;

const isSsoErrorCode = (value: string | null): value is SsoErrorCode =>
  (SSO_ERROR_CODES as readonly (string | null)[]).includes(value);

/**
 * "Sign in with <provider>" (issue 35), when the API has single sign-on: a plain
 * link, as the sign-in is a browser navigation to the provider and back. A refused
 * sign-in comes back with `?sso_error=<code>`, told here in plain words.
 */
export function SsoSignIn() {
  const status = useApiQuery(apiRoutes.auth.oidc);
  const [params] = useSearchParams();
  const error = params.get('sso_error');
  const message = isSsoErrorCode(error) ? SSO_ERROR_MESSAGES[error] : null;
  if (!status.data?.enabled && !message) return null;
  return (
    <div className="grid gap-3">
      {message ? (
        <p
          role="alert"
          className="rounded-md border border-destructive p-3 text-sm text-destructive"
        >
          {message}
        </p>
      ) : null}
      {status.data?.enabled ? (
        <>
          <Button asChild>
            <a href={apiRoutes.auth.oidcStart}>
              {SSO_SIGN_IN_TEXT.button(status.data.displayName ?? 'single sign-on')}
            </a>
          </Button>
          {status.data.ssoOnly ? (
            <p className="text-sm text-muted-foreground">{SSO_SIGN_IN_TEXT.ssoOnly}</p>
          ) : (
            <p className="text-center text-xs uppercase text-muted-foreground">
              {SSO_SIGN_IN_TEXT.or}
            </p>
          )}
        </>
      ) : null}
    </div>
  );
}
