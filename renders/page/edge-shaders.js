// The shader half of 'edge' antialiasing: 3Dmol.js draws a ball or a stick as a flat quad
// whose fragment shader decides, per pixel, whether the pixel's ray hits the sphere or the
// capsule. In 'edge' mode those shaders also write, for each pixel they keep that lies
// within a pixel of its shape's outline, where that outline is (the alpha channel, which is
// free: the frame is opaque); after read-back the page blends across the outlines
// (edge-pass.js). Hit or miss, colour and depth are 3Dmol's own, untouched.
/** @import { Renderer3D } from './three-dmol.ts' */

// Eye-frame size of one pixel at a point whose clip w is `w` (2 NDC units per viewport).
// 3Dmol sets vHeight to the viewport's height.
const PIXEL = 'uniform highp float vHeight;\n' + 'float misiPixel(float w) { return 2.0 * w / (projectionMatrix[1][1] * vHeight); }\n';

// The outline nearest the pixel as a code for the alpha channel. `n` is the outline's
// outward normal in the eye frame's x and y (which run as the window's), `inside` the
// distance from the pixel's centre to the outline (eye frame), `px` the size of a pixel
// there and `len` length(n) (the callers have it already, or cheaper). Stored: the axis and
// side of the neighbour across the outline (0: +x, 1: -x, 2: +y, 3: -y: the major axis of
// the normal) and the distance to the outline along that axis, t = inside / px * len /
// max(|n.x|, |n.y|) in [0, 1), as 63 steps; code = side * 63 + step, and 252-255 (alpha
// 1.0) for no outline within a pixel. Written for SwiftShader, which runs every instruction
// for every fragment: no early returns, one select at the end for "no outline" (n = 0, or
// t >= 1), and * (1/255) for / 255 (the stored byte rounds code * 255, so it is the same).
const CODE =
  'float misiCode(vec2 n, float len, float inside, float px) {\n' +
  '  vec2 a = abs(n);\n' +
  '  bool alongX = a.x >= a.y;\n' +
  '  float m = alongX ? a.x : a.y;\n' +
  '  float t = max(inside, 0.0) * len / (px * max(m, 1e-30));\n' +
  '  float side = alongX ? (n.x > 0.0 ? 0.0 : 1.0) : (n.y > 0.0 ? 2.0 : 3.0);\n' +
  '  float code = (side * 63.0 + min(floor(t * 63.0), 62.0)) * (1.0 / 255.0);\n' +
  '  return m > 0.0 && t < 1.0 ? code : 1.0;\n' +
  '}\n';

/**
 * `source` with `from` replaced by `to`; a 3Dmol whose shaders differ fails loudly.
 * @param {string} source
 * @param {RegExp} from
 * @param {string} to
 */
function edit(source, from, to) {
  const count = (source.match(new RegExp(from.source, 'g')) ?? []).length;
  if (count !== 1) throw new Error(`edge-shaders: 3Dmol shader text ${from} found ${count} times`);
  return source.replace(from, to);
}

