/**
 * Our own soft "liquid light" pattern: the point is pushed through 60 small
 * sine warps (SPEC §9: the loop runs 60 iterations) and the accumulated phase
 * becomes the brightness of one blue. Alpha is premultiplied so dark areas let
 * the page background through in either theme.
 */
export const SHADER_ITERATIONS = 60;

export const vertexShader = /* glsl */ `
attribute vec2 position;
void main() {
  gl_Position = vec4(position, 0.0, 1.0);
}
`;

export const fragmentShader = /* glsl */ `
precision mediump float;
uniform vec2 uResolution;
uniform float uTime;
uniform vec3 uColor;
uniform float uScale;
uniform float uOpacity;

void main() {
  vec2 uv = (gl_FragCoord.xy - 0.5 * uResolution) / (min(uResolution.x, uResolution.y) * uScale);
  vec2 p = uv * 1.6;
  float t = uTime;
  float acc = 0.0;
  for (float i = 0.0; i < ${SHADER_ITERATIONS}.0; i += 1.0) {
    p += 0.035 * vec2(
      sin(p.y * 1.9 + t * 0.7 + i * 0.31),
      cos(p.x * 1.6 - t * 0.6 + i * 0.17)
    );
    acc += sin(p.x * 1.2 + p.y * 0.8 + t * 0.35 + i * 0.045);
  }
  float glow = smoothstep(-0.6, 0.9, acc / ${SHADER_ITERATIONS}.0);
  float vignette = 1.0 - smoothstep(0.35, 1.35, length(uv * vec2(0.8, 1.0)));
  vec3 color = mix(uColor * 0.45, mix(uColor, vec3(0.85, 0.92, 1.0), 0.25), glow);
  float alpha = clamp((0.25 + 0.75 * glow) * (0.35 + 0.65 * vignette), 0.0, 1.0) * uOpacity;
  gl_FragColor = vec4(color * alpha, alpha);
}
`;
