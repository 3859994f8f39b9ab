import { isApiError } from '~/lib/api-client';
import { tryAgainLater } from '~/lib/error-messages';
import { LIST_LOAD_ERROR } from './messages';

/**
 * What the list says when it could not be loaded. Searching as one types is
 * limited per minute (DESIGN.md §7.8): a 429 says so and when to try again,
 * instead of the general failure.
 */
export function listLoadErrorText(error: unknown): string {
  if (isApiError(error) && (error.status === 429 || error.code === 'rate_limited')) {
    return `Za dużo wyszukiwań w krótkim czasie. ${tryAgainLater(error)}`;
  }
  return LIST_LOAD_ERROR;
}
