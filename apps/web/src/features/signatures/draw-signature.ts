import { type DepartmentId, getDepartment } from './departments';
import {
  type MarkedText,
  type MarkGeometry,
  markGeometry,
  splitUnsupportedLetters,
} from './polish-marks';
import { getSignatureFont, type SignatureFontId, scriptFont } from './signature-fonts';
import {
  type Box,
  FONT_SIZES,
  fitFontSize,
  type InkMetrics,
  type MeasureInk,
  placeRotatedText,
  SIGNATURE_HEIGHT,
  SIGNATURE_LAYOUT,
  SIGNATURE_ROTATION_DEG,
  SIGNATURE_WIDTH,
} from './signature-layout';

export interface SignatureInputs {
  name: string;
  rank: string;
  department: DepartmentId;
  font: SignatureFontId;
}

/** Shown faded in the preview until the visitor types their own text. */
export const NAME_PLACEHOLDER = 'Imię Nazwisko';
export const RANK_PLACEHOLDER = 'Stopień';

const SANS = 'ui-sans-serif, system-ui, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif';
const INK = '#142456';
const TEXT = '#0f172a';
const MUTED = '#475569';
const PLACEHOLDER_ALPHA = 0.35;

/** The text the picture shows for the given inputs (placeholders for empty fields). */
export function signatureTexts(inputs: SignatureInputs) {
  const name = inputs.name.trim();
  const rank = inputs.rank.trim();
  return {
    name: name || NAME_PLACEHOLDER,
    rank: rank || RANK_PLACEHOLDER,
    hasName: name.length > 0,
    hasRank: rank.length > 0,
  };
}

interface NameLayout {
  ink: InkMetrics;
  marks: MarkGeometry[];
}

/**
 * Measures the handwritten name at one size, including the Polish marks we
 * draw ourselves for letters the font lacks (see polish-marks.ts), so fitting
 * and centring account for them too.
 */
function layoutName(
  ctx: CanvasRenderingContext2D,
  name: MarkedText,
  fontAt: (size: number) => string,
  size: number,
): NameLayout {
  ctx.font = fontAt(size);
  // Ink extents are reported relative to the alignment point, so measure with
  // the alignment the name is drawn with (other lines are drawn centred).
  ctx.textAlign = 'left';
  ctx.textBaseline = 'alphabetic';
  const whole = ctx.measureText(name.text);
  const ink: InkMetrics = {
    left: whole.actualBoundingBoxLeft,
    right: whole.actualBoundingBoxRight,
    ascent: whole.actualBoundingBoxAscent,
    descent: whole.actualBoundingBoxDescent,
  };
  const marks = name.marks.map((marked) => {
    const before = ctx.measureText(name.text.slice(0, marked.index)).width;
    const letter = ctx.measureText(marked.base);
    // Horizontally the letter's advance, not its ink: script letters carry long
    // lead-in and joining strokes that would pull the mark off the letter.
    const geometry = markGeometry(
      marked.mark,
      {
        left: before,
        right: before + letter.width,
        top: -letter.actualBoundingBoxAscent,
        bottom: letter.actualBoundingBoxDescent,
      },
      size,
    );
    ink.left = Math.max(ink.left, -geometry.bounds.left);
    ink.right = Math.max(ink.right, geometry.bounds.right);
    ink.ascent = Math.max(ink.ascent, -geometry.bounds.top);
    ink.descent = Math.max(ink.descent, geometry.bounds.bottom);
    return geometry;
  });
  return { ink, marks };
}

function drawMarks(ctx: CanvasRenderingContext2D, marks: readonly MarkGeometry[]) {
  ctx.lineCap = 'round';
  for (const mark of marks) {
    ctx.lineWidth = mark.lineWidth;
    for (const shape of mark.shapes) {
      ctx.beginPath();
      if (shape.kind === 'dot') {
        ctx.arc(shape.center[0], shape.center[1], shape.radius, 0, Math.PI * 2);
        ctx.fill();
        continue;
      }
      ctx.moveTo(...shape.from);
      if (shape.kind === 'curve') ctx.quadraticCurveTo(...shape.control, ...shape.to);
      else ctx.lineTo(...shape.to);
      ctx.stroke();
    }
  }
}

