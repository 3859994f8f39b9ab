import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { TicketSummary } from '../lib/selection';
import { InquiryContact } from './inquiry-contact';

afterEach(cleanup);

const ticket = (extra: Partial<TicketSummary>): TicketSummary =>
  ({
    id: 5,
    seq: 1,
    number: 1045,
    subject: 'Sklep',
    username: 'ewa-nowak',
    status: 'open',
    awaiting: 'staff',
    awaiting_since: null,
    assignee: null,
    unread_count: 0,
    created_at: '2026-11-02T10:00:00.000Z',
    last_activity_at: '2026-11-02T10:00:00.000Z',
    ...extra,
  }) as TicketSummary;

describe('InquiryContact', () => {
  it('shows staff the name and e-mail given in the inquiry, and that the owner is a guest', () => {
    render(
      <InquiryContact
        ticket={ticket({
          contact_name: 'Ewa Nowak',
          contact_email: 'ewa@example.com',
          guest: true,
        })}
      />,
    );
    const line = screen.getByTestId('inquiry-contact');
    expect(line.textContent).toBe(
      'Formularz bez konta: Ewa Nowak, ewa@example.com · gość (odpowiedzi otrzymuje e-mailem)',
    );
    expect(screen.getByRole('link', { name: 'ewa@example.com' }).getAttribute('href')).toBe(
      'mailto:ewa@example.com',
    );
  });

  it('shows nothing for a ticket opened in Kontakt', () => {
    render(<InquiryContact ticket={ticket({})} />);
    expect(screen.queryByTestId('inquiry-contact')).toBeNull();
  });
});
