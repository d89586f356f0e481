import type { AnchorHTMLAttributes } from 'react';

/** Stands in for @remix-run/react in component tests: links render as plain anchors. */
export const remixReactStub = {
  Link: ({
    to,
    ...props
  }: AnchorHTMLAttributes<HTMLAnchorElement> & { to: string; prefetch?: string }) => {
    const { prefetch: _prefetch, ...rest } = props as typeof props & { prefetch?: string };
    return <a href={to} {...rest} />;
  },
  useNavigate: () => () => undefined,
};
