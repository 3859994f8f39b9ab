/**
 * Browser-only side of the generator: loading the emblem and the script font,
 * painting a canvas and exporting the PNG. Call these from effects and event
 * handlers only, never during render (the page is prerendered).
 */
import { type DepartmentId, emblemUrl } from './departments';
import { drawSignature, type SignatureInputs, signatureTexts } from './draw-signature';
import { splitUnsupportedLetters } from './polish-marks';
import { getSignatureFont, scriptFont } from './signature-fonts';
import { FONT_SIZES, SIGNATURE_HEIGHT, SIGNATURE_WIDTH } from './signature-layout';

const emblems = new Map<DepartmentId, Promise<HTMLImageElement | null>>();

function loadEmblem(id: DepartmentId): Promise<HTMLImageElement | null> {
  let pending = emblems.get(id);
  if (!pending) {
    const image = new Image();
    image.decoding = 'async';
    image.src = emblemUrl(id);
    pending = image.decode().then(
      () => image,
      () => {
        // A missing emblem should not block the signature itself.
        emblems.delete(id);
        return null;
      },
    );
    emblems.set(id, pending);
  }
  return pending;
}

/**
 * Waits until the faces needed for exactly this text are available. Passing
 * the text matters: the Polish letters live in the Latin Extended subset,
 * which the browser downloads only when asked for those characters.
 */
async function loadScriptFont(inputs: SignatureInputs): Promise<void> {
  if (!('fonts' in document)) return;
  const font = getSignatureFont(inputs.font);
  // The text as drawn: letters the font lacks are drawn as base letter + mark.
  const { text } = splitUnsupportedLetters(signatureTexts(inputs).name, font.missingLetters);
  try {
    await document.fonts.load(scriptFont(inputs.font, FONT_SIZES.name), text);
  } catch {
    // A failed download leaves the fallback font; drawing something beats drawing nothing.
  }
}

export interface SignatureAssets {
  emblem: HTMLImageElement | null;
}

export async function loadSignatureAssets(inputs: SignatureInputs): Promise<SignatureAssets> {
  const [emblem] = await Promise.all([loadEmblem(inputs.department), loadScriptFont(inputs)]);
  return { emblem };
}

/**
 * Paints the signature on `canvas` with a backing store of `scale` device
 * pixels per picture pixel, so the preview stays sharp on high-density screens.
 */
export function paintSignature(
  canvas: HTMLCanvasElement,
  inputs: SignatureInputs,
  assets: SignatureAssets,
  scale: number,
): boolean {
  const width = Math.round(SIGNATURE_WIDTH * scale);
  const height = Math.round(SIGNATURE_HEIGHT * scale);
  if (canvas.width !== width) canvas.width = width;
  if (canvas.height !== height) canvas.height = height;
  const ctx = canvas.getContext('2d');
  if (!ctx) return false;
  ctx.setTransform(width / SIGNATURE_WIDTH, 0, 0, height / SIGNATURE_HEIGHT, 0, 0);
  drawSignature(ctx, inputs, assets.emblem);
  return true;
}

/** Renders the file on its own 750×340 canvas, whatever the screen's pixel ratio. */
export async function exportSignaturePng(inputs: SignatureInputs): Promise<Blob> {
  const assets = await loadSignatureAssets(inputs);
  const canvas = document.createElement('canvas');
  if (!paintSignature(canvas, inputs, assets, 1)) {
    throw new Error('Canvas 2D is not available');
  }
  return new Promise((resolve, reject) => {
    canvas.toBlob(
      (blob) => (blob ? resolve(blob) : reject(new Error('PNG export failed'))),
      'image/png',
    );
  });
}
