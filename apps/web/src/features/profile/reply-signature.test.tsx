import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, renderScreen, resetScreenTest, stubFetch } from '~/test/account-screens';
import {
  ReplySignatureSection,
  SIGNATURE_LABEL,
  SIGNATURE_SAVED_MESSAGE,
  SIGNATURE_TOO_LONG_MESSAGE,
} from './components/reply-signature-section';

/* „Podpis w odpowiedziach” in staff's profile (issue 31). */

// userEvent types key by key: slow beside other work on two cores (as the other screen tests).
vi.setConfig({ testTimeout: 20_000 });
afterEach(resetScreenTest);

function stubSignature(stored: string) {
  return stubFetch((call) => {
    if (call.url === '/api/profile/signature' && call.method === 'GET') {
      return json(200, { signature: stored });
    }
    if (call.url === '/api/profile/signature' && call.method === 'PUT') {
      return json(200, {
        signature: String((call.body as { signature?: string }).signature ?? '').trim(),
      });
    }
    return json(404, { error: 'not_found' });
  });
}

describe('the reply signature field', () => {
  it('shows the stored signature and saves an edited one with PUT', async () => {
    const calls = stubSignature('Anna');
    renderScreen(<ReplySignatureSection />);
    const field = (await screen.findByRole('textbox', {
      name: SIGNATURE_LABEL,
    })) as HTMLTextAreaElement;
    await waitFor(() => expect(field.value).toBe('Anna'));
    await userEvent.clear(field);
    await userEvent.type(field, 'Anna Nowak{Enter}Zespół Studia');
    await userEvent.click(screen.getByRole('button', { name: 'Zapisz podpis' }));
    expect(await screen.findByText(SIGNATURE_SAVED_MESSAGE)).toBeTruthy();
    const put = calls.find((c) => c.method === 'PUT');
    expect(put?.body).toEqual({ signature: 'Anna Nowak\nZespół Studia' });
    expect(field.value).toBe('Anna Nowak\nZespół Studia');
  });

  it('counts characters and refuses to save more than 500, saying why', async () => {
    const calls = stubSignature('');
    renderScreen(<ReplySignatureSection />);
    const field = (await screen.findByRole('textbox', {
      name: SIGNATURE_LABEL,
    })) as HTMLTextAreaElement;
    await waitFor(() => expect(field.disabled).toBe(false));
    expect(screen.getByText('0/500 znaków')).toBeTruthy();
    await userEvent.click(field);
    await userEvent.paste('x'.repeat(501));
    expect(screen.getByText(SIGNATURE_TOO_LONG_MESSAGE)).toBeTruthy();
    expect(field.getAttribute('aria-invalid')).toBe('true');
    expect(
      (screen.getByRole('button', { name: 'Zapisz podpis' }) as HTMLButtonElement).disabled,
    ).toBe(true);
    expect(calls.some((c) => c.method === 'PUT')).toBe(false);
  });

  it('says so in Polish when saving fails', async () => {
    stubFetch((call) =>
      call.method === 'GET' ? json(200, { signature: '' }) : json(500, { error: 'internal' }),
    );
    renderScreen(<ReplySignatureSection />);
    const field = (await screen.findByRole('textbox', {
      name: SIGNATURE_LABEL,
    })) as HTMLTextAreaElement;
    await waitFor(() => expect(field.disabled).toBe(false));
    await userEvent.type(field, 'Podpis');
    await userEvent.click(screen.getByRole('button', { name: 'Zapisz podpis' }));
    await waitFor(() => expect(screen.getByRole('alert').textContent).toMatch(/\S/));
    expect(screen.queryByText(SIGNATURE_SAVED_MESSAGE)).toBeNull();
  });
});