/** @param {string} source @param {string} text */
const beforeMain = (source, text) => edit(source, /void main\(\)\s*\{/, `${text}void main() {`);

/** @param {string} source @param {RegExp} colourLine */
const outlineInAlpha = (source, colourLine) => edit(source, colourLine, 'gl_FragColor = vec4(color, misiEdge);');

/** A ball's vertex shader: the size of a pixel at the sphere's centre, once per sphere. @param {string} vert */
function sphereVertex(vert) {
  vert = beforeMain(vert, PIXEL + 'flat varying float misiPx;\n');
  return edit(vert, /gl_Position = projPosition\+adjust;/, 'misiPx = misiPixel(projPosition.w);\n    gl_Position = projPosition+adjust;');
}

/** A ball's fragment shader: its outline is the circle of radius rval about the quad's centre. @param {string} frag */
function sphereFragment(frag) {
  frag = beforeMain(frag, CODE + 'flat varying float misiPx;\n');
  frag = edit(
    frag,
    /if\s*\(lensqr > rsqr\)\s*discard;\s*float z = sqrt\(rsqr-lensqr\);/,
    `if (lensqr > rsqr) discard;
    float z = sqrt(rsqr-lensqr);
    float misiFromCentre = sqrt(lensqr); // the pixel's distance from the centre on screen (eye frame)
    float misiEdge = misiCode(mapping, misiFromCentre, rval - misiFromCentre, misiPx);`,
  );
  return outlineInAlpha(frag, /gl_FragColor = vec4\(color, opacity\*opacity \);/);
}

/**
 * A stick's vertex shader: what the fragments need of the bond alone, once per bond (p1 and
 * p2 are the same at every vertex of a stick's quad, so flat loses nothing): the segment's
 * length, and the size of a pixel along it (a point's clip w is linear in the point, so the
 * size at p1 + s * axis / length is misiPxLine.x + s * misiPxLine.y; eye frame).
 * @param {string} vert
 */
function stickVertex(vert) {
  vert = beforeMain(vert, PIXEL + 'flat varying float misiLen;\nflat varying vec2 misiPxLine;\n');
  return edit(
    vert,
    /cposition = mvPosition\.xyz;/,
    `vec3 misiAxis = p2 - p1;
    misiLen = length(misiAxis);
    vec3 misiRowW = vec3(projectionMatrix[0][3], projectionMatrix[1][3], projectionMatrix[2][3]);
    misiPxLine = vec2(misiPixel(dot(misiRowW, p1) + projectionMatrix[3][3]), misiPixel(dot(misiRowW, misiAxis)) / max(misiLen, 1e-30));
    cposition = mvPosition.xyz;`,
  );
}

/**
 * A stick's fragment shader, once 3Dmol's own tests have kept the pixel: the offset from the
 * bond's segment (the capsule's axis) to the pixel's ray where they pass closest (the closest
 * point of the segment to the ray's line is the unconstrained one clamped to the ends), from
 * the terms 3Dmol's quadratic has already (deltap = p - pa, the dot products written as
 * there so the compiler shares them), and the outline's code.
 * @param {string} frag
 */
function stickFragment(frag) {
  frag = beforeMain(frag, CODE + 'flat varying float misiLen;\nflat varying vec2 misiPxLine;\n');
  frag = edit(
    frag,
    /vec4 clipPos = projectionMatrix \* vec4\(qi, 1\.0\);/,
    `float misiB = dot(v,va), misiD = dot(v, deltap), misiE = dot(deltap,va);
    float misiDen = 1.0 - misiB * misiB;
    float misiS = clamp(misiDen > 1e-6 ? (misiE - misiB * misiD) / misiDen : 0.0, 0.0, misiLen);
    vec3 misiOff = deltap + (misiS * misiB - misiD) * v - misiS * va;
    float misiDist = length(misiOff);
    float misiEdge = misiCode(misiOff.xy, length(misiOff.xy), r - misiDist, misiPxLine.x + misiS * misiPxLine.y);
    vec4 clipPos = projectionMatrix * vec4(qi, 1.0);`,
  );
  return outlineInAlpha(frag, /gl_FragColor = vec4\(color, opacity\*opacity \);/);
}

/**
 * Which of 3Dmol's impostor shaders `source` is (3Dmol does not export its shader library,
 * so they are told apart by text only they hold), as its rewrite, or null for any other.
 * @param {string} type
 * @param {string} source
 * @returns {((source: string) => string) | null}
 */
function impostorRewrite(type, source) {
  // The outline shaders (not used here) share much of the text but take outline uniforms.
  if (source.includes('misiCode') || /uniform\s+\w+\s+outline/.test(source)) return null;
  if (type === 'vertex' && source.includes('varying vec2 mapping;') && source.includes('rval = abs(normal.x);')) return sphereVertex;
  if (type === 'fragment' && source.includes('float lensqr = dot(mapping,mapping);')) return sphereFragment;
  if (type === 'vertex' && source.includes('float mult = 1.1;')) return stickVertex;
  if (type === 'fragment' && source.includes('cylinder-ray intersection')) return stickFragment;
  return null;
}

const MARK = '\n// misi-aa edge\n';

/**
 * Rewrites 3Dmol's impostor shaders as `renderer` compiles them (hook before the first
 * frame) when `edge()` says so as the program is built: 'edge' programs are kept apart
 * from 3Dmol's own (which the other methods draw with) by a mark in their source text, as
 * 3Dmol keeps one program per source text. 3Dmol builds a material's program when it first
 * draws it, after the scene's load has set the method.
 * @param {Renderer3D} renderer
 * @param {() => boolean} edge
 */
export function installEdgeShaders(renderer, edge) {
  const buildProgram = renderer.buildProgram;
  renderer.buildProgram = function (fragmentShader, vertexShader, ...rest) {
    if (!edge()) return buildProgram.call(this, fragmentShader, vertexShader, ...rest);
    return buildProgram.call(this, fragmentShader + MARK, vertexShader + MARK, ...rest);
  };
  const getShader = renderer.getShader;
  renderer.getShader = function (type, source) {
    const rewrite = source.endsWith(MARK) ? impostorRewrite(type, source) : null;
    const shader = getShader.call(this, type, rewrite ? rewrite(source) : source);
    // 3Dmol only logs a shader that does not compile, and then draws nothing.
    if (rewrite && !shader)
      throw new Error(`edge-shaders: the rewritten ${type} shader did not compile (3Dmol's log is in the page's console)`);
    return shader;
  };
}
