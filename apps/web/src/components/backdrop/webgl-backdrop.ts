import { Program, Renderer, Triangle } from 'ogl';
import type { BackdropDirection } from './backdrop-colors';
import type { TierSettings } from './backdrop-tiers';
import { fragmentShader, vertexShader } from './plasma-shader';
import { parseHex } from './static-gradient';

export interface WebglBackdropOptions {
  container: HTMLElement;
  settings: TierSettings;
  color: string;
  scale: number;
  opacity: number;
  direction: BackdropDirection;
  /** Called once the first frame is on screen (the canvas can fade in). */
  onFirstFrame: () => void;
  onStateChange?: (state: 'running' | 'paused') => void;
}

export interface WebglBackdrop {
  setColor(color: string): void;
  destroy(): void;
}

function toRgb(hex: string): [number, number, number] {
  const [r, g, b] = parseHex(hex) ?? [59, 130, 246];
  return [r / 255, g / 255, b / 255];
}

/**
 * Starts the animated gradient inside `container`. It draws only while the
 * container is on screen and the tab is visible, at most at the tier's frame
 * rate, and its clock stops while paused so it resumes where it left off.
 */
export function startWebglBackdrop(options: WebglBackdropOptions): WebglBackdrop {
  const { container, settings } = options;
  const renderer = new Renderer({
    dpr: settings.pixelRatio * settings.resolutionFactor,
    alpha: true,
    premultipliedAlpha: true,
    antialias: settings.antialias,
    depth: false,
    powerPreference: 'low-power',
  });
  const { gl } = renderer;
  gl.clearColor(0, 0, 0, 0);
  const canvas = gl.canvas as HTMLCanvasElement;
  canvas.style.width = '100%';
  canvas.style.height = '100%';
  canvas.style.display = 'block';
  canvas.setAttribute('aria-hidden', 'true');
  container.appendChild(canvas);

  const program = new Program(gl, {
    vertex: vertexShader,
    fragment: fragmentShader,
    transparent: true,
    depthTest: false,
    uniforms: {
      uResolution: { value: [1, 1] },
      uTime: { value: 0 },
      uColor: { value: toRgb(options.color) },
      uScale: { value: options.scale * settings.scaleFactor },
      uOpacity: { value: options.opacity },
    },
  });
  // One full-screen triangle drawn directly: no scene graph (ogl's Mesh and its
  // matrix maths would only add bytes to this lazily loaded chunk).
  const triangle = new Triangle(gl);

  const resize = () => {
    renderer.setSize(container.clientWidth || 1, container.clientHeight || 1);
    renderer.setViewport(gl.drawingBufferWidth, gl.drawingBufferHeight);
    program.uniforms.uResolution!.value = [gl.drawingBufferWidth, gl.drawingBufferHeight];
  };
  resize();

  const frameInterval = 1000 / Math.min(settings.fps, settings.fpsCap);
  let clock = 0;
  let last = 0;
  let lastDrawn = 0;
  let raf = 0;
  let onScreen = true;
  let firstFrame = true;
  let running = false;

  const draw = () => {
    const t =
      options.direction === 'pingpong'
        ? Math.sin(clock)
        : options.direction === 'reverse'
          ? -clock
          : clock;
    program.uniforms.uTime!.value = t;
    gl.clear(gl.COLOR_BUFFER_BIT);
    program.use();
    triangle.draw({ program });
    if (firstFrame) {
      firstFrame = false;
      options.onFirstFrame();
    }
  };

  const loop = (now: number) => {
    raf = requestAnimationFrame(loop);
    // A long gap (tab switch, slow frame) must not make the pattern jump.
    const dt = last ? Math.min((now - last) / 1000, 0.1) : 0;
    last = now;
    clock += dt * settings.speed;
    if (now - lastDrawn < frameInterval - 1) return;
    lastDrawn = now;
    draw();
  };

  const update = () => {
    const shouldRun = onScreen && !document.hidden;
    if (shouldRun === running) return;
    running = shouldRun;
    if (running) {
      last = 0;
      raf = requestAnimationFrame(loop);
    } else {
      cancelAnimationFrame(raf);
    }
    options.onStateChange?.(running ? 'running' : 'paused');
  };

  const observer = new IntersectionObserver((entries) => {
    onScreen = entries.some((entry) => entry.isIntersecting);
    update();
  });
  observer.observe(container);
  document.addEventListener('visibilitychange', update);
  window.addEventListener('resize', resize);
  update();

  return {
    setColor(color) {
      program.uniforms.uColor!.value = toRgb(color);
      if (!running) draw();
    },
    destroy() {
      cancelAnimationFrame(raf);
      observer.disconnect();
      document.removeEventListener('visibilitychange', update);
      window.removeEventListener('resize', resize);
      gl.getExtension('WEBGL_lose_context')?.loseContext();
      canvas.remove();
    },
  };
}
