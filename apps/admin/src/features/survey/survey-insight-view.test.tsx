import type { SurveyInsight, SurveyTextAnswer } from '@repo/api-client';
import { EASE_SCALE, SATISFACTION_SCALE, USEFULNESS_SCALE } from '@repo/validation';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { mockApi, type RecordedCall } from '../../../test/mock-api';
import { renderWithProviders } from '../../../test/render';
import { formatScore } from './recommendation-card';
import { SurveyInsightView } from './survey-insight-view';

const zeros = (scale: readonly string[]) => Object.fromEntries(scale.map((answer) => [answer, 0]));

const insight: SurveyInsight = {
  funnel: {
    started: 8,
    completed: 3,
    resumable: 1,
    steps: [
      { step: 1, title: 'Personal Information', reached: 8, stoppedHere: 2, resumableHere: 0 },
      { step: 2, title: 'Demographics', reached: 6, stoppedHere: 1, resumableHere: 1 },
      ...[3, 4, 5, 6, 7, 8, 9].map((step) => ({
        step,
        title: `Step title ${step}`,
        reached: step <= 3 ? 5 : 3,
        stoppedHere: step === 3 ? 2 : 0,
        resumableHere: 0,
      })),
    ],
  },
  responses: 4,
  distributions: {
    gettingStartedEase: { ...zeros(EASE_SCALE), easy: 3, very_difficult: 1 },
    whyItMattersUseful: { ...zeros(USEFULNESS_SCALE), very_useful: 4 },
    overallSatisfaction: { ...zeros(SATISFACTION_SCALE), satisfied: 2, not_sure: 2 },
    recommendationLikelihood: {
      not_at_all_likely: 0,
      unlikely: 1,
      neutral: 0,
      likely: 0,
      very_likely: 2,
      not_sure: 1,
    },
  },
  recommendation: {
    score: 33,
    opinions: 3,
    counts: {
      not_at_all_likely: 0,
      unlikely: 1,
      neutral: 0,
      likely: 0,
      very_likely: 2,
      not_sure: 1,
    },
  },
};

const answer = (overrides: Partial<SurveyTextAnswer>): SurveyTextAnswer => ({
  responseId: 'r1',
  field: 'improvementSuggestions',
  answer: 'Faster exports, please.',
  firstName: 'Grace',
  lastName: 'Hopper',
  email: 'grace@example.com',
  createdAt: '2026-11-20T10:00:00.000Z',
  ...overrides,
});

const searchOf = (call: RecordedCall) =>
  Object.fromEntries(new URL(call.path, 'http://admin.test').searchParams);

function renderView(answers: SurveyTextAnswer[] = [answer({})]) {
  const mock = mockApi({
    'GET /api/admin/feedback/insight': { body: insight },
    'GET /api/admin/feedback/answers': (call) => {
      const { search, field } = searchOf(call);
      const items = answers.filter(
        (item) =>
          (!search || item.answer.toLowerCase().includes(search.toLowerCase())) &&
          (!field || item.field === field),
      );
      return { body: { items, total: items.length, page: 1, pageSize: 10 } };
    },
    'GET /api/admin/feedback/export': { text: 'ID,Submitted at\r\n' },
  });
  const user = userEvent.setup();
  renderWithProviders(<SurveyInsightView />);
  return { ...mock, user };
}

