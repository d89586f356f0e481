/** The domain of an address, lower-cased: what ADMIN_EMAIL_DOMAINS is matched against. */
export function emailDomain(email: string): string {
  return email.slice(email.lastIndexOf('@') + 1).toLowerCase();
}
