import { describe, expect, it } from 'vitest';
import { hasLink, PROJECTS, smallProjectImage } from './projects';

describe('projects content', () => {
  it('lists the six projects of the spec with ids 1..6', () => {
    expect(PROJECTS.map((p) => p.id)).toEqual([1, 2, 3, 4, 5, 6]);
    expect(PROJECTS[2]?.category).toBe('Język Programowania');
    expect(PROJECTS[2]?.status).toBe('W Trakcie');
    expect(PROJECTS[3]?.category).toBe('GitHub Public Repo');
    expect(PROJECTS[5]?.category).toBe('Serwer FiveM');
    expect(PROJECTS[5]?.status).toBe('W Trakcie');
  });

  it('uses the slide images and their 640 px variants', () => {
    for (const project of PROJECTS) {
      expect(project.image).toBe(`/images/projects/${project.id}.webp`);
      expect(smallProjectImage(project.image)).toBe(`/images/projects/${project.id}-640.webp`);
      expect(project.technologies.length).toBeGreaterThan(0);
      expect(project.description.length).toBeGreaterThan(60);
    }
  });

  it('treats empty and # links as missing', () => {
    expect(hasLink('')).toBe(false);
    expect(hasLink('#')).toBe(false);
    expect(hasLink(' # ')).toBe(false);
    expect(hasLink('https://github.com/x/y')).toBe(true);
    expect(hasLink('/')).toBe(true);
  });

  it('has projects without a site or repository so hidden buttons are exercised', () => {
    expect(PROJECTS.some((p) => !hasLink(p.link))).toBe(true);
    expect(PROJECTS.some((p) => !hasLink(p.github))).toBe(true);
    expect(PROJECTS.some((p) => p.github === '#')).toBe(true);
    expect(PROJECTS.some((p) => p.link === '#')).toBe(true);
  });
});
