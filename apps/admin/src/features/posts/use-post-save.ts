import { ApiError, type AdminPost, apiRoutes } from '@repo/api-client';
import {
  isPendingReview,
  type PostPendingRevision,
  postCreateSchema,
  postUpdateSchema,
} from '@repo/validation';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { api } from '@/lib/api';
import { serverFieldErrors } from '@/lib/field-issues';
import { QUERY_PATHS } from '@/lib/query-paths';
import {
  createPayload,
  EMPTY_POST_FORM,
  type PostField,
  type PostFormValues,
  updatePayload,
} from './post-form';

export type PostFieldErrors = Partial<Record<PostField, string>>;

const isField = (name: string): name is PostField => name in EMPTY_POST_FORM;

/** The first issue per field of a schema's issues (path[0] names the field). */
function errorsOfIssues(issues: readonly { path: PropertyKey[]; message: string }[]) {
  const errors: PostFieldErrors = {};
  for (const issue of issues) {
    const field = String(issue.path[0] ?? '');
    if (isField(field)) errors[field] ??= issue.message;
  }
  return errors;
}

/** The API's refusal, beside the fields it names: a 400's issues, a 409 about the slug. */
function fieldErrorsOf(error: unknown): PostFieldErrors {
  const errors: PostFieldErrors = {};
  for (const [path, message] of Object.entries(serverFieldErrors(error))) {
    const field = path.split('.')[0] ?? '';
    if (isField(field)) errors[field] ??= message;
  }
  if (error instanceof ApiError && error.status === 409 && error.body?.type?.startsWith('slug_'))
    errors.slug = error.serverMessage;
  return errors;
}

/** What a save did: the saved post, or why not (the field errors, or nothing to save). */
export type SaveOutcome =
  | { kind: 'saved'; post: AdminPost; created: boolean }
  /** Issue 31: an edit of a live post without posts:publish, kept for review. */
  | { kind: 'pending'; pendingRevision: PostPendingRevision }
  | { kind: 'invalid'; errors: PostFieldErrors }
  | { kind: 'unchanged' }
  | { kind: 'failed'; error: unknown; errors: PostFieldErrors };

/**
 * Saves the editor's form: a new post is created with an Idempotency-Key kept
 * for the form's life, so a retry after a timeout (the first request may have
 * landed) cannot make a second post; a saved one is PATCHed with only the
 * fields that changed. The form is checked by the API's own schemas first.
 */
export function usePostSave(post: AdminPost | undefined) {
  const queryClient = useQueryClient();
  const [idempotencyKey] = useState(() => crypto.randomUUID());
  const mutation = useMutation({
    mutationFn: async ({
      saved,
      values,
    }: {
      saved: PostFormValues;
      values: PostFormValues;
    }): Promise<SaveOutcome> => {
      if (!post) {
        const body = createPayload(values);
        const checked = postCreateSchema.safeParse(body);
        if (!checked.success)
          return { kind: 'invalid', errors: errorsOfIssues(checked.error.issues) };
        const created = await api.admin.posts.create(body, { idempotencyKey });
        return { kind: 'saved', post: created, created: true };
      }
      const body = updatePayload(saved, values);
      if (!body) return { kind: 'unchanged' };
      const checked = postUpdateSchema.safeParse(body);
      if (!checked.success)
        return { kind: 'invalid', errors: errorsOfIssues(checked.error.issues) };
      const answer = await api.admin.posts.update(post.id, body);
      if (isPendingReview(answer))
        return { kind: 'pending', pendingRevision: answer.pendingRevision };
      return { kind: 'saved', post: answer, created: false };
    },
    onSuccess: (outcome) => {
      if (outcome.kind === 'pending') {
        const path = apiRoutes.admin.posts.pendingRevision(String(outcome.pendingRevision.postId));
        queryClient.setQueryData([path], { pendingRevision: outcome.pendingRevision });
      }
      if (outcome.kind !== 'saved') return;
      const saved = outcome.post;
      queryClient.setQueryData([apiRoutes.admin.posts.post(String(saved.id))], saved);
      void queryClient.invalidateQueries({ queryKey: [QUERY_PATHS.posts] });
      void queryClient.invalidateQueries({
        queryKey: [apiRoutes.admin.posts.revisions(String(saved.id))],
      });
      // What waits for review is shown against the post as it is now (issue 31).
      void queryClient.invalidateQueries({
        queryKey: [apiRoutes.admin.posts.pendingRevision(String(saved.id))],
      });
    },
  });

  const save = async (saved: PostFormValues, values: PostFormValues): Promise<SaveOutcome> => {
    try {
      return await mutation.mutateAsync({ saved, values });
    } catch (error) {
      return { kind: 'failed', error, errors: fieldErrorsOf(error) };
    }
  };
  return { save, isSaving: mutation.isPending };
}
