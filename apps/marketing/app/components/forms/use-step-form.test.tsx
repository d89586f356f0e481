import { act, render, renderHook, screen } from '@testing-library/react';
import { useRef } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { StepCount } from './step-count';
import { StepProgress } from './step-progress';
import { type StepFocus, type StepForm, stepProgress, useStepForm } from './use-step-form';

afterEach(() => {
  vi.useRealTimers();
});

describe('stepProgress', () => {
  it('is the step number over the total, as a whole percentage', () => {
    expect(stepProgress(0, 4)).toBe(25);
    expect(stepProgress(4, 7)).toBe(71);
    expect(stepProgress(0, 9)).toBe(11);
    expect(stepProgress(8, 9)).toBe(100);
  });
});

describe('useStepForm: stepping', () => {
  it('starts on the first step with nothing touched', () => {
    const { result } = renderHook(() => useStepForm<'a' | 'b'>({ totalSteps: 3 }));
    expect(result.current).toMatchObject({
      stepIndex: 0,
      totalSteps: 3,
      isFirst: true,
      isLast: false,
      progress: 33,
      touched: {},
    });
  });

  it('moves forward and back, never past either end', () => {
    const { result } = renderHook(() => useStepForm({ totalSteps: 3 }));
    act(() => result.current.back());
    expect(result.current.stepIndex).toBe(0);
    act(() => result.current.next());
    act(() => result.current.next());
    expect(result.current).toMatchObject({ stepIndex: 2, isLast: true, progress: 100 });
    act(() => result.current.next());
    expect(result.current.stepIndex).toBe(2);
    act(() => result.current.back());
    expect(result.current).toMatchObject({ stepIndex: 1, isFirst: false, isLast: false });
  });

  it('goes straight to a step (a resumed survey), kept within the steps', () => {
    const { result } = renderHook(() => useStepForm({ totalSteps: 9 }));
    act(() => result.current.goTo(4));
    expect(result.current.stepIndex).toBe(4);
    act(() => result.current.goTo(20));
    expect(result.current.stepIndex).toBe(8);
    act(() => result.current.goTo(-1));
    expect(result.current.stepIndex).toBe(0);
  });

  it('remembers the touched fields across steps, and forgets them and the step on reset', () => {
    const { result } = renderHook(() =>
      useStepForm<'email' | 'name' | 'company'>({ totalSteps: 3 }),
    );
    act(() => result.current.touch('email'));
    act(() => result.current.next());
    act(() => result.current.touch('name', 'company'));
    expect(result.current.touched).toEqual({ email: true, name: true, company: true });
    act(() => result.current.reset());
    expect(result.current).toMatchObject({ stepIndex: 0, touched: {} });
  });

  it('keeps its functions from render to render (safe in effects and timers)', () => {
    const { result, rerender } = renderHook(() => useStepForm({ totalSteps: 3 }));
    const first = result.current;
    act(() => first.next());
    rerender();
    for (const name of ['next', 'back', 'goTo', 'touch', 'reset'] as const) {
      expect(result.current[name]).toBe(first[name]);
    }
  });
});

/** A 3-step form with one field per step; `focus` gets the current step's field as its target. */
function StepsUnderTest({
  open,
  focus,
  onSteps,
}: {
  open?: boolean;
  focus?: Omit<StepFocus, 'target'>;
  onSteps: (steps: StepForm) => void;
}) {
  const fieldRef = useRef<HTMLInputElement>(null);
  const steps = useStepForm({
    totalSteps: 3,
    open,
    focus: { ...focus, target: () => fieldRef.current },
  });
  onSteps(steps);
  const label = `Field ${steps.stepIndex + 1}`;
  return (
    <form>
      <button type="button">Elsewhere</button>
      <StepCount steps={steps} />
      <StepProgress steps={steps} label="Test progress" />
      {open === false ? null : <input key={label} ref={fieldRef} aria-label={label} />}
    </form>
  );
}

function renderSteps(props: { open?: boolean; focus?: Omit<StepFocus, 'target'> } = {}) {
  let steps!: StepForm;
  const utils = render(<StepsUnderTest {...props} onSteps={(current) => (steps = current)} />);
  return {
    steps: () => steps,
    rerender: (next: { open?: boolean }) =>
      utils.rerender(
        <StepsUnderTest {...props} {...next} onSteps={(current) => (steps = current)} />,
      ),
  };
}

describe('useStepForm: focus on a step change', () => {
  it('leaves focus alone on the first render of a form that is always shown', () => {
    renderSteps();
    expect(document.activeElement).toBe(document.body);
  });

  it("puts focus in the new step's field after next and back", () => {
    const { steps } = renderSteps();
    act(() => steps().next());
    expect(screen.getByLabelText('Field 2')).toHaveFocus();
    act(() => steps().back());
    expect(screen.getByLabelText('Field 1')).toHaveFocus();
  });

  it('can wait first, and run something (scroll to the top) just before focusing', () => {
    vi.useFakeTimers();
    const before = vi.fn(() => expect(screen.getByLabelText('Field 2')).not.toHaveFocus());
    const { steps } = renderSteps({ focus: { delayMs: 100, before } });
    act(() => steps().next());
    act(() => vi.advanceTimersByTime(99));
    expect(before).not.toHaveBeenCalled();
    expect(screen.getByLabelText('Field 2')).not.toHaveFocus();
    act(() => vi.advanceTimersByTime(1));
    expect(before).toHaveBeenCalledOnce();
    expect(screen.getByLabelText('Field 2')).toHaveFocus();
  });

  it('moves once, to the last step reached, when steps change faster than the delay', () => {
    vi.useFakeTimers();
    const before = vi.fn();
    const { steps } = renderSteps({ focus: { delayMs: 100, before } });
    act(() => steps().next());
    act(() => vi.advanceTimersByTime(50));
    act(() => steps().next());
    act(() => vi.advanceTimersByTime(100));
    expect(before).toHaveBeenCalledOnce();
    expect(screen.getByLabelText('Field 3')).toHaveFocus();
  });

  it('in a dialog: focuses the field when it opens, and never while it is closed', () => {
    const { steps, rerender } = renderSteps({ open: false });
    act(() => steps().next());
    expect(document.activeElement).toBe(document.body);
    rerender({ open: true });
    expect(screen.getByLabelText('Field 2')).toHaveFocus();
    act(() => steps().reset());
    expect(screen.getByLabelText('Field 1')).toHaveFocus();
  });

  it('in a dialog that is open from the start: focuses the first field at once', () => {
    renderSteps({ open: true });
    expect(screen.getByLabelText('Field 1')).toHaveFocus();
  });
});

describe('StepCount and StepProgress', () => {
  it('announce the step politely and expose a labelled progressbar with the rounded value', () => {
    const { steps } = renderSteps();
    expect(screen.getByText('Step 1 of 3')).toHaveAttribute('aria-live', 'polite');
    const bar = screen.getByRole('progressbar', { name: 'Test progress' });
    expect(bar).toHaveAttribute('aria-valuenow', '33');
    act(() => steps().next());
    expect(screen.getByText('Step 2 of 3')).toBeInTheDocument();
    expect(bar).toHaveAttribute('aria-valuenow', '67');
  });
});
