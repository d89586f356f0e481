import type { PostImage } from '@repo/api-client';
import { Button } from '@repo/ui';
import { useMutation } from '@tanstack/react-query';
import { useRef } from 'react';
import { api } from '@/lib/api';
import { notifyFailure } from '@/lib/notify';

/** What the API takes (it reads the type from the bytes; the picker only narrows the choice). */
const IMAGE_TYPES = 'image/png,image/jpeg,image/webp,image/gif,image/avif';

/**
 * Uploads an image for a post (issue 23, POST /api/admin/post-images): the API
 * checks its type by its bytes, strips its metadata and keeps its sizes; the
 * answer's `src` is handed on.
 */
export function ImageUploadButton({
  label,
  onUploaded,
}: {
  label: string;
  onUploaded: (image: PostImage) => void;
}) {
  const input = useRef<HTMLInputElement>(null);
  const upload = useMutation({
    mutationFn: (file: File) => api.admin.postImages.upload(file),
    onSuccess: onUploaded,
    onError: (error) => notifyFailure('Upload failed', error),
  });
  return (
    <>
      <input
        ref={input}
        type="file"
        accept={IMAGE_TYPES}
        className="sr-only"
        tabIndex={-1}
        aria-label={label}
        onChange={(event) => {
          const file = event.target.files?.[0];
          event.target.value = '';
          if (file) upload.mutate(file);
        }}
      />
      <Button
        type="button"
        size="sm"
        variant="outline"
        disabled={upload.isPending}
        onClick={() => input.current?.click()}
      >
        {upload.isPending ? 'Uploading...' : label}
      </Button>
    </>
  );
}
