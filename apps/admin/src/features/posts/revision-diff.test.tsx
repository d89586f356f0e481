import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { lineDiff, RevisionDiff } from './revision-diff';

describe('revision diff (issue 23)', () => {
  it('splits a change into kept, removed and added lines', () => {
    expect(lineDiff('one\ntwo\nthree\n', 'one\n2\nthree\nfour\n')).toEqual([
      { kind: 'same', text: 'one' },
      { kind: 'removed', text: 'two' },
      { kind: 'added', text: '2' },
      { kind: 'same', text: 'three' },
      { kind: 'added', text: 'four' },
    ]);
  });

  it('tells each changed line by its sign, its element and its words, not by colour alone', () => {
    render(
      <RevisionDiff
        before={'## Title\nOld line\n'}
        after={'## Title\nNew line\n'}
        beforeLabel="the revision"
        afterLabel="the editor"
      />,
    );
    expect(
      screen.getByText('From the revision to the editor: 1 line added (+), 1 line removed (−).'),
    ).toBeInTheDocument();
    const list = screen.getByRole('list', { name: 'Changes to the body, line by line' });
    const [same, removed, added] = within(list).getAllByRole('listitem');
    expect(same).toHaveTextContent('## Title');
    expect(removed).toHaveTextContent('−Removed: Old line');
    expect(removed!.querySelector('del')).toHaveTextContent('Removed: Old line');
    expect(added).toHaveTextContent('+Added: New line');
    expect(added!.querySelector('ins')).toHaveTextContent('Added: New line');
  });

  it('says so when the body is the same', () => {
    render(<RevisionDiff before="Same" after="Same" beforeLabel="A" afterLabel="B" />);
    expect(screen.getByText('The body is the same in A and B.')).toBeInTheDocument();
  });
});
