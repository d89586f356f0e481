import { Label, Textarea } from '@repo/ui';
import { SPECIAL_AUTHOR_NAME } from '@repo/validation';
import type { ReactNode } from 'react';
import { FormField } from '@/components/form-field';
import type { PostField, PostFormValues } from './post-form';

type Errors = Partial<Record<PostField, string>>;

/** A labelled textarea whose hint and error are tied to it (as FormField's input). */
function TextareaField({
  id,
  label,
  value,
  error,
  hint,
  onValueChange,
  rows,
}: {
  id: string;
  label: string;
  value: string;
  error?: string;
  hint?: ReactNode;
  onValueChange: (value: string) => void;
  rows: number;
}) {
  const describedBy = [hint ? `${id}-hint` : null, error ? `${id}-error` : null]
    .filter(Boolean)
    .join(' ');
  return (
    <div className="grid gap-2">
      <Label htmlFor={id}>{label}</Label>
      <Textarea
        id={id}
        rows={rows}
        value={value}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy || undefined}
        onChange={(event) => onValueChange(event.target.value)}
        className="min-h-0"
      />
      {hint ? (
        <p id={`${id}-hint`} className="text-sm text-muted-foreground">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={`${id}-error`} className="text-sm font-medium text-destructive">
          {error}
        </p>
      ) : null}
    </div>
  );
}

/** The post's fields but its body: what the listing, the page's head and the author block show. */
export function PostFields({
  values,
  slug,
  errors,
  categories,
  onChange,
  onSlugChange,
  featuredImageAction,
}: {
  values: PostFormValues;
  /** The slug shown (generated from the title until edited). */
  slug: string;
  errors: Errors;
  /** The categories other posts use, offered as suggestions. */
  categories: readonly string[];
  onChange: (field: PostField, value: string) => void;
  onSlugChange: (value: string) => void;
  /** Beside the featured image's address (an upload button). */
  featuredImageAction?: ReactNode;
}) {
  const set = (field: PostField) => (value: string) => onChange(field, value);
  const isSpecialAuthor = values.author.trim() === SPECIAL_AUTHOR_NAME;
  return (
    <div className="grid items-start gap-4 md:grid-cols-2">
      <div className="md:col-span-2">
        <FormField
          id="post-title"
          label="Title"
          value={values.title}
          error={errors.title}
          onValueChange={set('title')}
          autoComplete="off"
        />
      </div>
      <div className="md:col-span-2">
        <FormField
          id="post-slug"
          label="Slug"
          value={slug}
          error={errors.slug}
          hint={
            <>
              The address on the site: <span className="font-mono">/blog/{slug || '…'}</span>. Made
              from the title until you edit it.
            </>
          }
          onValueChange={onSlugChange}
          autoComplete="off"
          spellCheck={false}
          className="font-mono"
        />
      </div>
      <div className="md:col-span-2">
        <TextareaField
          id="post-excerpt"
          label="Excerpt"
          rows={2}
          value={values.excerpt}
          error={errors.excerpt}
          hint="Shown in the listing and used as the page's meta description."
          onValueChange={set('excerpt')}
        />
      </div>
      <FormField
        id="post-category"
        label="Category"
        value={values.category}
        error={errors.category}
        list="post-categories"
        autoComplete="off"
        onValueChange={set('category')}
      />
      <datalist id="post-categories">
        {categories.map((category) => (
          <option key={category} value={category} />
        ))}
      </datalist>
      <FormField
        id="post-tags"
        label="Tags"
        value={values.tags}
        error={errors.tags}
        hint="Separated by commas."
        autoComplete="off"
        onValueChange={set('tags')}
      />
      <FormField
        id="post-author"
        label="Author"
        value={values.author}
        error={errors.author}
        hint={
          isSpecialAuthor
            ? `${SPECIAL_AUTHOR_NAME} is shown with her portrait and role line.`
            : `Shown with the site's logo and 'Content Creators' (only ${SPECIAL_AUTHOR_NAME} has a portrait and role line of her own).`
        }
        list="post-authors"
        autoComplete="off"
        onValueChange={set('author')}
      />
      <datalist id="post-authors">
        <option value={SPECIAL_AUTHOR_NAME} />
      </datalist>
      <FormField
        id="post-author-email"
        label="Author email (optional)"
        type="email"
        value={values.authorEmail}
        error={errors.authorEmail}
        autoComplete="off"
        onValueChange={set('authorEmail')}
      />
      <div className="md:col-span-2">
        <TextareaField
          id="post-author-bio"
          label="Author bio (optional)"
          rows={2}
          value={values.authorBio}
          error={errors.authorBio}
          onValueChange={set('authorBio')}
        />
      </div>
      <div className="grid gap-2 md:col-span-2">
        <FormField
          id="post-featured-image"
          label="Featured image (optional)"
          value={values.featuredImage}
          error={errors.featuredImage}
          hint="A path on the site (/images/…) or an https:// address."
          autoComplete="off"
          spellCheck={false}
          onValueChange={set('featuredImage')}
        />
        {featuredImageAction ? <div>{featuredImageAction}</div> : null}
      </div>
    </div>
  );
}
