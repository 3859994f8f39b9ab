import { act, type ReactElement } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it } from 'vitest';
import { SIGNATURE_FONTS } from '../signature-fonts';
import { FontOption, SignatureGenerator } from './signature-generator';

afterEach(() => {
  document.body.innerHTML = '';
});

/** The font families the page's inline styles name. */
const styledFamilies = (root: ParentNode) =>
  [...root.querySelectorAll<HTMLElement>('[style]')].map((element) => element.style.fontFamily);

function prerendered(element: ReactElement) {
  const container = document.createElement('div');
  container.innerHTML = renderToString(element);
  document.body.append(container);
  return container;
}

describe('signature generator', () => {
  it('names no script font in the prerendered HTML, so none is fetched before the first paint', () => {
    const families = styledFamilies(prerendered(<SignatureGenerator />)).join(';');
    for (const font of SIGNATURE_FONTS) expect(families).not.toContain(font.family);
    // The font picker's sample is there, in the generic script face until hydration.
    expect(families).toContain('cursive');
  });

  it("shows a font's sample in its own font once hydrated", async () => {
    const font = SIGNATURE_FONTS[0];
    if (!font) throw new Error('no signature fonts');
    const option = <FontOption font={font} sample="Jan Kowalski" />;
    const container = prerendered(option);
    expect(styledFamilies(container)).toEqual(['cursive']);
    await act(async () => {
      hydrateRoot(container, option);
    });
    expect(styledFamilies(container)).toEqual([`"${font.family}", cursive`]);
  });
});
