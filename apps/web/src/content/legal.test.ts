import { COOKIE_NAMES, HTTPS_COOKIE_PREFIX } from '@studio/shared/cookies';
import { describe, expect, it } from 'vitest';
import {
  LEGAL_DOCUMENTS,
  LEGAL_KEYS,
  LEGAL_MENU,
  type LegalKey,
  legalKeyFromHash,
  legalText,
} from './legal';

const text = (key: LegalKey) => legalText(LEGAL_DOCUMENTS[key]);

describe('legal documents', () => {
  it('lists six documents in the menu and keeps gdpr out of it', () => {
    expect(LEGAL_MENU).toEqual(['creator', 'dmca', 'privacy', 'aup', 'law', 'cookies']);
    expect(LEGAL_MENU).not.toContain('gdpr');
    expect(LEGAL_DOCUMENTS.gdpr.body).not.toBeNull();
  });

  it('leaves exactly one document unwritten', () => {
    const unwritten = LEGAL_KEYS.filter((key) => LEGAL_DOCUMENTS[key].body === null);
    expect(unwritten).toEqual(['dmca']);
  });

  it('selects documents by hash with creator as the default', () => {
    expect(legalKeyFromHash('')).toBe('creator');
    expect(legalKeyFromHash('#privacy')).toBe('privacy');
    expect(legalKeyFromHash('#gdpr')).toBe('gdpr');
    expect(legalKeyFromHash('#nothing')).toBe('creator');
  });

  it('creator agreement: acceptance within 7 working days and a 30-day fix guarantee', () => {
    expect(text('creator')).toContain('7 dni roboczych');
    expect(text('creator')).toMatch(/Przez 30 dni od odbioru usuwamy bezpłatnie błędy/);
  });

  it('law enforcement: preservation up to 90 days, renewable once', () => {
    expect(text('law')).toMatch(
      /Zabezpieczenie trwa do 90 dni i może zostać jednokrotnie przedłużone/,
    );
  });

  it('privacy: retention 12 months for account and security logs, 24 for communication', () => {
    const privacy = text('privacy');
    expect(privacy).toMatch(/Dane konta oraz dzienniki bezpieczeństwa[^\n]*do 12 miesięcy/);
    expect(privacy).toMatch(/Komunikację[^\n]*do 24 miesięcy/);
  });

  it('privacy: the reset link is valid 1 hour and a reset logs out all sessions', () => {
    const privacy = text('privacy');
    expect(privacy).toContain('Link do resetu hasła jest ważny 1 godzinę');
    expect(privacy).toContain('wylogowujemy wszystkie sesje konta');
  });

  it('privacy and cookies name what the site really stores', () => {
    for (const key of ['privacy', 'cookies'] as const) {
      const doc = text(key);
      for (const name of ['sid', 'mfa_pending', 'theme', 'nd_cookie_notice', 'nd_last_ticket_']) {
        expect(doc, `${key} mentions ${name}`).toContain(`„${name}`);
      }
    }
  });

  it('privacy and cookies list every cookie the server sets, under both its names', () => {
    // The list comes from the module the server takes its cookie names from
    // (apps/server/src/modules/auth/sessions.ts accepts no other name).
    expect(COOKIE_NAMES.length).toBeGreaterThan(0);
    for (const key of ['privacy', 'cookies'] as const) {
      const doc = text(key);
      for (const name of COOKIE_NAMES) {
        expect(doc, `${key} lists ${name}`).toContain(`„${name}”`);
        expect(doc, `${key} lists ${HTTPS_COOKIE_PREFIX}${name}`).toContain(
          `„${HTTPS_COOKIE_PREFIX}${name}”`,
        );
      }
    }
  });
});
