import { http } from './api';

/**
 * Fetches a CSV export and saves it under `filename` through a temporary
 * object URL (the export endpoints need the session cookie, so a plain link
 * with `download` would not surface errors).
 */
export async function downloadCsv(
  path: string,
  filename: string,
  /** A body to POST (a selection's export, issue 32) instead of a GET. */
  body?: unknown,
): Promise<void> {
  const response = await http.request(body === undefined ? 'GET' : 'POST', path, body);
  const text = await response.text();
  const url = URL.createObjectURL(new Blob([text], { type: 'text/csv;charset=utf-8' }));
  try {
    const link = document.createElement('a');
    link.href = url;
    link.download = filename;
    link.style.display = 'none';
    document.body.append(link);
    link.click();
    link.remove();
  } finally {
    // Give the browser a moment to start the download before the URL goes away.
    setTimeout(() => URL.revokeObjectURL(url), 1000);
  }
}
