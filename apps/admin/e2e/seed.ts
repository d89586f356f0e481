/** Seeds data through the public API, as visitors would. */
export async function joinWaitlist(
  apiUrl: string,
  person: { email: string; firstName: string; lastName: string; company?: string },
): Promise<void> {
  const response = await fetch(`${apiUrl}/api/waitlist`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      company: 'Analytical Engines',
      primaryUse: 'Blog Writing',
      ...person,
    }),
  });
  if (!response.ok) throw new Error(`waitlist: ${response.status} ${await response.text()}`);
}

export async function sendContactMessage(
  apiUrl: string,
  message: { name: string; email: string; subject: string; message: string },
): Promise<void> {
  const response = await fetch(`${apiUrl}/api/contact`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ ...message, status: 'new' }),
  });
  if (!response.ok) throw new Error(`contact: ${response.status} ${await response.text()}`);
}
