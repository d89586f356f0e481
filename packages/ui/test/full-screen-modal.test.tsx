import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { FullScreenModal, FullScreenModalTitle } from '../src';

// jsdom's <dialog> has no methods: these set the attribute, note the modal call and,
// as a browser does, queue the close event a task later.
const modalCalls = vi.fn();
const methods = HTMLDialogElement.prototype as Partial<HTMLDialogElement>;
const original = { showModal: methods.showModal, close: methods.close };
beforeAll(() => {
  HTMLDialogElement.prototype.showModal = function showModal(this: HTMLDialogElement) {
    modalCalls();
    this.toggleAttribute('open', true);
  };
  HTMLDialogElement.prototype.close = function close(this: HTMLDialogElement) {
    if (!this.hasAttribute('open')) return;
    this.toggleAttribute('open', false);
    setTimeout(() => this.dispatchEvent(new Event('close')), 0);
  };
});
afterAll(() => Object.assign(HTMLDialogElement.prototype, original));

function Page({ onOpenChange }: { onOpenChange: (open: boolean) => void }) {
  const [open, setOpen] = useState(true);
  return (
    <FullScreenModal
      open={open}
      onOpenChange={(next) => {
        onOpenChange(next);
        setOpen(next);
      }}
    >
      <FullScreenModalTitle>Apply for Beta Access</FullScreenModalTitle>
    </FullScreenModal>
  );
}

describe('FullScreenModal (issue 32: a plain dialog in the first frame, the modal after it)', () => {
  it('becomes the modal after its first frame and stays open through the close that takes', async () => {
    modalCalls.mockClear();
    const onOpenChange = vi.fn();
    render(<Page onOpenChange={onOpenChange} />);
    const dialog = screen.getByRole('dialog', { name: 'Apply for Beta Access', hidden: true });
    expect(dialog).toHaveAttribute('open');
    expect(modalCalls).not.toHaveBeenCalled();
    await waitFor(() => expect(modalCalls).toHaveBeenCalledTimes(1));
    // The close event queued by the switch arrives with the dialog open again: ignored.
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(onOpenChange).not.toHaveBeenCalled();
    expect(dialog).toHaveAttribute('open');
    expect(dialog).toBeInTheDocument();
  });

  it('closes on Escape before it became the modal (a plain dialog has no cancel event)', () => {
    modalCalls.mockClear();
    const onOpenChange = vi.fn();
    render(<Page onOpenChange={onOpenChange} />);
    const dialog = screen.getByRole('dialog', { name: 'Apply for Beta Access', hidden: true });
    fireEvent.keyDown(dialog, { key: 'Escape' });
    expect(onOpenChange).toHaveBeenCalledWith(false);
    expect(screen.queryByRole('dialog', { hidden: true })).not.toBeInTheDocument();
    expect(modalCalls).not.toHaveBeenCalled();
  });
});