describe('survey insight', () => {
  it('shows how many started, completed, and reached or stopped at each step', async () => {
    renderView();
    const started = (await screen.findByText('Started')).parentElement!;
    expect(within(started).getByText('8')).toBeInTheDocument();
    expect(
      within(screen.getByText('Completion rate').parentElement!).getByText('38%'),
    ).toBeInTheDocument();
    const table = screen.getByRole('table', { name: 'Surveys that reached each step' });
    const demographics = within(table).getByText('2. Demographics').closest('tr')!;
    expect(
      within(demographics)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['2. Demographics', '6', '75%', '1', '1']);
    const submitted = within(table).getByText('Submitted').closest('tr')!;
    expect(within(submitted).getByText('3')).toBeInTheDocument();
  });

  it('shows the recommendation score with every count', async () => {
    renderView();
    expect(await screen.findByText('+33')).toBeInTheDocument();
    expect(screen.getByText(/over the 3 answers with an opinion/)).toBeInTheDocument();
    const counts = screen.getByText('+33').parentElement!.querySelector('dl')!;
    expect(within(counts).getByText('Very likely').nextSibling).toHaveTextContent('2');
    expect(within(counts).getByText('Unlikely').nextSibling).toHaveTextContent('1');
    expect(within(counts).getByText('Not sure').nextSibling).toHaveTextContent('1');
  });

  it('lists every rated question with the count of each answer, one table per scale', async () => {
    renderView();
    const ease = await screen.findByRole('table', { name: 'Ease' });
    const row = within(ease).getByText('Getting started ease').closest('tr')!;
    expect(
      within(row)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['Getting started ease', '1', '0', '0', '3', '0', '0', '']);
    expect(screen.getByRole('table', { name: 'Usefulness' })).toHaveTextContent(
      'Why it matters useful',
    );
    expect(screen.getByRole('table', { name: 'Satisfaction' })).toHaveTextContent(
      'Overall satisfaction',
    );
    expect(screen.getByRole('table', { name: 'Recommendation' })).toHaveTextContent(
      'Recommendation likelihood',
    );
  });

  it('lists the written answers and searches them on the server', async () => {
    const { calls, user } = renderView([
      answer({}),
      answer({
        responseId: 'r2',
        field: 'initialImpressions',
        answer: 'Clear drafts.',
        firstName: 'Alan',
        lastName: 'Turing',
      }),
    ]);
    const table = await screen.findByRole('table', { name: 'Written answers' });
    expect(await within(table).findByText('Faster exports, please.')).toBeInTheDocument();
    expect(within(table).getByText('Clear drafts.')).toBeInTheDocument();
    expect(within(table).getByText('Alan Turing')).toBeInTheDocument();
    await user.type(screen.getByLabelText('Search answers'), 'EXPORT');
    await waitFor(() => expect(within(table).queryByText('Clear drafts.')).not.toBeInTheDocument());
    expect(within(table).getByText('Faster exports, please.')).toBeInTheDocument();
    const asked = calls.filter((call) => call.path.startsWith('/api/admin/feedback/answers'));
    expect(searchOf(asked.at(-1)!)).toEqual({ page: '1', pageSize: '10', search: 'EXPORT' });
    await user.clear(screen.getByLabelText('Search answers'));
    await user.type(screen.getByLabelText('Search answers'), 'nothing like it');
    expect(await screen.findByText('No answers contain “nothing like it”.')).toBeInTheDocument();
  });

  it('filters the written answers by question', async () => {
    const { calls, user } = renderView();
    await screen.findByText('Faster exports, please.');
    await user.click(screen.getByRole('combobox', { name: 'Question' }));
    await user.click(await screen.findByRole('option', { name: 'Initial impressions' }));
    await waitFor(() =>
      expect(searchOf(calls.at(-1)!)).toEqual({
        page: '1',
        pageSize: '10',
        field: 'initialImpressions',
      }),
    );
    expect(await screen.findByText('No written answers yet.')).toBeInTheDocument();
  });

  it('exports the responses as survey-responses-export.csv', async () => {
    const { calls, user } = renderView();
    URL.createObjectURL = () => 'blob:export';
    URL.revokeObjectURL = () => undefined;
    const saved: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function click(
      this: HTMLAnchorElement,
    ) {
      saved.push(this.download);
    });
    await screen.findByText('Started');
    await user.click(screen.getByRole('button', { name: 'Export CSV' }));
    expect(await screen.findByText('Export successful')).toBeInTheDocument();
    expect(saved).toEqual(['survey-responses-export.csv']);
    expect(calls.some((call) => call.path === '/api/admin/feedback/export')).toBe(true);
  });

  it('says so when the results cannot be loaded, and tries again', async () => {
    let fail = true;
    mockApi({
      'GET /api/admin/feedback/insight': () =>
        fail ? { status: 500, body: { message: 'Database unavailable' } } : { body: insight },
      'GET /api/admin/feedback/answers': { body: { items: [], total: 0, page: 1, pageSize: 10 } },
    });
    const user = userEvent.setup();
    renderWithProviders(<SurveyInsightView />);
    expect(await screen.findByText('Could not load the survey results')).toBeInTheDocument();
    expect(screen.getByText(/Database unavailable/)).toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('Started')).toBeInTheDocument();
  });
});

describe('formatScore', () => {
  it('signs the score, and shows a dash when there is none', () => {
    expect(formatScore(25)).toBe('+25');
    expect(formatScore(-40)).toBe('−40');
    expect(formatScore(0)).toBe('0');
    expect(formatScore(null)).toBe('–');
  });
});
