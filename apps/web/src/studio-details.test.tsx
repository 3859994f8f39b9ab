import { STUDIO_PLACEHOLDERS, type StudioDetails } from '@studio/shared/studio-details';
import { cleanup, screen, within } from '@testing-library/react';
import { renderToStaticMarkup } from 'react-dom/server';
import { afterEach, describe, expect, it, vi } from 'vitest';

afterEach(() => {
  cleanup();
  document.head.innerHTML = '';
});

/** What a studio configured (STUDIO_*), as the server writes it into the page it sends. */
const configured: StudioDetails = {
  name: 'Pracownia „Kod & Kawa” sp. z o.o.',
  address: 'ul. Długa 5, 31-147 Kraków',
  nip: '5260250995',
  regon: '123456785',
  email: 'biuro@kodikawa.pl',
  phone: '+48 12 345 67 89',
};

/**
 * The page as the server sent it: its head holds the `studio-*` meta tags
 * (filled in by apps/server/src/plugins/page-html.ts), read when
 * content/company.ts is first imported, so the modules are loaded afresh.
 */
async function pageServedWith(details: StudioDetails | null) {
  vi.resetModules();
  document.head.innerHTML = '';
  for (const [field, value] of Object.entries(details ?? {})) {
    const meta = document.createElement('meta');
    meta.name = `studio-${field}`;
    meta.content = value;
    document.head.append(meta);
  }
  return {
    ...(await import('~/test/account-screens')),
    ...(await import('~/components/site-footer')),
    ...(await import('~/components/company-details')),
    ...(await import('~/features/tickets/components/studio-details')),
    ...(await import('~/features/legal/legal-company-details')),
    ...(await import('~/content/legal')),
  };
}

function expectDetails(element: HTMLElement, details: StudioDetails) {
  for (const value of Object.values(details)) expect(element.textContent).toContain(value);
  expect(within(element).getByRole('link', { name: details.email }).getAttribute('href')).toBe(
    `mailto:${details.email}`,
  );
  expect(within(element).getByRole('link', { name: details.phone }).getAttribute('href')).toBe(
    'tel:+48123456789',
  );
}

describe('the studio’s details (DESIGN §7.10)', () => {
  it('the footer shows the configured details and no placeholder', async () => {
    const { renderScreen, SiteFooter } = await pageServedWith(configured);
    renderScreen(<SiteFooter />);
    const footer = screen.getByRole('contentinfo');
    expectDetails(footer, configured);
    expect(footer.textContent).not.toContain('[uzupełnij');
    // DESIGN has no variable for KRS: unset, it is left out rather than shown as a placeholder.
    expect(within(footer).queryByText('KRS:')).toBeNull();
  });

  it('/contact and the legal documents’ „Usługodawca” show them too', async () => {
    const { renderScreen, StudioDetails, LegalCompanyDetails } = await pageServedWith(configured);
    renderScreen(
      <>
        <StudioDetails />
        <LegalCompanyDetails />
      </>,
    );
    for (const title of ['Dane studia', 'Usługodawca']) {
      const section = screen.getByRole('heading', { name: title }).parentElement as HTMLElement;
      expectDetails(section, configured);
      expect(section.textContent).not.toContain('[uzupełnij');
    }
  });

  it('every legal document names the studio by its configured details', async () => {
    const { LEGAL_DOCUMENTS, legalText } = await pageServedWith(configured);
    const texts = Object.values(LEGAL_DOCUMENTS).map(legalText);
    for (const text of texts) {
      for (const placeholder of Object.values(STUDIO_PLACEHOLDERS)) {
        expect(text).not.toContain(placeholder);
      }
    }
    const creator = legalText(LEGAL_DOCUMENTS.creator);
    expect(creator).toContain(
      'Pracownia „Kod & Kawa” sp. z o.o., ul. Długa 5, 31-147 Kraków, NIP 5260250995, REGON 123456785 (dalej: „Studio”)',
    );
    expect(legalText(LEGAL_DOCUMENTS.privacy)).toContain(
      'e-mailem (biuro@kodikawa.pl) lub telefonicznie (+48 12 345 67 89)',
    );
  });

  it('renders the meta tags it read, so hydration matches the page the server sent', async () => {
    const { StudioDetailsMeta } = await pageServedWith(configured);
    const rendered = document.createElement('div');
    rendered.innerHTML = renderToStaticMarkup(<StudioDetailsMeta />);
    const pairs = (root: ParentNode) =>
      [...root.querySelectorAll('meta')].map((meta) => [meta.name, meta.content]);
    expect(pairs(rendered)).toHaveLength(6);
    expect(pairs(rendered)).toEqual(pairs(document.head));
  });

  it('without the server’s values (development) shows the marked placeholders', async () => {
    const { renderScreen, SiteFooter } = await pageServedWith(null);
    const { isPlaceholder, COMPANY } = await import('~/content/company');
    renderScreen(<SiteFooter />);
    const footer = screen.getByRole('contentinfo');
    expect(footer.textContent).toContain('[uzupełnij NIP]');
    expect(footer.textContent).toContain(
      '[uzupełnij adres: ulica i numer, kod pocztowy, miejscowość]',
    );
    expect(isPlaceholder(COMPANY.nip)).toBe(true);
    expect(isPlaceholder(COMPANY.email)).toBe(true);
  });
});
