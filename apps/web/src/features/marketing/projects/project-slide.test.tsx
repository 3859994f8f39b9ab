import { act } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it } from 'vitest';
import { PROJECTS } from '~/content/projects';
import { ProjectSlide } from './project-slide';

function Slides() {
  return (
    <>
      {PROJECTS.slice(0, 3).map((project, index) => (
        <ProjectSlide key={project.id} project={project} isFirst={index === 0} />
      ))}
    </>
  );
}

const sources = (root: ParentNode) =>
  [...root.querySelectorAll('img')].map((image) => image.getAttribute('src'));

afterEach(() => {
  document.body.innerHTML = '';
});

describe('project slides', () => {
  it('name only the first picture in the prerendered HTML, and the others once hydrated', async () => {
    const container = document.createElement('div');
    container.innerHTML = renderToString(<Slides />);
    document.body.append(container);
    const [first, ...others] = PROJECTS.slice(0, 3);
    expect(sources(container)).toEqual([first?.image, null, null]);
    expect(container.querySelectorAll('img[srcset]')).toHaveLength(1);

    await act(async () => {
      hydrateRoot(container, <Slides />);
    });
    expect(sources(container)).toEqual([first?.image, ...others.map((p) => p.image)]);
    expect(container.querySelectorAll('img[srcset]')).toHaveLength(3);
  });
});
