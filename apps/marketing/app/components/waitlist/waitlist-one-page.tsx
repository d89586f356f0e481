import { Button, FormMessage, Input, Label, Textarea } from '@repo/ui';
import {
  codeFromQuery,
  PRIMARY_USE_OPTIONS,
  USER_TYPE_OPTIONS,
  WAITLIST_STEPS,
} from '@repo/validation';
import { ErrorSummary } from '~/components/forms/error-summary';
import { TOASTS } from '~/utils/messages';
import { STEP_COPY } from './waitlist-field';
import {
  WAITLIST_FORM_FIELDS,
  type WaitlistActionData,
  type WaitlistFormField,
} from './waitlist-submission';

type Failure = Extract<WaitlistActionData, { problems: unknown }>;

interface WaitlistOnePageProps {
  idPrefix: string;
  /** The action's answer to the last post, when it was refused. */
  failure?: Failure;
  /** The page's address query: the referral, invite and UTM codes it carries. */
  search: string;
}

const INVITE_LABEL = 'Invite code (optional)';
const labelClass = 'text-base font-semibold';

/** The element each problem's link leads to (a radio group: its first radio). */
function waitlistFieldId(idPrefix: string, field: WaitlistFormField): string {
  return field === 'userType'
    ? `${idPrefix}-userType-${USER_TYPE_OPTIONS[0]}`
    : `${idPrefix}-${field}`;
}

/** The toast the wizard would show for a refusal (spec section 8), as words on the page. */
function noticeOf(failure: Failure): { title: string; description: string } {
  if (failure.outcome === 'invite_refused') {
    return {
      title: TOASTS.inviteCodeRefused.title,
      description: failure.problems[0]?.message ?? '',
    };
  }
  if (failure.outcome === 'invalid' && !failure.message) return TOASTS.waitlistInvalid;
  return {
    title:
      failure.outcome === 'invalid' ? TOASTS.waitlistInvalid.title : TOASTS.waitlistFailed.title,
    description: failure.message
      ? `${failure.message} ${failure.outcome === 'failed' ? TOASTS.waitlistFailed.description : ''}`.trim()
      : TOASTS.waitlistFailed.description,
  };
}

