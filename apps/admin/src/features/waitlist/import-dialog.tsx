import type {
  WaitlistImportDryRun,
  WaitlistImportMapping,
  WaitlistImportRun,
  WaitlistImportUpload,
} from '@repo/api-client';
import {
  Button,
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  Label,
  Progress,
  RadioGroup,
  RadioGroupItem,
} from '@repo/ui';
import {
  WAITLIST_IMPORT_FIELD_LABELS,
  WAITLIST_IMPORT_FIELDS,
  WAITLIST_IMPORT_PROBLEM_LABELS,
  type WaitlistImportField,
  type WaitlistImportProblem,
} from '@repo/validation';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { api } from '@/lib/api';
import { QUERY_PATHS } from '@/lib/query-paths';

/** How often a running import is asked for its progress. */
const POLL_MS = 1000;

const count = (value: number) => value.toLocaleString('en-US');
const people = (value: number) => `${count(value)} ${value === 1 ? 'person' : 'people'}`;
const problemText = (problem: string) =>
  WAITLIST_IMPORT_PROBLEM_LABELS[problem as WaitlistImportProblem] ?? problem;
const messageOf = (error: unknown) =>
  error instanceof Error ? error.message : 'Something went wrong: try again';

function ErrorText({ error }: { error: unknown }) {
  return error ? (
    <p role="alert" className="text-sm text-destructive">
      {messageOf(error)}
    </p>
  ) : null;
}

/** Step 1: the file. */
function UploadStep({ onUploaded }: { onUploaded: (upload: WaitlistImportUpload) => void }) {
  const [file, setFile] = useState<File | null>(null);
  const upload = useMutation({
    mutationFn: (chosen: File) => api.admin.waitlist.imports.upload(chosen),
    onSuccess: onUploaded,
  });
  return (
    <form
      className="grid gap-3"
      onSubmit={(event) => {
        event.preventDefault();
        if (file) upload.mutate(file);
      }}
    >
      <Label htmlFor="import-file">CSV file (a header row first, at most 100 MB)</Label>
      <input
        id="import-file"
        type="file"
        accept=".csv,text/csv"
        className="text-sm"
        onChange={(event) => setFile(event.target.files?.[0] ?? null)}
      />
      <ErrorText error={upload.error} />
      <DialogFooter>
        <Button type="submit" disabled={!file || upload.isPending}>
          {upload.isPending ? 'Uploading…' : 'Upload'}
        </Button>
      </DialogFooter>
    </form>
  );
}

