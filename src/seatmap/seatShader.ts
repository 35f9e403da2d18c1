/**
 * One instanced quad per seat; the fragment shader draws the seat's shape from a distance field, so
 * seat kinds differ by shape, not by colour alone: available ●, premium ◆, taken small ·, selected ◉,
 * accessible ■, limited view ⊖ (a bar across), companion ○ (a ring).
 */
export const seatVertex = `#version 300 es
precision highp float;
in vec2 aCorner;
in vec2 aSeat;
in vec4 aStyle;
uniform mat3 uProjectionMatrix;
uniform mat3 uWorldTransformMatrix;
uniform mat3 uTransformMatrix;
uniform float uRadius;
uniform float uPixel;
out vec2 vCorner;
out vec3 vColor;
out float vKind;
out float vAa;
void main() {
  mat3 m = uProjectionMatrix * uWorldTransformMatrix * uTransformMatrix;
  // Never smaller than a pixel on screen, so a zoomed-out plan still shows every seat.
  float r = max(uRadius, uPixel * 0.75);
  float padded = r + uPixel;
  vec2 p = aSeat + aCorner * padded;
  gl_Position = vec4((m * vec3(p, 1.0)).xy, 0.0, 1.0);
  vCorner = aCorner * padded / r;
  vColor = aStyle.rgb;
  vKind = aStyle.a * 255.0;
  vAa = uPixel / r;
}
`;

export const seatFragment = `#version 300 es
precision highp float;
in vec2 vCorner;
in vec3 vColor;
in float vKind;
in float vAa;
out vec4 finalColor;
float cover(float d) { return clamp(0.5 - d / max(vAa, 1e-4), 0.0, 1.0); }
void main() {
  int kind = int(vKind + 0.5);
  vec2 c = vCorner;
  float len = length(c);
  float d;
  vec3 color = vColor;
  float inner = 0.0;
  if (kind == 1) {            // premium: diamond
    d = (abs(c.x) + abs(c.y)) * 0.8 - 1.0;
  } else if (kind == 2) {     // taken: small dot
    d = len - 0.45;
  } else if (kind == 3) {     // selected: disc with a white centre
    d = len - 1.0;
    inner = cover(len - 0.38);
  } else if (kind == 4) {     // accessible: rounded square
    vec2 q = abs(c) - vec2(0.72);
    d = length(max(q, 0.0)) + min(max(q.x, q.y), 0.0) - 0.2;
  } else if (kind == 5) {     // limited view: disc with a bar across
    d = max(len - 1.0, 0.16 - abs(c.y));
  } else if (kind == 6) {     // companion: ring
    d = abs(len - 0.74) - 0.26;
  } else {                    // available: disc
    d = len - 1.0;
  }
  float a = cover(d);
  if (a <= 0.0) discard;
  color = mix(color, vec3(1.0), inner);
  finalColor = vec4(color * a, a);
}
`;
