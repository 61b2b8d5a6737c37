/**
 * Which Pixi renderer to ask for. WebGL on a real GPU; the browser's 2D canvas otherwise, including when the
 * "WebGL" on offer is a software rasteriser (no GPU, a blocklisted driver, a VM, headless Chromium with
 * --disable-gpu). Pixi's batch shader picks its texture through a chain of branches that a software
 * rasteriser evaluates in full for every pixel: measured here, SwiftShader drew this scene at 2–16 frames a
 * second through WebGL and at 60 through the 2D canvas. Browsers are meant to flag such contexts with
 * failIfMajorPerformanceCaveat, but Chromium's ANGLE/SwiftShader does not, so the renderer's name is checked.
 */

const SOFTWARE = /swiftshader|llvmpipe|softpipe|software|basic render driver|mesa offscreen/i;

/** Whether a WebGL renderer string names a software implementation. */
export function isSoftwareRenderer(name: string): boolean {
  return SOFTWARE.test(name);
}

/** The WebGL implementation's renderer string, or null when there is no WebGL at all. */
export function webglRendererName(): string | null {
  try {
    const canvas = document.createElement('canvas');
    const gl = canvas.getContext('webgl2') ?? canvas.getContext('webgl');
    if (!gl) return null;
    const info = gl.getExtension('WEBGL_debug_renderer_info');
    const name = String(gl.getParameter(info ? info.UNMASKED_RENDERER_WEBGL : gl.RENDERER) ?? '');
    gl.getExtension('WEBGL_lose_context')?.loseContext();
    return name;
  } catch {
    return null;
  }
}

export type RendererRequest = 'auto' | 'webgl' | 'canvas';

/** The renderer preference for Pixi's autoDetectRenderer. */
export function rendererPreference(request: RendererRequest, webglName: () => string | null = webglRendererName): ('webgl' | 'canvas')[] {
  if (request === 'canvas') return ['canvas'];
  if (request === 'webgl') return ['webgl', 'canvas'];
  const name = webglName();
  return name === null || isSoftwareRenderer(name) ? ['canvas'] : ['webgl', 'canvas'];
}
