import { ApiError, type SurveyProgressAnswer, type SurveyProgressRequest } from '@repo/api-client';
import { type BetaFeedbackField, SURVEY_KEY_STORAGE, SURVEY_TOTAL_STEPS } from '@repo/validation';
import { useCallback, useEffect, useRef, useState } from 'react';
import { siteApi } from '~/utils/browser-api';
import type { SurveyValues } from './survey-fields';
import { loadSurveyRules, type SurveyRules } from './survey-rules-loader';

/** How long the final submit waits for a save still under way. */
const PENDING_SAVE_WAIT_MS = 3_000;
/** How long the survey stays hidden while a saved survey is looked up, at most. */
const LOOKUP_WAIT_MS = 2_000;

function storage(): Storage | undefined {
  try {
    return window.localStorage;
  } catch {
    // Refused storage (privacy settings): the survey works, it just cannot be resumed.
    return undefined;
  }
}

function readKey(): string | undefined {
  try {
    return storage()?.getItem(SURVEY_KEY_STORAGE) ?? undefined;
  } catch {
    return undefined;
  }
}

function writeKey(key: string | undefined): void {
  try {
    if (key) storage()?.setItem(SURVEY_KEY_STORAGE, key);
    else storage()?.removeItem(SURVEY_KEY_STORAGE);
  } catch {
    // Full or refused storage: nothing to resume later, nothing else lost.
  }
}

/** A random key naming this browser's survey (a UUID where the browser has one). */
function newKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}

/** The answers worth keeping: given and valid (a half-typed answer waits for its step's Next). */
function savableAnswers(
  values: SurveyValues,
  { surveyFieldError }: SurveyRules,
): Record<string, string> {
  const answers: Record<string, string> = {};
  for (const [field, value] of Object.entries(values)) {
    const trimmed = value.trim();
    if (trimmed !== '' && !surveyFieldError(field as BetaFeedbackField, trimmed)) {
      answers[field] = trimmed;
    }
  }
  return answers;
}

/** The answer's status (200 once saved), 0 when there was no answer. */
async function putProgress(body: SurveyProgressRequest): Promise<number> {
  try {
    await siteApi.betaFeedback.saveProgress(body);
    return 200;
  } catch (error) {
    return error instanceof ApiError ? error.status : 0;
  }
}

async function getProgress(key: string): Promise<SurveyProgressAnswer['progress']> {
  try {
    return (await siteApi.betaFeedback.progress(key)).progress;
  } catch {
    return null;
  }
}

export interface RestoredSurvey {
  /** 1-based. */
  step: number;
  answers: Partial<SurveyValues>;
}

/**
 * The survey saved step by step (issue 12). The browser keeps a random key in
 * localStorage; the answers live on the server under it for 7 days after the
 * last save. Opening the survey resumes it (answers and step) or starts a new
 * one; each Next saves; the final submit completes it and the key is dropped.
 * Saving never blocks the survey: a failed save is simply not resumable.
 */
export function useSurveyProgress(open: boolean, onRestore: (restored: RestoredSurvey) => void) {
  const [restored, setRestored] = useState(false);
  // A browser with a key may have a survey to resume, on another step and with a note
  // above it: showing step 1 until the API answers, then swapping it, moved the
  // questions and buttons down under the visitor's eyes (issue 13: a layout shift).
  // Without a key there is nothing to wait for.
  const [settled, setSettled] = useState(() => readKey() === undefined);
  const keyRef = useRef<string | undefined>(undefined);
  const started = useRef(false);
  // One request at a time, in order: a quick Next cannot be overtaken by the save before it.
  const chain = useRef<Promise<void>>(Promise.resolve());
  const restoreRef = useRef(onRestore);
  restoreRef.current = onRestore;

  const enqueue = useCallback((task: () => Promise<void>) => {
    chain.current = chain.current.then(task, task);
  }, []);

  /** Saves under the browser's key; a closed survey (submitted, or left 7 days) starts anew once. */
  const save = useCallback(async (step: number, answers: Record<string, string>, website = '') => {
    for (let attempt = 0; attempt < 2; attempt++) {
      if (!keyRef.current) {
        keyRef.current = newKey();
        writeKey(keyRef.current);
      }
      const status = await putProgress({ key: keyRef.current, step, answers, website });
      if (status !== 409) return;
      keyRef.current = undefined;
    }
  }, []);

  useEffect(() => {
    if (!open || started.current) return;
    started.current = true;
    enqueue(async () => {
      const key = readKey();
      if (key) {
        const progress = await getProgress(key);
        if (progress) {
          keyRef.current = key;
          const step = Math.min(Math.max(progress.step, 1), SURVEY_TOTAL_STEPS);
          // One render: the restored step, its answers, the note and the survey shown.
          restoreRef.current({ step, answers: progress.answers as Partial<SurveyValues> });
          setRestored(true);
          setSettled(true);
          return;
        }
        writeKey(undefined);
      }
      setSettled(true);
      // Opening the survey starts it: the drop-off counts from here.
      await save(1, {});
    });
  }, [open, save, enqueue]);

  // A lookup that hangs must not hold the survey: step 1 shows after a while (and a late
  // answer still puts the earlier survey back).
  useEffect(() => {
    if (!open || settled) return;
    const timer = setTimeout(() => setSettled(true), LOOKUP_WAIT_MS);
    return () => clearTimeout(timer);
  }, [open, settled]);

  return {
    /** True once answers from an earlier visit were put back. */
    restored,
    /**
     * False while a survey saved earlier is looked up (at most LOOKUP_WAIT_MS): the
     * survey shows no step until it knows which one, so that nothing moves once shown.
     */
    settled,
    /** Saves the answers so far and the step the survey reopens at (1-based). */
    saveStep: (step: number, values: SurveyValues, website?: string) => {
      // The rules have arrived by now: Next checked the step with them.
      enqueue(async () => save(step, savableAnswers(values, await loadSurveyRules()), website));
    },
    /** The key the final submit completes, once the saves before it are done. */
    progressKey: async () => {
      // A save that hangs must not hold the submit: it goes without the key after a while.
      await Promise.race([
        chain.current,
        new Promise((resolve) => setTimeout(resolve, PENDING_SAVE_WAIT_MS)),
      ]);
      return keyRef.current;
    },
    /** After a successful submit: the next visit starts a new survey. */
    complete: () => {
      keyRef.current = undefined;
      writeKey(undefined);
    },
  };
}
