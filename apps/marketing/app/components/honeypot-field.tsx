import { HONEYPOT_FIELD, HONEYPOT_LABEL } from '@repo/validation';
import type { Ref } from 'react';

/**
 * Matches any control but the honeypot: a form that focuses "its first input"
 * must never land on it, or what the visitor types next fills it and the API
 * takes them for a bot (the survey once did after each Next).
 */
export const NOT_HONEYPOT = `:not([name="${HONEYPOT_FIELD}"])`;

interface HoneypotFieldProps {
  /** Keeps the id unique when a page shows the same form twice. */
  idPrefix: string;
  inputRef: Ref<HTMLInputElement>;
}

/**
 * The honeypot of the public forms (issue 8): off-screen, out of the tab order
 * and hidden from screen readers, so people never fill it; bots that fill every
 * field do, and the API then answers as usual and keeps nothing.
 * Uncontrolled: the value a bot wrote into the DOM is the value read.
 */
export function HoneypotField({ idPrefix, inputRef }: HoneypotFieldProps) {
  const id = `${idPrefix}-${HONEYPOT_FIELD}`;
  return (
    <div aria-hidden="true" className="absolute left-[-10000px] top-auto h-px w-px overflow-hidden">
      <label htmlFor={id}>{HONEYPOT_LABEL}</label>
      <input
        ref={inputRef}
        id={id}
        name={HONEYPOT_FIELD}
        type="text"
        tabIndex={-1}
        autoComplete="off"
        defaultValue=""
      />
    </div>
  );
}