/**
 * Measures a straight line by its advance width and its font size, so that
 * lines keep a steady baseline whatever letters they hold.
 */
function measureLine(
  ctx: CanvasRenderingContext2D,
  text: string,
  fontAt: (size: number) => string,
): MeasureInk {
  return (size) => {
    ctx.font = fontAt(size);
    const width = ctx.measureText(text).width;
    return { left: width / 2, right: width / 2, ascent: size / 2, descent: size / 2 };
  };
}

function setLetterSpacing(ctx: CanvasRenderingContext2D, spacing: string) {
  // Not in every browser's canvas yet; without it the text is just tighter.
  if ('letterSpacing' in ctx) ctx.letterSpacing = spacing;
}

function drawCenteredLine(
  ctx: CanvasRenderingContext2D,
  text: string,
  box: Box,
  baseSize: number,
  fontAt: (size: number) => string,
) {
  const size = fitFontSize({
    measure: measureLine(ctx, text, fontAt),
    baseSize,
    maxWidth: box.width,
    maxHeight: box.height,
  });
  ctx.font = fontAt(size);
  ctx.textAlign = 'center';
  ctx.textBaseline = 'middle';
  ctx.fillText(text, box.x + box.width / 2, box.y + box.height / 2);
}

function roundedRectPath(
  ctx: CanvasRenderingContext2D,
  x: number,
  y: number,
  width: number,
  height: number,
  radius: number,
) {
  ctx.beginPath();
  ctx.moveTo(x + radius, y);
  ctx.arcTo(x + width, y, x + width, y + height, radius);
  ctx.arcTo(x + width, y + height, x, y + height, radius);
  ctx.arcTo(x, y + height, x, y, radius);
  ctx.arcTo(x, y, x + width, y, radius);
  ctx.closePath();
}

function drawCard(ctx: CanvasRenderingContext2D, accent: string) {
  roundedRectPath(ctx, 1, 1, SIGNATURE_WIDTH - 2, SIGNATURE_HEIGHT - 2, 24);
  const paper = ctx.createLinearGradient(0, 0, SIGNATURE_WIDTH, SIGNATURE_HEIGHT);
  paper.addColorStop(0, '#ffffff');
  paper.addColorStop(1, '#eef2f8');
  ctx.fillStyle = paper;
  ctx.fill();

  ctx.save();
  ctx.clip();
  // Accent band on the left edge and a soft glow behind the emblem.
  ctx.fillStyle = accent;
  ctx.fillRect(0, 0, 10, SIGNATURE_HEIGHT);
  const { emblem } = SIGNATURE_LAYOUT;
  const cx = emblem.x + emblem.width / 2;
  const cy = emblem.y + emblem.height / 2;
  const glow = ctx.createRadialGradient(cx, cy, 10, cx, cy, 130);
  glow.addColorStop(0, `${accent}2e`);
  glow.addColorStop(1, `${accent}00`);
  ctx.fillStyle = glow;
  ctx.fillRect(0, 0, 260, SIGNATURE_HEIGHT);
  ctx.restore();

  roundedRectPath(ctx, 1, 1, SIGNATURE_WIDTH - 2, SIGNATURE_HEIGHT - 2, 24);
  ctx.strokeStyle = 'rgba(15, 23, 42, 0.14)';
  ctx.lineWidth = 2;
  ctx.stroke();
}

function drawEmblem(ctx: CanvasRenderingContext2D, image: CanvasImageSource | null) {
  if (!image) return;
  const { x, y, width, height } = SIGNATURE_LAYOUT.emblem;
  ctx.drawImage(image, x, y, width, height);
}

