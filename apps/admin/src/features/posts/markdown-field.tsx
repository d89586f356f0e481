import { PostMarkdown } from '@repo/content';
import { Label, Textarea } from '@repo/ui';
import { type Ref, useDeferredValue } from 'react';

/**
 * The post's markdown and, beside it (below it on a narrow screen), the live
 * preview rendered by the site's own pipeline and typography (`PostMarkdown`,
 * `.post-content`), so what staff see is what visitors get (issue 23). The
 * preview follows the text through a deferred value: typing stays quick in a
 * long post.
 */
export function MarkdownField({
  id,
  value,
  error,
  onValueChange,
  textareaRef,
  toolbar,
}: {
  id: string;
  value: string;
  error?: string;
  onValueChange: (value: string) => void;
  textareaRef?: Ref<HTMLTextAreaElement>;
  /** Buttons above the text (insert an image). */
  toolbar?: React.ReactNode;
}) {
  const preview = useDeferredValue(value);
  const errorId = `${id}-error`;
  return (
    <div className="grid min-w-0 gap-4 lg:grid-cols-2">
      <div className="grid min-w-0 content-start gap-2">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <Label htmlFor={id}>Body (markdown)</Label>
          {toolbar}
        </div>
        <Textarea
          id={id}
          ref={textareaRef}
          value={value}
          onChange={(event) => onValueChange(event.target.value)}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          spellCheck
          className="min-h-[24rem] font-mono text-sm lg:min-h-[36rem]"
        />
        {error ? (
          <p id={errorId} className="text-sm font-medium text-destructive">
            {error}
          </p>
        ) : null}
      </div>
      <section
        aria-labelledby={`${id}-preview-heading`}
        className="grid min-w-0 content-start gap-2"
      >
        <h3 id={`${id}-preview-heading`} className="text-sm font-medium leading-none">
          Preview
        </h3>
        <div
          data-testid="post-preview"
          className="post-content min-h-[12rem] overflow-x-auto rounded-md border bg-background p-4 lg:max-h-[36rem] lg:overflow-y-auto"
        >
          {preview.trim() ? (
            <PostMarkdown markdown={preview} />
          ) : (
            <p className="text-muted-foreground">The preview shows here as you write.</p>
          )}
        </div>
      </section>
    </div>
  );
}
