import type { RatingScore } from '@studio/shared/ratings';

/** The three answers to „Jak oceniasz naszą pomoc?”, as the closing e-mail words them. */
export const RATING_LABELS: Record<RatingScore, string> = {
  good: 'Dobrze',
  neutral: 'Tak sobie',
  bad: 'Źle',
};

export const RATING_QUESTION = 'Jak oceniasz naszą pomoc?';

export const RATING_SCORES: readonly RatingScore[] = ['good', 'neutral', 'bad'];
