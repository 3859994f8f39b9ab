import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, renderScreen, resetScreenTest, stubFetch } from '~/test/account-screens';
import {
  BAD_ADDRESS_MESSAGE,
  CallerCustomerPicker,
  NEW_CUSTOMER_NAME_LABEL,
  type NewTicketCustomer,
  PICKER_LABEL,
} from './caller-customer-picker';

/* Staff's „Nowe zgłoszenie” for a caller (DESIGN.md §7.9): the customer picker. */

vi.setConfig({ testTimeout: 20_000 });
afterEach(resetScreenTest);

const picked: Array<NewTicketCustomer | null> = [];

function PickerHost() {
  const [customer, setCustomer] = useState<NewTicketCustomer | null>(null);
  return (
    <CallerCustomerPicker
      customer={customer}
      onChange={(next) => {
        picked.push(next);
        setCustomer(next);
      }}
    />
  );
}

const ALICJA = { id: 7, username: 'Alicja', email: 'alicja@example.com', is_guest: false };

function stubCustomers() {
  return stubFetch((call) => {
    const q = new URL(call.url, 'http://localhost').searchParams.get('q') ?? '';
    const found = 'alicja@example.com'.startsWith(q) || 'alicja'.startsWith(q) ? [ALICJA] : [];
    return json(200, { customers: found });
  });
}

const searchField = () => screen.getByRole('searchbox', { name: PICKER_LABEL });

describe('the customer picker of a ticket for a caller', () => {
  it('finds an existing customer as staff type and picks them; „Zmień klienta” starts over', async () => {
    picked.length = 0;
    const calls = stubCustomers();
    renderScreen(<PickerHost />);
    await userEvent.type(searchField(), 'ali');
    await userEvent.click(await screen.findByRole('button', { name: /Alicja/ }));
    expect(picked.at(-1)).toEqual({ email: 'alicja@example.com', label: 'Alicja' });
    expect(screen.getByText(/Zgłoszenie dla:/).textContent).toContain(
      'Alicja (alicja@example.com)',
    );
    // One request once the typist paused, not one per key.
    expect(calls.map((c) => c.url)).toEqual(['/api/admin/customers?q=ali']);
    await userEvent.click(screen.getByRole('button', { name: 'Zmień klienta' }));
    expect(picked.at(-1)).toBeNull();
    expect(searchField()).toBeTruthy();
  });

  it('offers an unknown address as a new customer, with an optional name', async () => {
    picked.length = 0;
    stubCustomers();
    renderScreen(<PickerHost />);
    await userEvent.type(searchField(), 'Nowy.Klient@example.com');
    const name = await screen.findByRole('textbox', { name: NEW_CUSTOMER_NAME_LABEL });
    await userEvent.type(name, 'Jan Kowalski');
    await userEvent.click(
      screen.getByRole('button', { name: 'Nowy klient: nowy.klient@example.com' }),
    );
    expect(picked.at(-1)).toEqual({
      email: 'nowy.klient@example.com',
      name: 'Jan Kowalski',
      label: 'Jan Kowalski',
    });
  });

  it('does not offer a known address as new, and says when an address is malformed', async () => {
    picked.length = 0;
    stubCustomers();
    renderScreen(<PickerHost />);
    await userEvent.type(searchField(), 'alicja@example.com');
    expect(await screen.findByRole('button', { name: /Alicja/ })).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Nowy klient/ })).toBeNull();
    await userEvent.clear(searchField());
    await userEvent.type(searchField(), 'jan@kowalski');
    await waitFor(() => expect(screen.getByText(BAD_ADDRESS_MESSAGE)).toBeTruthy());
    expect(screen.queryByRole('button', { name: /Nowy klient/ })).toBeNull();
    expect(picked).toEqual([]);
  });
});
