import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { COMPANY, isPlaceholder, phoneHref } from '~/content/company';
import { LEGAL_DOCUMENTS, legalText } from '~/content/legal';
import { clearSessionHint, json, renderScreen, stubFetch } from '~/test/account-screens';
import ContactConfirmRoute from './contact-confirm-route';
import ContactRoute from './contact-route';

afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
  clearSessionHint();
});

function inquiryForm() {
  return within(screen.getByRole('form', { name: 'Napisz do nas bez konta' }));
}

function fill(form: ReturnType<typeof inquiryForm>) {
  fireEvent.change(form.getByLabelText('Imię i nazwisko lub firma'), {
    target: { value: 'Ewa Nowak' },
  });
  fireEvent.change(form.getByLabelText('E-mail'), { target: { value: 'ewa@example.com' } });
  fireEvent.change(form.getByLabelText('Wiadomość'), { target: { value: 'Chcemy aplikację.' } });
}

describe('„Napisz do nas bez konta” on /contact', () => {
  it('sits beside the login prompt and the studio details', () => {
    stubFetch(() => json(500, {}));
    renderScreen(<ContactRoute />, { path: '/contact' });
    expect(screen.getByRole('heading', { name: 'Zaloguj się, aby napisać do nas' })).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Napisz do nas bez konta' })).toBeTruthy();
    const details = screen.getByRole('heading', { name: 'Dane studia' }).parentElement;
    expect(details?.textContent).toContain(COMPANY.nip);
    expect(details?.textContent).toContain(COMPANY.email);
  });

  it('explains each missing field in Polish and sends nothing', () => {
    const calls = stubFetch(() => json(202, { ok: true }));
    renderScreen(<ContactRoute />, { path: '/contact' });
    fireEvent.click(inquiryForm().getByRole('button', { name: 'Wyślij wiadomość' }));
    expect(inquiryForm().getAllByText('To pole jest wymagane')).toHaveLength(3);
    expect(inquiryForm().getByText('Musisz zaakceptować Regulamin')).toBeTruthy();
    expect(calls).toHaveLength(0);
  });

  it('keeps the minimum fill time, sends the honeypot and the time, then shows the sent state', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const calls = stubFetch(() => json(202, { ok: true }));
    renderScreen(<ContactRoute />, { path: '/contact' });
    const form = inquiryForm();
    fill(form);
    fireEvent.click(form.getByRole('checkbox'));
    fireEvent.click(form.getByRole('button', { name: 'Wyślij wiadomość' }));
    await vi.advanceTimersByTimeAsync(100);
    expect(calls).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(3000);
    expect(await screen.findByText('Sprawdź skrzynkę')).toBeTruthy();
    expect(calls).toHaveLength(1);
    expect(calls[0]?.url).toBe('/api/inquiries');
    expect(calls[0]?.body).toMatchObject({
      name: 'Ewa Nowak',
      email: 'ewa@example.com',
      body: 'Chcemy aplikację.',
      accept_terms: true,
      website: '',
    });
    expect((calls[0]?.body as { form_ms: number } | undefined)?.form_ms).toBeGreaterThanOrEqual(
      3000,
    );
  });

  it('hides the honeypot from people and assistive technology', () => {
    stubFetch(() => json(500, {}));
    const { container } = renderScreen(<ContactRoute />, { path: '/contact' });
    const trap = container.querySelector<HTMLInputElement>('input[name="website"]');
    expect(trap?.tabIndex).toBe(-1);
    expect(trap?.closest('[aria-hidden="true"]')).toBeTruthy();
  });
});

describe('/contact/confirm', () => {
  it('confirms the token and says what happens next', async () => {
    const calls = stubFetch(() => json(200, { ticket_id: 7 }));
    renderScreen(<ContactConfirmRoute />, {
      path: '/contact/confirm',
      url: '/contact/confirm?token=abc',
    });
    expect(
      await screen.findByText('Dziękujemy, wiadomość trafiła do naszego zespołu.'),
    ).toBeTruthy();
    expect(screen.getByText(/Odpowiedzi wyślemy na Twój adres e-mail/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Kontakt' }).getAttribute('href')).toBe(
      '/contact?ticket=7',
    );
    expect(calls[0]?.body).toEqual({ token: 'abc' });
  });

  it('says when the link is wrong or expired', async () => {
    stubFetch(() => json(400, { error: 'invalid_token' }));
    renderScreen(<ContactConfirmRoute />, {
      path: '/contact/confirm',
      url: '/contact/confirm?token=zly',
    });
    expect(await screen.findByText(/nieprawidłowy lub wygasł/)).toBeTruthy();
  });

  it('asks nothing without a token', () => {
    const calls = stubFetch(() => json(200, { ticket_id: 1 }));
    renderScreen(<ContactConfirmRoute />, { path: '/contact/confirm' });
    expect(screen.getByText(/Ten link jest niepełny/)).toBeTruthy();
    expect(calls).toHaveLength(0);
  });
});

describe('the studio’s details', () => {
  it('mark what the studio still has to fill in', () => {
    expect(isPlaceholder(COMPANY.nip)).toBe(true);
    expect(isPlaceholder('1234567890')).toBe(false);
    expect(phoneHref('+48 12 345 67 89')).toBe('tel:+48123456789');
  });

  it('are in the legal documents', () => {
    const creator = legalText(LEGAL_DOCUMENTS.creator);
    expect(creator).toContain(`NIP ${COMPANY.nip}`);
    expect(legalText(LEGAL_DOCUMENTS.privacy)).toContain('Napisz do nas bez konta');
  });
});