/**
 * Draws the whole signature onto a context whose user space is 750×340
 * (the caller scales it for high-density screens). The chosen script font must
 * already be loaded, or the canvas would silently fall back to another font.
 */
export function drawSignature(
  ctx: CanvasRenderingContext2D,
  inputs: SignatureInputs,
  emblem: CanvasImageSource | null,
) {
  const department = getDepartment(inputs.department);
  const texts = signatureTexts(inputs);
  const layout = SIGNATURE_LAYOUT;

  ctx.clearRect(0, 0, SIGNATURE_WIDTH, SIGNATURE_HEIGHT);
  ctx.save();
  setLetterSpacing(ctx, '0px');
  drawCard(ctx, department.accent);
  drawEmblem(ctx, emblem);

  // Department code under the emblem (label, 30 px).
  ctx.fillStyle = department.accent;
  setLetterSpacing(ctx, '1px');
  drawCenteredLine(
    ctx,
    department.code,
    layout.code,
    FONT_SIZES.label,
    (size) => `700 ${size}px ${SANS}`,
  );
  setLetterSpacing(ctx, '0px');

  // The handwritten name, tilted by the signature angle.
  const fontAt = (size: number) => scriptFont(inputs.font, size);
  const name = splitUnsupportedLetters(texts.name, getSignatureFont(inputs.font).missingLetters);
  const placement = placeRotatedText(
    (size) => layoutName(ctx, name, fontAt, size).ink,
    layout.name,
    FONT_SIZES.name,
    SIGNATURE_ROTATION_DEG,
  );
  const { marks } = layoutName(ctx, name, fontAt, placement.fontSize);
  ctx.save();
  ctx.globalAlpha = texts.hasName ? 1 : PLACEHOLDER_ALPHA;
  ctx.translate(placement.centerX, placement.centerY);
  ctx.rotate(placement.rotation);
  ctx.font = fontAt(placement.fontSize);
  ctx.textAlign = 'left';
  ctx.textBaseline = 'alphabetic';
  ctx.fillStyle = INK;
  ctx.strokeStyle = INK;
  ctx.fillText(name.text, placement.penX, placement.penY);
  ctx.translate(placement.penX, placement.penY);
  drawMarks(ctx, marks);
  ctx.restore();

  // The line the name is signed on, fading out at both ends.
  const { rule } = layout;
  const line = ctx.createLinearGradient(rule.x, 0, rule.x + rule.width, 0);
  line.addColorStop(0, `${department.accent}00`);
  line.addColorStop(0.15, department.accent);
  line.addColorStop(0.85, department.accent);
  line.addColorStop(1, `${department.accent}00`);
  ctx.fillStyle = line;
  ctx.fillRect(rule.x, rule.y, rule.width, rule.height);

  // Printed name (label, 30 px).
  ctx.fillStyle = TEXT;
  ctx.globalAlpha = texts.hasName ? 1 : PLACEHOLDER_ALPHA;
  drawCenteredLine(
    ctx,
    texts.name,
    layout.label,
    FONT_SIZES.label,
    (size) => `600 ${size}px ${SANS}`,
  );

  // Rank (italic, 30 px).
  ctx.fillStyle = MUTED;
  ctx.globalAlpha = texts.hasRank ? 1 : PLACEHOLDER_ALPHA;
  drawCenteredLine(
    ctx,
    texts.rank,
    layout.rank,
    FONT_SIZES.rank,
    (size) => `italic ${size}px ${SANS}`,
  );

  // Department full name (20 px).
  ctx.globalAlpha = 1;
  ctx.fillStyle = department.accent;
  setLetterSpacing(ctx, '2px');
  drawCenteredLine(
    ctx,
    department.fullName.toUpperCase(),
    layout.department,
    FONT_SIZES.department,
    (size) => `600 ${size}px ${SANS}`,
  );
  ctx.restore();
}
