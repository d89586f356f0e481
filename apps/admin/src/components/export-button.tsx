import { Button } from '@repo/ui';
import { useState } from 'react';
import { downloadCsv } from '@/lib/download-csv';
import { TOAST } from '@/lib/messages';
import { notifyFailure, notifySuccess } from '@/lib/notify';

/** Downloads a CSV export (spec section 2) and reports the outcome in a toast. */
export function ExportButton({ path, filename }: { path: string; filename: string }) {
  const [busy, setBusy] = useState(false);
  const exportCsv = async () => {
    setBusy(true);
    try {
      await downloadCsv(path, filename);
      notifySuccess(TOAST.exportSuccessful, `Saved as ${filename}`);
    } catch (error) {
      notifyFailure(TOAST.exportFailed, error);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button variant="outline" size="sm" onClick={exportCsv} disabled={busy}>
      {busy ? 'Exporting...' : 'Export CSV'}
    </Button>
  );
}
