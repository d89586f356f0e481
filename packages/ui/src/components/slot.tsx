import * as React from 'react';

type AnyProps = Record<string, unknown>;

function setRef<T>(ref: React.Ref<T> | undefined, node: T | null) {
  if (typeof ref === 'function') ref(node);
  else if (ref) (ref as React.MutableRefObject<T | null>).current = node;
}

/**
 * Renders its one child element with its own props merged in, as Radix's Slot
 * does for `asChild`: the child's props win, except that class names are joined,
 * styles merged, both event handlers run (the child's first) and both refs are
 * set. Written here rather than imported because Button is on every page of the
 * marketing site and Radix's Slot, with its Slottable machinery, weighs a
 * kilobyte of a page's 100 KB budget (issue 13); the Radix primitives keep their own.
 */
const Slot = React.forwardRef<HTMLElement, React.HTMLAttributes<HTMLElement>>(
  ({ children, ...slotProps }, forwardedRef) => {
    if (!React.isValidElement(children)) return null;
    const childProps = children.props as AnyProps;
    const merged: AnyProps = { ...slotProps, ...childProps };
    for (const [name, slotValue] of Object.entries(slotProps as AnyProps)) {
      const childValue = childProps[name];
      if (/^on[A-Z]/.test(name) && typeof slotValue === 'function') {
        merged[name] =
          typeof childValue === 'function'
            ? (...args: unknown[]) => {
                const result: unknown = childValue(...args);
                slotValue(...args);
                return result;
              }
            : slotValue;
      } else if (name === 'style') {
        merged.style = { ...(slotValue as object), ...(childValue as object | undefined) };
      } else if (name === 'className') {
        merged.className = [slotValue, childValue].filter(Boolean).join(' ');
      }
    }
    const childRef = (children as unknown as { ref?: React.Ref<HTMLElement> }).ref;
    merged.ref = (node: HTMLElement | null) => {
      setRef(forwardedRef, node);
      setRef(childRef, node);
    };
    return React.cloneElement(children, merged);
  },
);
Slot.displayName = 'Slot';

export { Slot };
