import { Button, FormMessage, Input, Label, Textarea } from '@repo/ui';
import { BETA_FEEDBACK_STEPS, type BetaFeedbackField } from '@repo/validation';
import { ErrorSummary } from '~/components/forms/error-summary';
import { HoneypotField } from '~/components/honeypot-field';
import { TOASTS } from '~/utils/messages';
import { EMPTY_SURVEY, isRequired, optionLabel, SURVEY_FIELDS } from './survey-fields';
import { SURVEY_ACTION, type SurveyActionData, SURVEY_PAGE_FORM_ID } from './survey-outcome';

type Unsent = Exclude<SurveyActionData, { outcome: 'sent' }>;

const RATE_LIMITED_NOTE = 'You have sent several forms in a short time: please wait a minute.';

/** The page survey's element id of a field (the dialog's are `survey-<field>`). */
const surveyPageFieldId = (field: string) => `survey-page-${field}`;

/** Where the error summary sends a field's problem: the field, or a choice's first option. */
function problemTarget(field: BetaFeedbackField): string {
  const config = SURVEY_FIELDS[field];
  return config.kind === 'choice'
    ? `${surveyPageFieldId(field)}-${config.options[0]}`
    : surveyPageFieldId(field);
}

function RequiredMark() {
  return (
    <span className="ml-0.5 text-destructive" aria-hidden="true">
      *
    </span>
  );
}

interface PageFieldProps {
  field: BetaFeedbackField;
  value: string;
  error?: string;
}

/** One question with a native control: a browser without JavaScript fills it in as it is. */
function SurveyPageField({ field, value, error }: PageFieldProps) {
  const config = SURVEY_FIELDS[field];
  const id = surveyPageFieldId(field);
  const errorId = `${id}-error`;
  const required = isRequired(field);
  const describedBy = error ? errorId : undefined;

  if (config.kind === 'choice') {
    return (
      <fieldset className="space-y-3" aria-describedby={describedBy}>
        <legend className="text-sm font-medium">
          {config.label}
          {required ? <RequiredMark /> : null}
        </legend>
        <FormMessage id={errorId}>{error}</FormMessage>
        <div className="grid gap-2 sm:grid-cols-3">
          {config.options.map((option) => (
            <label
              key={option}
              htmlFor={`${id}-${option}`}
              className="flex cursor-pointer items-center gap-2 rounded-md border p-3 text-sm has-[:checked]:border-primary has-[:checked]:bg-secondary"
            >
              <input
                type="radio"
                id={`${id}-${option}`}
                name={field}
                value={option}
                defaultChecked={value === option}
                aria-invalid={error ? true : undefined}
                className="h-4 w-4 accent-primary"
              />
              {optionLabel(option)}
            </label>
          ))}
        </div>
      </fieldset>
    );
  }

  const common = {
    id,
    name: field,
    defaultValue: value,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': describedBy,
  };
  return (
    <div className="space-y-2">
      <Label htmlFor={id} className="font-medium">
        {config.label}
        {required ? <RequiredMark /> : null}
      </Label>
      {config.kind === 'textarea' ? (
        <Textarea rows={4} {...common} />
      ) : (
        <Input type={config.type ?? 'text'} autoComplete={config.autoComplete} {...common} />
      )}
      <FormMessage id={errorId}>{error}</FormMessage>
    </div>
  );
}

/**
 * The nine steps of the survey on one page, for a browser without JavaScript (or before
 * it has run): a plain form posting to the page's action, which answers with this form
 * again, the answers kept, an error summary on top and each message beside its question
 * (issue 22, the GOV.UK pattern), or with the thank-you screen. Nothing is saved step by
 * step here: that needs the browser's storage, and so JavaScript.
 */
export function SurveyPageForm({ result }: { result?: Unsent }) {
  const values = result?.values ?? EMPTY_SURVEY;
  const errors = result?.outcome === 'invalid' ? result.errors : {};
  const problems = BETA_FEEDBACK_STEPS.flatMap((step) =>
    step.fields.flatMap((field: BetaFeedbackField) => {
      const message = errors[field];
      return message ? [{ fieldId: problemTarget(field), message }] : [];
    }),
  );
  return (
    <form
      id={SURVEY_PAGE_FORM_ID}
      method="post"
      action={`${SURVEY_ACTION}#${SURVEY_PAGE_FORM_ID}`}
      aria-label="Beta feedback survey"
      noValidate
      className="relative mx-auto w-full max-w-3xl scroll-mt-20 space-y-10 px-4 py-12 sm:px-6"
    >
      <ErrorSummary problems={problems} />
      {result?.outcome === 'failed' ? (
        <div role="alert" className="rounded-lg border-2 border-destructive p-4 text-sm">
          <p className="font-semibold">{TOASTS.surveyFailed.title}</p>
          <p className="mt-1">
            {TOASTS.surveyFailed.description}{' '}
            {result.failure === 'rate-limited' ? RATE_LIMITED_NOTE : null}
          </p>
        </div>
      ) : null}
      <p className="text-sm text-muted-foreground">
        Fields marked with <span className="text-destructive">*</span> are required.
      </p>
      <HoneypotField idPrefix="survey-page" inputRef={null} />
      {BETA_FEEDBACK_STEPS.map((step, index) => (
        <section
          key={step.title}
          aria-labelledby={`survey-page-step-${index + 1}`}
          className="space-y-6"
        >
          <h2 id={`survey-page-step-${index + 1}`} className="text-2xl font-bold tracking-tight">
            {step.title}
          </h2>
          {step.fields.map((field: BetaFeedbackField) => (
            <SurveyPageField
              key={field}
              field={field}
              value={values[field]}
              error={errors[field]}
            />
          ))}
        </section>
      ))}
      <div className="border-t pt-6">
        <Button type="submit" size="lg">
          Submit Feedback
        </Button>
      </div>
    </form>
  );
}
