import { type ClassValue, clsx } from 'clsx';
import { mergeClasses } from './merge-classes';

/** Joins class names, letting later Tailwind utilities override earlier ones. */
export function cn(...inputs: ClassValue[]): string {
  return mergeClasses(clsx(inputs));
}