/** The hidden fields that carry the visit's codes and first touch from the address (issue 22). */
function VisitFields({ search }: { search: string }) {
  const query = new URLSearchParams(search);
  const referralCode = codeFromQuery(query.get('ref'));
  const utm = (['utmSource', 'utmMedium', 'utmCampaign'] as const).flatMap((key) => {
    const value = query.get(WAITLIST_FORM_FIELDS[key])?.trim().slice(0, 100);
    return value ? [[WAITLIST_FORM_FIELDS[key], value] as const] : [];
  });
  return (
    <>
      {referralCode ? (
        <input type="hidden" name={WAITLIST_FORM_FIELDS.referralCode} value={referralCode} />
      ) : null}
      <input
        type="hidden"
        name={WAITLIST_FORM_FIELDS.landingPage}
        value={`/beta${search}`.slice(0, 500)}
      />
      {utm.map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
    </>
  );
}

/**
 * Issue 22: the wizard's seven questions as one page of labelled, native fields,
 * for a browser without JavaScript (or before the wizard's code has arrived). It
 * posts to /beta's action, which sends it back with an error summary at the top,
 * each message beside its field and the values typed kept.
 */
export function WaitlistOnePage({ idPrefix, failure, search }: WaitlistOnePageProps) {
  const problems = new Map(failure?.problems.map((problem) => [problem.field, problem.message]));
  const kept = failure?.values;
  const inviteCode = kept?.inviteCode ?? codeFromQuery(new URLSearchParams(search).get('invite'));

  const described = (field: WaitlistFormField, hint = true) => {
    const id = `${idPrefix}-${field}`;
    return {
      'aria-describedby':
        [hint ? `${id}-hint` : '', problems.has(field) ? `${id}-error` : '']
          .filter(Boolean)
          .join(' ') || undefined,
      'aria-invalid': problems.has(field) ? true : undefined,
    };
  };
  const message = (field: WaitlistFormField) => (
    <FormMessage id={`${idPrefix}-${field}-error`}>{problems.get(field)}</FormMessage>
  );

  const notice = failure ? noticeOf(failure) : undefined;
  return (
    <div className="space-y-6">
      {failure && failure.problems.length > 0 ? (
        <ErrorSummary
          problems={failure.problems.map((problem) => ({
            fieldId: waitlistFieldId(idPrefix, problem.field),
            message: problem.message,
          }))}
        />
      ) : null}
      {notice ? (
        <div
          className="rounded-lg border p-4"
          role={failure?.problems.length ? undefined : 'alert'}
          data-testid="waitlist-notice"
        >
          <p className="font-semibold">{notice.title}</p>
          <p className="mt-1 text-sm text-muted-foreground">{notice.description}</p>
        </div>
      ) : null}
      {WAITLIST_STEPS.map((field) => {
        const copy = STEP_COPY[field];
        const id = `${idPrefix}-${field}`;
        const hint = (
          <p id={`${id}-hint`} className="text-sm text-muted-foreground">
            {copy.hint}
          </p>
        );
        if (field === 'userType') {
          return (
            <fieldset key={field} className="space-y-2" {...described(field)}>
              <legend className={labelClass}>{copy.label}</legend>
              {hint}
              {message(field)}
              <div className="grid gap-2">
                {USER_TYPE_OPTIONS.map((option) => (
                  <label
                    key={option}
                    htmlFor={`${id}-${option}`}
                    className="flex cursor-pointer items-center gap-3 rounded-lg border p-3 text-base"
                  >
                    <input
                      type="radio"
                      id={`${id}-${option}`}
                      name={field}
                      value={option}
                      defaultChecked={kept?.userType === option}
                      className="h-4 w-4 accent-primary"
                    />
                    {option}
                  </label>
                ))}
              </div>
            </fieldset>
          );
        }
        return (
          <div key={field} className="space-y-2">
            <Label htmlFor={id} className={labelClass}>
              {copy.label}
            </Label>
            {hint}
            {message(field)}
            {field === 'primaryUse' ? (
              <select
                id={id}
                name={field}
                defaultValue={kept?.primaryUse ?? ''}
                className="flex h-12 w-full rounded-md border border-input bg-background px-3 text-base aria-[invalid=true]:border-destructive"
                {...described(field)}
              >
                <option value="">Choose a primary use case</option>
                {PRIMARY_USE_OPTIONS.map((option) => (
                  <option key={option} value={option}>
                    {option}
                  </option>
                ))}
              </select>
            ) : field === 'contentWorkflow' ? (
              <Textarea
                id={id}
                name={field}
                rows={4}
                defaultValue={kept?.contentWorkflow ?? ''}
                placeholder={copy.placeholder}
                {...described(field)}
              />
            ) : (
              <Input
                id={id}
                name={field}
                type={field === 'email' ? 'email' : 'text'}
                autoComplete={
                  {
                    email: 'email',
                    firstName: 'given-name',
                    lastName: 'family-name',
                    company: 'organization',
                  }[field]
                }
                defaultValue={kept?.[field] ?? ''}
                placeholder={copy.placeholder}
                className="h-12 text-base"
                {...described(field)}
              />
            )}
          </div>
        );
      })}
      <div className="space-y-2">
        <Label htmlFor={`${idPrefix}-inviteCode`} className={labelClass}>
          {INVITE_LABEL}
        </Label>
        {message('inviteCode')}
        <Input
          id={`${idPrefix}-inviteCode`}
          name={WAITLIST_FORM_FIELDS.inviteCode}
          defaultValue={inviteCode ?? ''}
          autoComplete="off"
          spellCheck={false}
          maxLength={32}
          className="max-w-xs font-mono uppercase"
          {...described('inviteCode', false)}
        />
      </div>
      <VisitFields search={search} />
      <Button type="submit" size="lg">
        Submit
      </Button>
    </div>
  );
}
