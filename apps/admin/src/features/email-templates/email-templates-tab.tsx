import type { EmailTemplate } from '@repo/api-client';
import { Badge, Button, Card, CardContent, Skeleton } from '@repo/ui';
import { useState } from 'react';
import { SectionHeader } from '@/components/section-header';
import { useParticipants } from '@/features/beta/use-participants';
import { errorMessage } from '@/lib/notify';
import { useCan } from '@/lib/permissions';
import { BulkSendDialog } from '@/features/bulk-send/bulk-send-dialog';
import { TemplatePreviewDialog } from './template-preview-dialog';
import { TestEmailDialog } from './test-email-dialog';
import { useTemplates } from './use-templates';

/** The Email section's templates (/admin/email/templates): preview, test and bulk send. */
export function EmailTemplatesTab() {
  const templates = useTemplates();
  // Issue 19: sending needs email:send; the bulk send picks from the beta's participants.
  const canSend = useCan('email:send');
  const canReadBeta = useCan('beta:read');
  const participants = useParticipants({ enabled: canSend && canReadBeta });
  const [previewing, setPreviewing] = useState<EmailTemplate | null>(null);
  const [testing, setTesting] = useState(false);
  const [bulkSending, setBulkSending] = useState(false);
  const list = templates.data?.templates ?? [];

  return (
    <div className="grid grid-cols-1 gap-6">
      <Card>
        <SectionHeader
          title="Email templates"
          description="Preview a template, send yourself a test, or email beta participants in bulk."
          actions={
            canSend ? (
              <>
                <Button
                  variant="outline"
                  onClick={() => setTesting(true)}
                  disabled={!templates.isSuccess}
                >
                  Send test email
                </Button>
                <Button
                  onClick={() => setBulkSending(true)}
                  disabled={!templates.isSuccess || !participants.isSuccess}
                >
                  Bulk send
                </Button>
              </>
            ) : null
          }
        />
        <CardContent>
          {templates.isPending ? (
            <div className="grid gap-4 sm:grid-cols-2">
              {[0, 1, 2, 3].map((index) => (
                <Skeleton key={index} className="h-28" />
              ))}
            </div>
          ) : templates.isError ? (
            <div role="alert" className="grid justify-items-start gap-2 text-sm">
              <p className="font-medium text-destructive">Could not load the templates</p>
              <p className="text-muted-foreground">{errorMessage(templates.error)}</p>
              <Button variant="outline" size="sm" onClick={() => void templates.refetch()}>
                Try again
              </Button>
            </div>
          ) : list.length === 0 ? (
            <p className="text-sm text-muted-foreground">No templates available.</p>
          ) : (
            <ul className="grid gap-4 sm:grid-cols-2">
              {list.map((template) => (
                <li key={template.id} className="flex flex-col gap-3 rounded-md border p-4">
                  <div className="flex items-start justify-between gap-3">
                    <h3 className="font-semibold">{template.name}</h3>
                    <Badge variant="secondary">{template.category}</Badge>
                  </div>
                  <p className="flex-1 text-sm text-muted-foreground">{template.description}</p>
                  <div>
                    <Button
                      variant="outline"
                      size="sm"
                      onClick={() => setPreviewing(template)}
                      aria-label={`Preview ${template.name}`}
                    >
                      Preview
                    </Button>
                  </div>
                </li>
              ))}
            </ul>
          )}
        </CardContent>
      </Card>
      <TemplatePreviewDialog template={previewing} onClose={() => setPreviewing(null)} />
      <TestEmailDialog open={testing} onOpenChange={setTesting} templates={list} />
      <BulkSendDialog
        open={bulkSending}
        onOpenChange={setBulkSending}
        templates={list}
        participants={participants.data?.participants ?? []}
      />
    </div>
  );
}
