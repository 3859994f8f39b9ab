/**
 * How an internal note looks (issue 17): yellow in both themes, so staff never
 * mistake it for a reply the customer reads, in the composer and the thread.
 */

export const NOTE_LABEL = 'Notatka wewnętrzna';
export const NOTE_PLACEHOLDER = 'Notatka wewnętrzna — klient jej nie zobaczy…';

export const noteFormClass =
  'border-amber-400 bg-amber-50 dark:border-amber-300/50 dark:bg-amber-300/10';

export const noteBubbleClass =
  'rounded-md border-2 border-dashed border-amber-500 bg-amber-100 text-amber-950 dark:border-amber-300/70 dark:bg-amber-300/15 dark:text-amber-50';
