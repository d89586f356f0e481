import * as React from 'react';
import { cn } from '../lib/cn';

/** A field's validation message; give it an id and point the control's aria-describedby at it. */
const FormMessage = React.forwardRef<
  HTMLParagraphElement,
  React.HTMLAttributes<HTMLParagraphElement>
>(({ className, children, ...props }, ref) =>
  children ? (
    <p
      ref={ref}
      role="alert"
      className={cn('text-sm font-medium text-destructive', className)}
      {...props}
    >
      {children}
    </p>
  ) : null,
);
FormMessage.displayName = 'FormMessage';

export { FormMessage };
