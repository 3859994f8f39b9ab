import { describe, expect, it } from 'vitest';
import { TEAM } from './team';

describe('team content', () => {
  it('has a lead full-stack developer with 26 skills and a UI/UX designer with 4', () => {
    expect(TEAM).toHaveLength(2);
    const [lead, designer] = TEAM;
    expect(lead?.role).toMatch(/full-stack/i);
    expect(lead?.skills).toHaveLength(26);
    expect(designer?.role).toMatch(/UI\/UX/);
    expect(designer?.skills).toHaveLength(4);
  });

  it('gives every member the fields the page shows and no duplicate skills', () => {
    for (const member of TEAM) {
      expect(member.name).not.toBe('');
      expect(member.bio.length).toBeGreaterThan(40);
      expect(member.image).toBe(`/images/team/${member.slug}.webp`);
      expect(new Set(member.skills).size).toBe(member.skills.length);
      for (const url of Object.values(member.socials)) {
        expect(url === '' || url.startsWith('https://')).toBe(true);
      }
    }
  });

  it('leaves at least one social link empty so the dialog hides it', () => {
    const empty = TEAM.flatMap((m) => Object.values(m.socials)).filter((u) => u === '');
    expect(empty.length).toBeGreaterThan(0);
  });
});
