import type { EmailTemplate } from '@repo/api-client';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@repo/ui';
import { useQuery } from '@tanstack/react-query';
import { EmailFrame } from '@/components/email-frame';
import { templatePreviewPath } from '@/lib/email-templates';
import { fetchHtml } from '@/lib/fetch-html';

/** A template rendered with sample data, in a sandboxed iframe (spec section 2). */
export function TemplatePreviewDialog({
  template,
  onClose,
}: {
  template: EmailTemplate | null;
  onClose: () => void;
}) {
  const path = template ? templatePreviewPath(template.id) : '';
  const preview = useQuery({
    queryKey: ['email-preview', path],
    queryFn: () => fetchHtml(path),
    enabled: Boolean(template),
  });
  return (
    <Dialog open={Boolean(template)} onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="max-w-3xl">
        <DialogHeader>
          <DialogTitle>{template?.name ?? 'Template preview'}</DialogTitle>
          <DialogDescription>{template?.description} Shown with sample data.</DialogDescription>
        </DialogHeader>
        <EmailFrame
          title={`${template?.name ?? 'Template'} preview`}
          html={preview.data}
          isLoading={preview.isPending}
          error={preview.error}
        />
      </DialogContent>
    </Dialog>
  );
}
