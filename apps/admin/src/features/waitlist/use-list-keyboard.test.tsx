import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { useListKeyboard } from './use-list-keyboard';

const IDS = ['a', 'b', 'c'];

/** A list of three rows with a search box and a dialog that can be open. */
function List({
  onOpen = () => {},
  toggleSelection = () => {},
  onShowHelp = () => {},
  dialogOpen = false,
}: {
  onOpen?: (id: string) => void;
  toggleSelection?: (id: string) => void;
  onShowHelp?: () => void;
  dialogOpen?: boolean;
}) {
  const [searched, setSearched] = useState(0);
  const { activeId, rowProps } = useListKeyboard({
    rowIds: IDS,
    onOpen,
    toggleSelection,
    onFocusSearch: () => {
      setSearched((count) => count + 1);
      document.getElementById('search')?.focus();
    },
    onShowHelp,
  });
  return (
    <div>
      <label htmlFor="search">Search</label>
      <input id="search" />
      <textarea aria-label="Note" />
      <table>
        <tbody>
          {IDS.map((id, index) => (
            <tr key={id} {...rowProps(id, index)} data-testid={`row-${id}`}>
              <td>Row {id}</td>
              <td>
                <button type="button">Act on {id}</button>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <output aria-label="active">{activeId ?? 'none'}</output>
      <output aria-label="searched">{searched}</output>
      {dialogOpen ? (
        <div role="dialog" aria-label="Open dialog">
          <button type="button">Inside</button>
        </div>
      ) : null}
    </div>
  );
}

const active = () => screen.getByRole('status', { name: 'active' }).textContent;

describe('the list keyboard (issue 32)', () => {
  it('moves the active row with j and k, within the list, and focuses it', async () => {
    const user = userEvent.setup();
    render(<List />);
    expect(active()).toBe('none');
    // Before any move, the first row is the list's tab stop.
    expect(screen.getByTestId('row-a')).toHaveAttribute('tabindex', '0');
    await user.keyboard('k');
    expect(active()).toBe('a');
    await user.keyboard('jj');
    expect(active()).toBe('c');
    expect(screen.getByTestId('row-c')).toHaveFocus();
    expect(screen.getByTestId('row-c')).toHaveAttribute('data-active', 'true');
    // The last row stays the last.
    await user.keyboard('j');
    expect(active()).toBe('c');
    await user.keyboard('kkk');
    expect(active()).toBe('a');
    // A roving tabindex: only the active row is in the tab order.
    expect(IDS.map((id) => screen.getByTestId(`row-${id}`).getAttribute('tabindex'))).toEqual([
      '0',
      '-1',
      '-1',
    ]);
  });

  it('toggles the active row with x, and Enter opens it', async () => {
    const toggleSelection = vi.fn();
    const onOpen = vi.fn();
    const user = userEvent.setup();
    render(<List toggleSelection={toggleSelection} onOpen={onOpen} />);
    // Nothing active: x and Enter do nothing.
    await user.keyboard('x{Enter}');
    expect(toggleSelection).not.toHaveBeenCalled();
    expect(onOpen).not.toHaveBeenCalled();
    await user.keyboard('jjx');
    expect(toggleSelection).toHaveBeenCalledWith('b');
    await user.keyboard('{Enter}');
    expect(onOpen).toHaveBeenCalledWith('b');
  });

  it('leaves Enter to a button inside the row', async () => {
    const onOpen = vi.fn();
    const user = userEvent.setup();
    render(<List onOpen={onOpen} />);
    await user.keyboard('j');
    screen.getByRole('button', { name: 'Act on a' }).focus();
    await user.keyboard('{Enter}');
    expect(onOpen).not.toHaveBeenCalled();
  });

  it('focuses the search box with /, and ? shows the shortcuts', async () => {
    const onShowHelp = vi.fn();
    const user = userEvent.setup();
    render(<List onShowHelp={onShowHelp} />);
    await user.keyboard('/');
    expect(screen.getByLabelText('Search')).toHaveFocus();
    // The slash is not typed into the box.
    expect(screen.getByLabelText('Search')).toHaveValue('');
    (document.activeElement as HTMLElement).blur();
    await user.keyboard('?');
    expect(onShowHelp).toHaveBeenCalledTimes(1);
  });

  it('ignores every key while typing in an input or a textarea', async () => {
    const toggleSelection = vi.fn();
    const onShowHelp = vi.fn();
    const user = userEvent.setup();
    render(<List toggleSelection={toggleSelection} onShowHelp={onShowHelp} />);
    await user.click(screen.getByLabelText('Search'));
    await user.keyboard('jkx/?');
    expect(screen.getByLabelText('Search')).toHaveValue('jkx/?');
    await user.click(screen.getByLabelText('Note'));
    await user.keyboard('jx?');
    expect(screen.getByLabelText('Note')).toHaveValue('jx?');
    expect(active()).toBe('none');
    expect(toggleSelection).not.toHaveBeenCalled();
    expect(onShowHelp).not.toHaveBeenCalled();
    expect(screen.getByRole('status', { name: 'searched' })).toHaveTextContent('0');
  });

  it('ignores every key while a dialog is open', async () => {
    const onShowHelp = vi.fn();
    const user = userEvent.setup();
    render(<List dialogOpen onShowHelp={onShowHelp} />);
    await user.keyboard('jj?/');
    expect(active()).toBe('none');
    expect(onShowHelp).not.toHaveBeenCalled();
    expect(screen.getByLabelText('Search')).not.toHaveFocus();
  });

  it('leaves keys with Ctrl, Alt or Meta to the browser', async () => {
    const user = userEvent.setup();
    render(<List />);
    await user.keyboard('{Control>}j{/Control}{Alt>}j{/Alt}{Meta>}j{/Meta}');
    expect(active()).toBe('none');
  });
});
