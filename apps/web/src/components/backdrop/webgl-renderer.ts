/**
 * The name of the renderer behind a WebGL context on `canvas` (the GPU, or a
 * software rasteriser such as SwiftShader), or null when the canvas gives no
 * WebGL. Shared by the page's own probe (webgl-support.ts) and the worker's
 * (webgl-probe.worker.ts), which runs it on an OffscreenCanvas.
 */
export function rendererName(canvas: HTMLCanvasElement | OffscreenCanvas): string | null {
  try {
    const gl = (canvas.getContext('webgl2') ?? canvas.getContext('webgl')) as
      | WebGLRenderingContext
      | WebGL2RenderingContext
      | null;
    if (!gl) return null;
    const info = gl.getExtension('WEBGL_debug_renderer_info');
    const name = String(
      info ? gl.getParameter(info.UNMASKED_RENDERER_WEBGL) : gl.getParameter(gl.RENDERER),
    );
    gl.getExtension('WEBGL_lose_context')?.loseContext();
    return name;
  } catch {
    return null;
  }
}
