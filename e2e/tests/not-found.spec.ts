import { expect, test } from '../fixtures';

test('the server answers an unknown path with status 404 and the not-found page', async ({
  page,
}) => {
  const response = await page.goto('/to-nie-istnieje');
  expect(response?.status()).toBe(404);
  await expect(page.getByRole('heading', { name: '404' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Wróć na stronę główną' })).toBeVisible();
});
