import type { AdminPost, PostPendingRevision } from '@repo/api-client';
import { Button, Card, CardContent, CardHeader } from '@repo/ui';
import { type FormEvent, useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { formatDateTime } from '@/lib/format';
import { notifyFailure, notifySuccess } from '@/lib/notify';
import { Can, useCan } from '@/lib/permissions';
import { AltTextDialog, markdownImage } from './alt-text-dialog';
import { ImageUploadButton } from './image-upload-button';
import { MarkdownField } from './markdown-field';
import { PostFields } from './post-fields';
import {
  displayedSlug,
  EMPTY_POST_FORM,
  formValuesOf,
  hasUnsavedChanges,
  type PostField,
  type PostFormValues,
} from './post-form';
import { PostStatusActions } from './post-status-actions';
import { PostStatusBadge } from './post-status-badge';
import { PreviewLinkButton } from './preview-link-button';
import { PreviewLinksPanel } from './preview-links-panel';
import { RevisionsPanel } from './revisions-panel';
import { SeoPanel, type SeoProblem } from './seo-panel';
import { usePostCatalogue } from './use-post-catalogue';
import { useSeoProblems } from './use-seo-problems';
import { useLeaveGuard } from './use-leave-guard';
import { type PostFieldErrors, usePostSave } from './use-post-save';

const FORM_ID = 'post-form';

/** Where the post stands, in one line under its title. */
function statusLine(post: AdminPost): string {
  const saved = `Last saved ${formatDateTime(post.updatedAt)}`;
  if (post.status === 'scheduled' && post.scheduledAt)
    return `Publishes itself at ${formatDateTime(post.scheduledAt)}. ${saved}.`;
  if (post.status === 'published' && post.publishedAt)
    return `Published ${formatDateTime(post.publishedAt)}, at /blog/${post.slug}. ${saved}.`;
  return `${saved}.`;
}

/**
 * The post editor (issue 23): its fields, the markdown with the site's live
 * preview, Save (create or PATCH), the status actions, the SEO checks and the
 * revisions. `post` is the saved post (undefined for a new one); the form is
 * the editor's own until saved. Issue 31: `pending`, the changes waiting for
 * review, are what a writer without posts:publish goes on editing.
 */
export function PostEditor({
  post,
  pending,
}: {
  post: AdminPost | undefined;
  pending?: PostPendingRevision['snapshot'];
}) {
  const navigate = useNavigate();
  const canWrite = useCan('posts:write');
  const { categories, publishedPaths } = usePostCatalogue();
  const [saved, setSaved] = useState<PostFormValues>(() =>
    post ? formValuesOf({ ...post, ...pending }) : EMPTY_POST_FORM,
  );
  const [values, setValues] = useState<PostFormValues>(saved);
  // A new post's slug follows its title until staff edit it; a saved post's stays.
  const [slugEdited, setSlugEdited] = useState(post !== undefined);
  const [errors, setErrors] = useState<PostFieldErrors>({});
  // What the API answered a refused publish with, until the form changes again.
  const [refusal, setRefusal] = useState<{ problems: SeoProblem[]; of: PostFormValues }>();
  const bodyRef = useRef<HTMLTextAreaElement>(null);
  // An image uploaded into the body, waiting for its alt text, and where it goes.
  const [inlineImage, setInlineImage] = useState<{ src: string; start: number; end: number }>();
  const { save, isSaving } = usePostSave(post);

  const form: PostFormValues = { ...values, slug: displayedSlug(values, slugEdited) };
  const dirty = hasUnsavedChanges(saved, form);
  const liveProblems = useSeoProblems(form, publishedPaths);
  const problems =
    refusal && !hasUnsavedChanges(refusal.of, form) ? refusal.problems : liveProblems;
  const guard = useLeaveGuard(dirty && !isSaving);

  const change = (field: PostField, value: string) => {
    setValues((current) => ({ ...current, [field]: value }));
    setErrors((current) => (current[field] ? { ...current, [field]: undefined } : current));
  };
  const changeSlug = (value: string) => {
    setSlugEdited(true);
    change('slug', value);
  };
  const insertImage = (alt: string) => {
    if (!inlineImage) return;
    const { src, start, end } = inlineImage;
    const image = markdownImage(alt, src);
    change('content', `${values.content.slice(0, start)}${image}${values.content.slice(end)}`);
    setInlineImage(undefined);
    // Back in the text, just after the image.
    requestAnimationFrame(() => {
      const body = bodyRef.current;
      body?.focus();
      body?.setSelectionRange(start + image.length, start + image.length);
    });
  };
  const restored = (changed: AdminPost) => {
    const next = formValuesOf(changed);
    setSaved(next);
    setValues(next);
    setErrors({});
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    // The slug sent is the one shown; left to the API when it only follows the title.
    const outcome = await save(saved, slugEdited ? form : { ...form, slug: '' });
    switch (outcome.kind) {
      case 'unchanged':
        notifySuccess('Nothing to save', 'The post is as saved.');
        return;
      case 'invalid':
        setErrors(outcome.errors);
        notifyFailure('Not saved', 'Please correct the fields marked.');
        return;
      case 'failed':
        setErrors(outcome.errors);
        notifyFailure('Saving failed', outcome.error);
        return;
      case 'pending': {
        if (!post) return; // only a saved post's edit waits for review
        const next = formValuesOf({ ...post, ...outcome.pendingRevision.snapshot });
        setErrors({});
        setSaved(next);
        setValues((current) => (hasUnsavedChanges(form, current) ? current : next));
        notifySuccess(
          'Sent for review',
          'The post is on the site: your changes wait for someone who can publish.',
        );
        return;
      }
      case 'saved': {
        setErrors({});
        const next = formValuesOf(outcome.post);
        setSaved(next);
        // What was typed into a saved post while the request was out stays in the form.
        setValues((current) =>
          !outcome.created && hasUnsavedChanges(form, current) ? current : next,
        );
        setSlugEdited(true);
        notifySuccess(
          outcome.created ? 'Post created' : 'Post saved',
          outcome.created ? `“${outcome.post.title}” is a draft.` : undefined,
        );
        if (outcome.created) navigate(`/admin/posts/${outcome.post.id}`, { replace: true });
      }
    }
  };

  return (
    <>
      <Card>
        <CardHeader className="gap-3 space-y-0">
          <Link to="/admin/posts" className="text-sm text-primary hover:underline">
            ← All posts
          </Link>
          <div className="flex flex-wrap items-start justify-between gap-4">
            <div className="grid min-w-0 gap-1.5">
              <div className="flex flex-wrap items-center gap-2">
                <h2 className="min-w-0 break-words text-xl font-semibold leading-tight tracking-tight">
                  {post ? post.title : 'New post'}
                </h2>
                {post ? <PostStatusBadge status={post.status} /> : null}
                {dirty ? (
                  <span className="text-sm text-muted-foreground" role="status">
                    Unsaved changes
                  </span>
                ) : null}
              </div>
              {post ? <p className="text-sm text-muted-foreground">{statusLine(post)}</p> : null}
            </div>
            <div className="flex flex-wrap gap-2">
              <Can permission="posts:write">
                <Button type="submit" form={FORM_ID} disabled={isSaving}>
                  {isSaving ? 'Saving...' : post ? 'Save' : 'Create draft'}
                </Button>
              </Can>
              {post ? <PreviewLinkButton post={post} /> : null}
              {post ? (
                <PostStatusActions
                  post={post}
                  dirty={dirty}
                  problems={problems}
                  onProblems={(found) => setRefusal({ problems: found, of: form })}
                />
              ) : null}
            </div>
          </div>
        </CardHeader>
        <CardContent>
          <form id={FORM_ID} className="grid gap-6" onSubmit={submit} noValidate>
            <fieldset disabled={!canWrite} className="grid min-w-0 gap-6">
              <legend className="sr-only">The post</legend>
              <PostFields
                values={values}
                slug={form.slug}
                errors={errors}
                categories={categories}
                onChange={change}
                onSlugChange={changeSlug}
                featuredImageAction={
                  canWrite ? (
                    <ImageUploadButton
                      label="Upload featured image"
                      onUploaded={(image) => change('featuredImage', image.src)}
                    />
                  ) : null
                }
              />
              <MarkdownField
                id="post-content"
                value={values.content}
                error={errors.content}
                textareaRef={bodyRef}
                onValueChange={(value) => change('content', value)}
                toolbar={
                  canWrite ? (
                    <ImageUploadButton
                      label="Upload image"
                      onUploaded={(image) => {
                        const body = bodyRef.current;
                        const end = body?.selectionEnd ?? values.content.length;
                        setInlineImage({ src: image.src, start: body?.selectionStart ?? end, end });
                      }}
                    />
                  ) : null
                }
              />
            </fieldset>
          </form>
        </CardContent>
      </Card>
      <div className="grid min-w-0 gap-6 lg:grid-cols-2">
        <SeoPanel
          problems={problems}
          source={
            refusal && problems === refusal.problems
              ? 'As the API found them when it refused to publish.'
              : "Checked as you type, by the site's rules: title and description length, headings, image alt text, links."
          }
        />
        {post ? (
          <RevisionsPanel post={post} current={form} dirty={dirty} onRestored={restored} />
        ) : null}
        {post ? <PreviewLinksPanel post={post} /> : null}
      </div>
      <AltTextDialog
        open={inlineImage !== undefined}
        onInsert={insertImage}
        onCancel={() => setInlineImage(undefined)}
      />
      <ConfirmDialog
        open={guard.pending !== null}
        title="Leave without saving?"
        description="Your changes to this post are not saved and will be lost."
        confirmLabel="Leave without saving"
        onClose={guard.stay}
        onConfirm={guard.leave}
      />
    </>
  );
}
