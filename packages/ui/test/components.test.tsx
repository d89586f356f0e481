import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createRef } from 'react';
import { describe, expect, it } from 'vitest';
import {
  Badge,
  Button,
  Dialog,
  DialogContent,
  DialogDescription,
  DialogTitle,
  DialogTrigger,
  Toaster,
  toast,
} from '../src';

describe('Button', () => {
  it('renders its variant classes and a visible focus ring', () => {
    render(<Button variant="destructive">Delete</Button>);
    const button = screen.getByRole('button', { name: 'Delete' });
    expect(button.className).toContain('bg-destructive');
    expect(button.className).toContain('focus-visible:ring-2');
  });

  it('can render a link with button styles', () => {
    render(
      <Button asChild>
        <a href="/beta">Join Beta Waitlist</a>
      </Button>,
    );
    expect(screen.getByRole('link', { name: 'Join Beta Waitlist' })).toHaveClass('bg-primary');
  });

  it('as a child, keeps the child its own classes, runs both click handlers and sets both refs', async () => {
    const calls: string[] = [];
    const buttonRef = createRef<HTMLButtonElement>();
    const linkRef = createRef<HTMLAnchorElement>();
    render(
      <Button asChild ref={buttonRef} onClick={() => calls.push('button')} style={{ color: 'red' }}>
        <a
          href="#beta"
          ref={linkRef}
          className="w-full"
          style={{ margin: 1 }}
          onClick={() => calls.push('link')}
        >
          Join
        </a>
      </Button>,
    );
    const link = screen.getByRole('link', { name: 'Join' });
    expect(link).toHaveClass('bg-primary', 'w-full');
    expect(link).toHaveStyle({ color: 'rgb(255, 0, 0)', margin: '1px' });
    await userEvent.click(link);
    expect(calls).toEqual(['link', 'button']);
    expect(buttonRef.current).toBe(link);
    expect(linkRef.current).toBe(link);
  });
});

describe('Badge', () => {
  it('has a green variant for Replied', () => {
    render(<Badge variant="success">Replied</Badge>);
    expect(screen.getByText('Replied')).toHaveClass('bg-success');
  });
});

describe('Dialog', () => {
  it('is a labelled dialog that closes on Escape and gives focus back', async () => {
    const user = userEvent.setup();
    render(
      <Dialog>
        <DialogTrigger>Open</DialogTrigger>
        <DialogContent>
          <DialogTitle>Preview email</DialogTitle>
          <DialogDescription>What the recipient will see.</DialogDescription>
        </DialogContent>
      </Dialog>,
    );
    const trigger = screen.getByRole('button', { name: 'Open' });
    await user.click(trigger);
    expect(screen.getByRole('dialog', { name: 'Preview email' })).toBeInTheDocument();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(trigger).toHaveFocus();
  });
});

describe('toast', () => {
  it('shows the title and description in the global toaster', () => {
    render(<Toaster />);
    act(() => {
      toast({ title: 'Export failed', description: '500: boom', variant: 'destructive' });
    });
    expect(screen.getByText('Export failed')).toBeInTheDocument();
    expect(screen.getByText('500: boom')).toBeInTheDocument();
  });
});
