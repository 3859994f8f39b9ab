import { useEffect, useRef, useState } from 'react';
import { getDepartment } from '../departments';
import { type SignatureInputs, signatureTexts } from '../draw-signature';
import { loadSignatureAssets, paintSignature } from '../render-signature';
import { getSignatureFont } from '../signature-fonts';
import { SIGNATURE_HEIGHT, SIGNATURE_WIDTH } from '../signature-layout';

/** Identifies what the canvas shows, so tests (and we) can tell when a redraw has landed. */
function inputsKey(inputs: SignatureInputs): string {
  return JSON.stringify([inputs.name, inputs.rank, inputs.department, inputs.font]);
}

function useDevicePixelRatio(): number {
  // 1 during prerendering; the real ratio arrives with the first effect.
  const [ratio, setRatio] = useState(1);
  useEffect(() => {
    let query: MediaQueryList | null = null;
    const update = () => {
      setRatio(window.devicePixelRatio || 1);
      // A resolution query matches only the current ratio, so re-arm it after every change
      // (browser zoom and moving the window to another screen both change the ratio).
      query?.removeEventListener('change', update);
      query = window.matchMedia(`(resolution: ${window.devicePixelRatio || 1}dppx)`);
      query.addEventListener('change', update);
    };
    update();
    return () => query?.removeEventListener('change', update);
  }, []);
  return ratio;
}

interface SignaturePreviewProps {
  inputs: SignatureInputs;
}

export function SignaturePreview({ inputs }: SignaturePreviewProps) {
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const ratio = useDevicePixelRatio();
  const [renderedKey, setRenderedKey] = useState<string | null>(null);
  const key = inputsKey(inputs);

  useEffect(() => {
    // Only the latest request may paint: a slow font must not overwrite a newer picture.
    let isCurrent = true;
    const canvas = canvasRef.current;
    if (!canvas) return;
    loadSignatureAssets(inputs).then((assets) => {
      if (!isCurrent) return;
      paintSignature(canvas, inputs, assets, ratio);
      setRenderedKey(inputsKey(inputs));
    });
    return () => {
      isCurrent = false;
    };
  }, [inputs, ratio]);

  const texts = signatureTexts(inputs);
  const description = [
    `Podgląd podpisu: ${texts.hasName ? texts.name : 'bez imienia'}`,
    texts.hasRank ? texts.rank : null,
    getDepartment(inputs.department).fullName,
    `pismo ${getSignatureFont(inputs.font).label}`,
  ]
    .filter(Boolean)
    .join(', ');
  const isLoading = renderedKey === null;

  return (
    <div className="relative mx-auto w-full max-w-[750px]">
      <canvas
        ref={canvasRef}
        width={SIGNATURE_WIDTH}
        height={SIGNATURE_HEIGHT}
        role="img"
        aria-label={description}
        data-testid="signature-canvas"
        data-rendered={renderedKey ?? ''}
        data-current={key}
        className={`block h-auto w-full rounded-2xl transition-opacity duration-300 ${isLoading ? 'opacity-0' : 'opacity-100'}`}
        style={{ aspectRatio: `${SIGNATURE_WIDTH} / ${SIGNATURE_HEIGHT}` }}
      />
      {isLoading ? (
        <div
          className="absolute inset-0 grid place-items-center rounded-2xl bg-slate-200/60 text-sm text-slate-600 dark:bg-white/5 dark:text-slate-300"
          aria-hidden="true"
        >
          <span className="animate-pulse motion-reduce:animate-none">Ładowanie czcionki…</span>
        </div>
      ) : null}
    </div>
  );
}
