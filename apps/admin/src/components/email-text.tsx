import type { CellContext } from '@tanstack/react-table';

/**
 * An address that may break before its '@' when a table is short of room (issue
 * 20: every column fits at 1280 px), and nowhere else.
 */
function EmailText({ email }: { email: string }) {
  const at = email.lastIndexOf('@');
  if (at <= 0) return email;
  return (
    <>
      {email.slice(0, at)}
      {/* Inline, as browsers have it: jsdom's default would split the cell's accessible name. */}
      <wbr style={{ display: 'inline' }} />
      {email.slice(at)}
    </>
  );
}

/** A table cell showing its value as an EmailText. */
export function emailCell<T>({ getValue }: CellContext<T, unknown>) {
  return <EmailText email={String(getValue())} />;
}
