import {
  Button,
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@repo/ui';
import { type FormEvent, useState } from 'react';
import { FormField } from '@/components/form-field';

/** `![alt](src)` with the brackets of the alt text escaped, so it cannot end the image early. */
export function markdownImage(alt: string, src: string): string {
  return `![${alt.replace(/[[\]\\]/g, (character) => `\\${character}`)}](${src})`;
}

/**
 * Asks the alt text of an image just uploaded into the body (issue 23: an image
 * without one blocks publishing), before it is inserted at the cursor.
 */
export function AltTextDialog({
  open,
  onInsert,
  onCancel,
}: {
  open: boolean;
  onInsert: (alt: string) => void;
  onCancel: () => void;
}) {
  const [alt, setAlt] = useState('');
  const [error, setError] = useState<string>();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!alt.trim()) {
      setError('Describe the image for readers who cannot see it');
      return;
    }
    onInsert(alt.trim());
    setAlt('');
    setError(undefined);
  };
  return (
    <Dialog open={open} onOpenChange={(next) => !next && onCancel()}>
      <DialogContent>
        <form className="grid gap-4" onSubmit={submit} noValidate>
          <DialogHeader>
            <DialogTitle>Describe the image</DialogTitle>
            <DialogDescription>
              The alt text is read to people who cannot see the image, and by search engines.
            </DialogDescription>
          </DialogHeader>
          <FormField
            id="post-image-alt"
            label="Alt text"
            value={alt}
            error={error}
            onValueChange={setAlt}
            autoComplete="off"
          />
          <DialogFooter>
            <Button type="button" variant="outline" onClick={onCancel}>
              Cancel
            </Button>
            <Button type="submit">Insert image</Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