/** Step 2: which column is which field (guessed from the header), then the dry run. */
function MappingStep({
  upload,
  initial,
  onChecked,
}: {
  upload: WaitlistImportUpload;
  initial: WaitlistImportMapping;
  onChecked: (mapping: WaitlistImportMapping, report: WaitlistImportDryRun) => void;
}) {
  const [mapping, setMapping] = useState<WaitlistImportMapping>(initial);
  const dryRun = useMutation({
    mutationFn: () => api.admin.waitlist.imports.dryRun(upload.id, mapping),
    onSuccess: (report) => onChecked(mapping, report),
  });
  const choose = (field: WaitlistImportField, value: string) =>
    setMapping((current) => {
      const next = { ...current };
      if (value === '') delete next[field];
      else next[field] = Number(value);
      return next;
    });
  const sample = upload.sampleRows[0] ?? [];
  return (
    <div className="grid gap-3">
      <p className="text-sm text-muted-foreground">
        {upload.fileName}: {upload.header.length} columns. Only the email address is required.
      </p>
      <table className="text-sm" aria-label="Column mapping">
        <tbody>
          {WAITLIST_IMPORT_FIELDS.map((field) => (
            <tr key={field}>
              <td className="py-1 pr-3">
                <label htmlFor={`import-field-${field}`}>
                  {WAITLIST_IMPORT_FIELD_LABELS[field]}
                </label>
              </td>
              <td className="py-1">
                <select
                  id={`import-field-${field}`}
                  className="w-full rounded-md border bg-background px-2 py-1"
                  value={mapping[field] ?? ''}
                  onChange={(event) => choose(field, event.target.value)}
                >
                  <option value="">Not imported</option>
                  {upload.header.map((name, index) => (
                    <option key={index} value={index}>
                      {name || `Column ${index + 1}`}
                      {sample[index] ? ` (e.g. ${sample[index]})` : ''}
                    </option>
                  ))}
                </select>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <ErrorText error={dryRun.error} />
      <DialogFooter>
        <Button
          onClick={() => dryRun.mutate()}
          disabled={mapping.email === undefined || dryRun.isPending}
        >
          {dryRun.isPending ? 'Checking every row…' : 'Dry run'}
        </Button>
      </DialogFooter>
    </div>
  );
}

/** Step 3: what the dry run found, and the confirmation choice. */
function ReportStep({
  upload,
  report,
  onBack,
  onStarted,
}: {
  upload: WaitlistImportUpload;
  report: WaitlistImportDryRun;
  onBack: () => void;
  onStarted: (run: WaitlistImportRun) => void;
}) {
  const [confirm, setConfirm] = useState<'all' | 'mail'>('all');
  const start = useMutation({
    mutationFn: () => api.admin.waitlist.imports.start(upload.id, confirm === 'all'),
    onSuccess: onStarted,
  });
  const problems = Object.entries(report.problems);
  return (
    <div className="grid gap-3 text-sm">
      <p role="status">
        {count(report.importable)} of {count(report.rows)} rows can be imported.
      </p>
      {problems.length > 0 ? (
        <>
          <ul aria-label="Rows passed over, by problem" className="grid gap-0.5">
            {problems.map(([problem, n]) => (
              <li key={problem}>
                {problemText(problem)}: {count(n)}
              </li>
            ))}
          </ul>
          <details>
            <summary className="cursor-pointer">Rows with a problem</summary>
            <ul className="mt-1 grid max-h-48 gap-0.5 overflow-auto text-muted-foreground">
              {report.problemRows.map((row) => (
                <li key={row.row}>
                  Row {row.row}: {row.email || '(no address)'}, {problemText(row.problem)}
                </li>
              ))}
            </ul>
          </details>
        </>
      ) : null}
      <fieldset className="grid gap-2">
        <legend className="mb-1 font-medium">People without a confirmation date</legend>
        <RadioGroup value={confirm} onValueChange={(value) => setConfirm(value as 'all' | 'mail')}>
          <div className="flex items-center gap-2">
            <RadioGroupItem id="import-confirm-all" value="all" />
            <Label htmlFor="import-confirm-all">
              Confirm them (they confirmed with the other tool)
            </Label>
          </div>
          <div className="flex items-center gap-2">
            <RadioGroupItem id="import-confirm-mail" value="mail" />
            <Label htmlFor="import-confirm-mail">
              Send each the confirmation email (100 a minute)
            </Label>
          </div>
        </RadioGroup>
      </fieldset>
      <ErrorText error={start.error} />
      <DialogFooter>
        <Button variant="outline" onClick={onBack}>
          Back to the mapping
        </Button>
        <Button
          onClick={() => start.mutate()}
          disabled={report.importable === 0 || start.isPending}
        >
          Import {people(report.importable)}
        </Button>
      </DialogFooter>
    </div>
  );
}

/** Step 4: the import's progress, its result, and its undo. */
function ProgressStep({ run: started, onClose }: { run: WaitlistImportRun; onClose: () => void }) {
  const queryClient = useQueryClient();
  const { data } = useQuery({
    queryKey: ['waitlist-import', started.id],
    queryFn: () => api.admin.waitlist.imports.status(started.id),
    initialData: started,
    refetchInterval: (query) => (query.state.data?.state === 'importing' ? POLL_MS : false),
  });
  const undo = useMutation({
    mutationFn: () => api.admin.waitlist.imports.undo(started.id),
    onSuccess: (run) => queryClient.setQueryData(['waitlist-import', started.id], run),
  });
  const run = data ?? started;
  const done = run.state !== 'importing';
  useEffect(() => {
    if (!done) return;
    for (const path of [
      QUERY_PATHS.waitlist,
      QUERY_PATHS.outbox,
      QUERY_PATHS.auditLog,
      QUERY_PATHS.waitlistImports,
    ]) {
      void queryClient.invalidateQueries({ queryKey: [path] });
    }
  }, [done, run.state, queryClient]);
  const total = run.totalRows ?? 0;
  const percent = total === 0 ? 100 : Math.round((run.processedRows / total) * 100);
  const skipped = Object.entries(run.problems);
  return (
    <div className="grid gap-3 text-sm" data-state={run.state}>
      <p role="status" className="font-medium">
        {run.state === 'importing'
          ? `Importing… ${count(run.processedRows)} of ${count(total)} rows`
          : run.state === 'finished'
            ? `Imported ${people(run.imported)}${run.mailsQueued > 0 ? `, ${count(run.mailsQueued)} confirmation ${run.mailsQueued === 1 ? 'email' : 'emails'} queued` : ''}`
            : run.state === 'undone'
              ? 'Import undone: the people it added were removed'
              : `The import stopped: ${run.error ?? 'unknown error'}`}
      </p>
      <Progress value={percent} aria-label={`Import: ${percent}%`} />
      {done && skipped.length > 0 ? (
        <ul aria-label="Rows skipped, by problem" className="grid gap-0.5">
          {skipped.map(([problem, n]) => (
            <li key={problem}>
              {problemText(problem)}: {count(n)}
            </li>
          ))}
        </ul>
      ) : null}
      <ErrorText error={undo.error} />
      <DialogFooter>
        {run.undoableUntil ? (
          <Button variant="outline" onClick={() => undo.mutate()} disabled={undo.isPending}>
            Undo import (until {new Date(run.undoableUntil).toLocaleString('en-US')})
          </Button>
        ) : null}
        {/* Closing leaves a running import running: it is the API's work. */}
        <Button onClick={onClose}>Done</Button>
      </DialogFooter>
    </div>
  );
}

type Step =
  | { kind: 'upload' }
  | { kind: 'map'; upload: WaitlistImportUpload; mapping: WaitlistImportMapping }
  | {
      kind: 'report';
      upload: WaitlistImportUpload;
      mapping: WaitlistImportMapping;
      report: WaitlistImportDryRun;
    }
  | { kind: 'progress'; run: WaitlistImportRun };

/**
 * Issue 34: a waitlist brought in from a CSV file: upload, map the columns
 * (guessed from the header), a dry run listing each row's problem, the
 * confirmation choice, then the import's progress and its undo (24 hours).
 */
export function ImportDialog({
  open,
  onOpenChange,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const [step, setStep] = useState<Step>({ kind: 'upload' });
  const close = () => {
    onOpenChange(false);
    setStep({ kind: 'upload' });
  };
  return (
    <Dialog open={open} onOpenChange={(next) => (next ? onOpenChange(true) : close())}>
      <DialogContent className="max-h-[90vh] overflow-auto sm:max-w-xl">
        <DialogHeader>
          <DialogTitle>Import a waitlist</DialogTitle>
          <DialogDescription>
            People from a CSV file (another tool&apos;s export, a form&apos;s sheet) join the
            waitlist at their signup date. An import can be undone for 24 hours.
          </DialogDescription>
        </DialogHeader>
        {step.kind === 'upload' ? (
          <UploadStep
            onUploaded={(upload) =>
              setStep({ kind: 'map', upload, mapping: upload.suggestedMapping })
            }
          />
        ) : step.kind === 'map' ? (
          <MappingStep
            upload={step.upload}
            initial={step.mapping}
            onChecked={(mapping, report) =>
              setStep({ kind: 'report', upload: step.upload, mapping, report })
            }
          />
        ) : step.kind === 'report' ? (
          <ReportStep
            upload={step.upload}
            report={step.report}
            onBack={() => setStep({ kind: 'map', upload: step.upload, mapping: step.mapping })}
            onStarted={(run) => setStep({ kind: 'progress', run })}
          />
        ) : (
          <ProgressStep run={step.run} onClose={close} />
        )}
      </DialogContent>
    </Dialog>
  );
}
