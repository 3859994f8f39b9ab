// Kept apart from webgl-backdrop.ts so the check costs nothing and ogl is
// downloaded only when the animation will really run.

export type WebglSupport = 'hardware' | 'software' | 'none';

declare global {
  interface Window {
    /** Browser tests set this to exercise the WebGL path on a machine without a GPU. */
    __backdropAllowSoftwareGl?: boolean;
  }
}

/**
 * Whether WebGL exists and runs on a GPU. A software rasteriser (SwiftShader,
 * llvmpipe) would spend a whole CPU core on decoration, so it counts as weak.
 */
export function webglSupport(): WebglSupport {
  try {
    const probe = document.createElement('canvas');
    const gl = (probe.getContext('webgl2') ?? probe.getContext('webgl')) as
      | WebGLRenderingContext
      | WebGL2RenderingContext
      | null;
    if (!gl) return 'none';
    const info = gl.getExtension('WEBGL_debug_renderer_info');
    const renderer = String(
      info ? gl.getParameter(info.UNMASKED_RENDERER_WEBGL) : gl.getParameter(gl.RENDERER),
    );
    gl.getExtension('WEBGL_lose_context')?.loseContext();
    if (/swiftshader|llvmpipe|softpipe|software/i.test(renderer)) {
      return window.__backdropAllowSoftwareGl ? 'hardware' : 'software';
    }
    return 'hardware';
  } catch {
    return 'none';
  }
}
