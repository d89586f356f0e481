import { http } from './api';

/** GETs an HTML document (email previews) as text; errors are raised like any call. */
export async function fetchHtml(path: string): Promise<string> {
  const response = await http.request('GET', path);
  return response.text();
}
