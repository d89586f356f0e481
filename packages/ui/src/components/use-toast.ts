import * as React from 'react';

/** A toast's content; `variant: 'destructive'` for failures (spec section 8). */
export interface ToastInput {
  title: string;
  description?: string;
  variant?: 'default' | 'destructive';
  /** Milliseconds before it closes by itself. */
  duration?: number;
}

export interface ToastItem extends ToastInput {
  id: number;
  open: boolean;
}

const MAX_TOASTS = 3;
let nextId = 1;
let toasts: ToastItem[] = [];
const listeners = new Set<(items: ToastItem[]) => void>();

function emit() {
  for (const listener of listeners) listener(toasts);
}

/** Shows a toast from anywhere (a module-level store, so no provider is needed to call it). */
export function toast(input: ToastInput): { id: number; dismiss: () => void } {
  const id = nextId++;
  toasts = [{ ...input, id, open: true }, ...toasts].slice(0, MAX_TOASTS);
  emit();
  return { id, dismiss: () => dismissToast(id) };
}

export function dismissToast(id: number): void {
  toasts = toasts.map((item) => (item.id === id ? { ...item, open: false } : item));
  emit();
  // Let the close animation run before the toast leaves the list.
  setTimeout(() => {
    toasts = toasts.filter((item) => item.id !== id);
    emit();
  }, 300);
}

export function useToast() {
  const [items, setItems] = React.useState(toasts);
  React.useEffect(() => {
    listeners.add(setItems);
    setItems(toasts);
    return () => {
      listeners.delete(setItems);
    };
  }, []);
  return { toasts: items, toast, dismiss: dismissToast };
}
