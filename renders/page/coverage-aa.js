// Runs inside the headless page before scene-page.js (plain browser JavaScript). Coverage
// antialiasing for 3Dmol's impostor spheres and sticks, drawn at image size:
//
// 3Dmol draws a ball or a stick as a flat quad whose fragment shader decides, per pixel,
// whether the pixel's ray hits the sphere or capsule. Here the shaders also compute how far
// the ray passes from the outline, in pixels, and from that the share of the pixel the
// shape covers (a linear ramp one pixel wide, centred on the outline). The quads are grown
// by one pixel so pixels just outside the outline are shaded too. A frame is drawn in two
// passes of the same geometry:
//   1. interior: only pixels the shape covers fully, opaque, writing depth (as today);
//   2. fringe: only partly covered pixels, blended over what pass 1 left ("over", the
//      coverage as alpha), depth-tested and writing depth so that where two outlines
//      coincide (the caps of a joint, the two halves of a bond) the pixel is blended once.
// Pass 0 is 3Dmol's own shader, unchanged (supersampling and no antialiasing use it).
// Pass 3 ('edge' antialiasing) draws once, hit or miss at each pixel's centre as pass 0, and
// also writes, for each pixel within a pixel of its shape's outline, where that outline is
// (the alpha channel, see CODE): the page then blends across outlines after read-back
// (scene-page.js, resolveEdges), so one geometry pass gives edges as smooth as the two of
// coverage.
/* global $3Dmol */
(() => {
  // The pass: a uniform for coverage (passes 1 and 2 share a program), a constant for edge
  // (pass 3), so the compiler drops the other passes' code: SwiftShader runs both sides of
  // a branch on a uniform, so code for other passes costs time even when never taken.
  // (One precision in both stages, or linking fails.)
  const header = (mode) => (mode === 'edge' ? 'const int misiPass = 3;\n' : 'uniform highp int misiPass;\n') + 'uniform highp float vHeight;\n';
  // Eye-frame size of one pixel at a point whose clip w is `w` (2 NDC units per viewport).
  const PIXEL = 'float misiPixel(float w) { return 2.0 * w / (projectionMatrix[1][1] * vHeight); }\n';
  // In a stick's fragment shader: the offset from the bond's segment (the capsule's axis) to
  // the pixel's ray where they pass closest (the closest point of the segment to the ray's
  // line is the unconstrained one clamped to the ends): onAxis, off, dist (eye frame).
  const AXIS_OFFSET = `      float len = length(p2 - p1);
      vec3 w0 = p - pa;
      float b = dot(v, va), d = dot(v, w0), e = dot(va, w0);
      float den = 1.0 - b * b;
      float s = clamp(den > 1e-6 ? (e - b * d) / den : 0.0, 0.0, len);
      vec3 onAxis = pa + s * va;
      vec3 off = (p + (s * b - d) * v) - onAxis;
      float dist = length(off);`;
  // Keep a fragment in this pass? (pass 1: fully covered; pass 2: partly covered)
  const KEEP = 'bool misiKeep(float cover) { return misiPass == 3 || (misiPass == 1 ? cover >= 1.0 : (cover > 0.0 && cover < 1.0)); }\n';
  // Pass 3 (edge): the outline nearest the pixel, written into the alpha channel (the frame
  // is opaque, so alpha is free) for the page to blend across after read-back (scene-page.js,
  // resolveEdges). `n` is the outline's outward normal in the eye frame's x and y (which run
  // as the window's), `inside` the distance from the pixel's centre to the outline in
  // pixels. Stored: the axis and side of the neighbour across the outline (0: +x, 1: -x,
  // 2: +y, 3: -y: the major axis of the normal) and the distance to the outline along that
  // axis, t in [0, 1), as 63 steps; code = side * 63 + step, 252-255 (alpha 1.0) = no
  // outline within a pixel. Given as `inside` (eye frame) and `px`, the size of a pixel
  // there, with `len`, length(n), which the callers have already or cheaper: t = inside / px
  // * len / max(|n.x|, |n.y|), in one division. Written for SwiftShader, which runs every
  // instruction for every fragment: no early returns (they become flags and selects), one
  // select at the end for "no outline" (n = 0, or t >= 1), and * (1/255) for / 255 (the
  // stored byte rounds code * 255, so it is the same). Only pass 3 calls it.
  const CODE = 'float misiCode(vec2 n, float len, float inside, float px) {\n'
    + '  vec2 a = abs(n);\n'
    + '  bool alongX = a.x >= a.y;\n'
    + '  float m = alongX ? a.x : a.y;\n'
    + '  float t = max(inside, 0.0) * len / (px * max(m, 1e-30));\n'
    + '  float side = alongX ? (n.x > 0.0 ? 0.0 : 1.0) : (n.y > 0.0 ? 2.0 : 3.0);\n'
    + '  float code = (side * 63.0 + min(floor(t * 63.0), 62.0)) * (1.0 / 255.0);\n'
    + '  return m > 0.0 && t < 1.0 ? code : 1.0;\n'
    + '}\n';

  /** `source` with `from` replaced by `to`; a 3Dmol whose shaders differ fails loudly. */
  function edit(source, from, to, all = false) {
    const count = (source.match(new RegExp(from.source, 'g')) ?? []).length;
    if (count === 0 || (!all && count !== 1)) throw new Error(`coverage-aa: 3Dmol shader text ${from} found ${count} times`);
    return source.replace(all ? new RegExp(from.source, 'g') : from, to);
  }

  const beforeMain = (source, text) => edit(source, /void main\(\)\s*\{/, `${text}void main() {`);

  function sphereVertex(vert, mode) {
    // Pass 3: the size of a pixel at the sphere's centre (eye frame), once per sphere.
    // (Written for coverage too, which holds pass 3's code though it never runs it.)
    vert = beforeMain(vert, header(mode) + PIXEL + 'flat varying float misiPx;\n');
    vert = edit(vert, /gl_Position = projPosition\+adjust;/, 'misiPx = misiPixel(projPosition.w);\n    gl_Position = projPosition+adjust;');
    vert = edit(vert, /vec4 adjust = projectionMatrix\* vec4\(normal,0\.0\);/,
      'float misiGrow = misiPass == 0 || misiPass == 3 ? 1.0 : 1.0 + misiPixel(projPosition.w) / abs(normal.x);\n'
      + '    vec4 adjust = projectionMatrix * vec4(normal.xy * misiGrow, normal.z, 0.0);');
    return edit(vert, /mapping = normal\.xy;/, 'mapping = normal.xy * misiGrow;');
  }

  function sphereFragment(frag, mode) {
    frag = beforeMain(frag, header(mode) + PIXEL + KEEP + CODE + 'flat varying float misiPx;\n');
    frag = edit(frag, /if\s*\(lensqr > rsqr\)\s*discard;\s*float z = sqrt\(rsqr-lensqr\);/,
      `float misiCover = 1.0;
    float misiEdge = 1.0;
    float z;
    if (misiPass == 0 || misiPass == 3) {
      if (lensqr > rsqr) discard;
      z = sqrt(rsqr-lensqr);
      if (misiPass == 3) {
        float len = sqrt(lensqr); // the pixel's distance from the centre on screen (eye frame)
        misiEdge = misiCode(mapping, len, rval - len, misiPx);
      }
    } else {
      vec4 misiClip = projectionMatrix * vec4(center, 1.0);
      misiCover = clamp((rval - sqrt(lensqr)) / misiPixel(misiClip.w) + 0.5, 0.0, 1.0);
      if (!misiKeep(misiCover)) discard;
      z = sqrt(max(rsqr - lensqr, 0.0)); // outside the outline: the rim
    }`);
    return edit(frag, /gl_FragColor = vec4\(color, opacity\*opacity \);/, 'gl_FragColor = vec4(color, misiPass == 3 ? misiEdge : opacity*opacity*misiCover);');
  }

  function stickVertex(vert, mode) {
    vert = beforeMain(vert, header(mode) + PIXEL
      + 'float misiGrow(vec3 at, float radius) {\n'
      + '  if (misiPass == 0 || misiPass == 3) return 1.0;\n'
      + '  vec4 c = projectionMatrix * vec4(at, 1.0);\n'
      + '  return 1.0 + misiPixel(c.w) / abs(radius);\n'
      + '}\n');
    vert = edit(vert, /mvPosition\.xyz \+=\s*mult\*\(cr \+ doublecr\)\.xyz;/, 'mvPosition.xyz += mult*(cr + doublecr).xyz * misiGrow(mvPosition.xyz, radius);', true);
    // Pass 3 (and coverage, which holds pass 3's code though it never runs it): what the
    // fragments need of the bond alone, once per bond (p1 and p2 are the same at every vertex
    // of a stick's quad, so flat loses nothing): the segment's length, and the size of a
    // pixel along it (a point's clip w is linear in the point, so the size at
    // p1 + s * axis / length is misiPxLine.x + s * misiPxLine.y; eye frame).
    vert = beforeMain(vert, 'flat varying float misiLen;\nflat varying vec2 misiPxLine;\n');
    return edit(vert, /cposition = mvPosition\.xyz;/, `vec3 misiAxis = p2 - p1;
    misiLen = length(misiAxis);
    vec3 misiRowW = vec3(projectionMatrix[0][3], projectionMatrix[1][3], projectionMatrix[2][3]);
    misiPxLine = vec2(misiPixel(dot(misiRowW, p1) + projectionMatrix[3][3]), misiPixel(dot(misiRowW, misiAxis)) / max(misiLen, 1e-30));
    cposition = mvPosition.xyz;`);
  }

  function stickFragment(frag, mode) {
    frag = beforeMain(frag, header(mode) + PIXEL + KEEP + CODE + 'flat varying float misiLen;\nflat varying vec2 misiPxLine;\n');
    // Distance from the pixel's ray to the bond's segment (the capsule's axis): the closest
    // point of the segment to the ray's line is the unconstrained one clamped to the ends.
    frag = edit(frag, /vec3 tmp1 = v-\(dot\(v,va\)\*va\);/,
      `float misiCover = 1.0;
    float misiEdge = 1.0;
    bool misiHit = true;
    vec3 misiQ = vec3(0.0);
    vec3 misiN = vec3(0.0, 0.0, 1.0);
    if (misiPass == 1 || misiPass == 2) {
${AXIS_OFFSET}
      vec4 misiClip = projectionMatrix * vec4(onAxis, 1.0);
      misiCover = clamp((r - dist) / misiPixel(misiClip.w) + 0.5, 0.0, 1.0);
      if (!misiKeep(misiCover)) discard;
      misiN = dist > 0.0 ? off / dist : misiN;
      misiQ = onAxis + misiN * r; // the rim, where the ray passes closest
    }
    vec3 tmp1 = v-(dot(v,va)*va);`);
    // A ray that misses the capsule (the outer half of the fringe) is shaded as the rim.
    frag = edit(frag, /discard;/, '{ if (misiPass != 2) discard; misiHit = false; }', true);
    // The edit above also caught the fringe test's own discard: put that one back.
    frag = frag.replace('if (!misiKeep(misiCover)) { if (misiPass != 2) discard; misiHit = false; }', 'if (!misiKeep(misiCover)) discard;');
    // Pass 3, once 3Dmol's own tests have kept the pixel: the same distance, and the outline's
    // code.
    frag = edit(frag, /vec4 clipPos = projectionMatrix \* vec4\(qi, 1\.0\);/,
      `if (!misiHit) { qi = misiQ; norm = misiN; }
    if (misiPass == 3) {
      // AXIS_OFFSET, with the terms 3Dmol's quadratic has already (deltap = p - pa, the dot
      // products written as there so the compiler shares them) and the length and pixel
      // size from the vertex shader: s along the axis, off from the axis to the ray (eye
      // frame).
      float b = dot(v,va), d = dot(v, deltap), e = dot(deltap,va);
      float den = 1.0 - b * b;
      float s = clamp(den > 1e-6 ? (e - b * d) / den : 0.0, 0.0, misiLen);
      vec3 off = deltap + (s * b - d) * v - s * va;
      float dist = length(off);
      float px = misiPxLine.x + s * misiPxLine.y;
      misiEdge = misiCode(off.xy, length(off.xy), r - dist, px);
    }
    vec4 clipPos = projectionMatrix * vec4(qi, 1.0);`);
    return edit(frag, /gl_FragColor = vec4\(color, opacity\*opacity \);/, 'gl_FragColor = vec4(color, misiPass == 3 ? misiEdge : opacity*opacity*misiCover);');
  }

  /**
   * Which of 3Dmol's shaders `source` is (3Dmol does not export its shader library, so they
   * are told apart by text only they hold), or null for any other shader.
   */
  function impostorKind(type, source) {
    // The outline shaders (not used here) share much of the text but take outline uniforms.
    if (source.includes('misiPass') || /uniform\s+\w+\s+outline/.test(source)) return null;
    if (type === 'vertex' && source.includes('varying vec2 mapping;') && source.includes('rval = abs(normal.x);')) return sphereVertex;
    if (type === 'fragment' && source.includes('float lensqr = dot(mapping,mapping);')) return sphereFragment;
    if (type === 'vertex' && source.includes('float mult = 1.1;')) return stickVertex;
    if (type === 'fragment' && source.includes('cylinder-ray intersection')) return stickFragment;
    return null;
  }

  /**
   * Rewrites 3Dmol's impostor shaders as `renderer` compiles them (hook before the first
   * frame), for the antialiasing `mode()` says when the program is built: 'coverage' and
   * 'edge' get their own programs (3Dmol keeps one program per source text, so the mode is
   * written into the text as a comment), every other mode 3Dmol's own shaders unchanged.
   * 3Dmol builds a material's program when it first draws it, after the scene's load has
   * set the mode.
   */
  function installShaders(renderer, mode) {
    const buildProgram = renderer.buildProgram;
    renderer.buildProgram = function (fragmentShader, vertexShader, ...rest) {
      const m = mode();
      if (m !== 'coverage' && m !== 'edge') return buildProgram.call(this, fragmentShader, vertexShader, ...rest);
      const mark = `\n// misi-aa ${m}\n`;
      return buildProgram.call(this, fragmentShader + mark, vertexShader + mark, ...rest);
    };
    const getShader = renderer.getShader;
    renderer.getShader = function (type, source) {
      const m = /\/\/ misi-aa (\w+)\n$/.exec(source)?.[1];
      const rewrite = m ? impostorKind(type, source) : null;
      if (rewrite) stats.rewritten++;
      const shader = getShader.call(this, type, rewrite ? rewrite(source, m) : source);
      // 3Dmol only logs a shader that does not compile, and then draws nothing.
      if (rewrite && !shader) throw new Error(`coverage-aa: the rewritten ${type} shader did not compile (3Dmol's log is in the page's console)`);
      return shader;
    };
  }

  let pass = 0;
  /** What the hooks did (for tests and debugging). */
  const stats = { rewritten: 0, passSet: [0, 0, 0, 0] };

  /**
   * Hooks `renderer` so that its opaque objects are drawn as `mode()` says: 'coverage' in the
   * two passes above, 'edge' in one pass that also writes each pixel's outline code into
   * alpha (pass 3), anything else with 3Dmol's own shading (pass 0). Other programs than the
   * impostors' have no misiPass and are drawn the same in every pass (none are used by the
   * scenes drawn here).
   */
  function hookRenderer(renderer, mode) {
    const gl = renderer.getContext();
    const setProgram = renderer.setProgram;
    renderer.setProgram = function (...args) {
      const program = setProgram.apply(this, args);
      if (program) {
        if (program.misiPassAt === undefined) program.misiPassAt = gl.getUniformLocation(program, 'misiPass');
        if (program.misiPassAt !== null) {
          gl.uniform1i(program.misiPassAt, pass);
          stats.passSet[pass]++;
        }
      }
      return program;
    };
    const renderObjects = renderer.renderObjects;
    renderer.renderObjects = function (list, reverse, materialType, ...rest) {
      const how = materialType === 'opaque' ? mode() : 'none';
      if (how === 'edge') {
        try {
          pass = 3;
          renderObjects.call(this, list, reverse, materialType, ...rest);
        } finally {
          pass = 0;
        }
        return;
      }
      if (how !== 'coverage') {
        renderObjects.call(this, list, reverse, materialType, ...rest);
        return;
      }
      const setBlending = this.setBlending, setDepthWrite = this.setDepthWrite;
      try {
        pass = 1;
        renderObjects.call(this, list, reverse, materialType, ...rest);
        pass = 2;
        gl.enable(gl.BLEND);
        gl.blendEquation(gl.FUNC_ADD);
        gl.blendFuncSeparate(gl.SRC_ALPHA, gl.ONE_MINUS_SRC_ALPHA, gl.ZERO, gl.ONE);
        gl.depthFunc(gl.LESS);
        gl.depthMask(true);
        this.setBlending = () => undefined;
        this.setDepthWrite = () => undefined;
        renderObjects.call(this, list, reverse, materialType, ...rest);
      } finally {
        pass = 0;
        this.setBlending = setBlending;
        this.setDepthWrite = setDepthWrite;
        gl.depthFunc(gl.LEQUAL);
        gl.disable(gl.BLEND);
        this._oldDepthWrite = null; // 3Dmol's cache of the depth mask: unknown now
        this.setDepthWrite(true);
      }
    };
  }

  window.misiCoverage = { installShaders, hookRenderer, stats };
})();
