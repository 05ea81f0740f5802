// A robot sheet drawn as its grid of cells (SVG): a paper silhouette cut from a square grid,
// standing on a base, hit by two dice (the white die picks the row, the black die the column).
//
//   renderRobot(container, robot, options) -> the <svg>
//
// robot: {
//   id, rows: 6, cols: 6,
//   cells: {"row-col": {        row 1 is the bottom row, glued to the base; columns from the left
//     gone: null | "destroyed" | "fell" | "detached",
//     torn: true | false,        a destroyed cell torn out by hand (ragged) or cut off (clean edge)
//     cut, frayed, shown,        a slit in it; ragged edges next to a tear; revealed to everyone
//     symbol, name, tone, part,  what is printed on it, when the viewer may know (else a "?" face)
//   }},
//   links: [["r-c", "r-c"]],     printed lines joining cells (optional)
//   lean: {theta, level, direction},  the part above the neck `level` (0: the ground line, k:
//                                between rows k and k+1) turned by theta degrees (90 at most),
//                                resting on that line; direction +1 (right) or -1 (left),
//                                worked out from the cells when left out
//   fallen: bool, out: "why"     lying on the ground; out of action (greyed, with its cause)
//   mine: bool                   the viewer's own sheet: revealed cells get an eye mark
// }
// options: {
//   cell: 34                     pixels per cell before any CSS scaling
//   clickable: Set of keys       cells a decision can click (onCell(key))
//   selected: Set of keys        cells picked (a weapon, a part)
//   marks: {key: "class"}        extra marks (the cell offered for a substitution, say)
//   hit: {roll: [r, c], at: [r, c], final: bool}   the dice's cell and the cell after changes
//   targetable: bool, onRobot()  the whole robot is a target to click
//   label: "..."                 its accessible name
//   text: {row, col, hidden, revealed, missing, torn, cutOff, slit, frayed}  words used (the
//                                row and column dice, a hidden cell's face, tooltips)
// }

import { s } from "../dom.js";

const NS = 40; // user units per cell inside the drawing

function parse(key) {
  const [r, c] = key.split("-").map(Number);
  return [r, c];
}

// A small deterministic jitter, so a torn edge looks the same on every redraw.
function jitter(key, i) {
  let x = 0;
  for (const ch of `${key}:${i}`) x = (x * 31 + ch.charCodeAt(0)) >>> 0;
  x ^= x >>> 13;
  x = Math.imul(x, 0x5bd1e995) >>> 0;
  return ((x >>> 8) % 1000) / 1000;
}

function ragged(key, x, y, size, depth) {
  const pts = [];
  const n = 5;
  const corners = [
    [x, y],
    [x + size, y],
    [x + size, y + size],
    [x, y + size],
  ];
  for (let side = 0; side < 4; side++) {
    const [ax, ay] = corners[side];
    const [bx, by] = corners[(side + 1) % 4];
    for (let i = 0; i < n; i++) {
      const f = i / n;
      const px = ax + (bx - ax) * f;
      const py = ay + (by - ay) * f;
      const d = (i === 0 ? 0.3 : 1) * depth * jitter(key, side * n + i);
      // inwards: towards the centre
      const cx = x + size / 2 - px;
      const cy = y + size / 2 - py;
      const len = Math.hypot(cx, cy) || 1;
      pts.push(`${(px + (cx / len) * d).toFixed(1)},${(py + (cy / len) * d).toFixed(1)}`);
    }
  }
  return pts.join(" ");
}

function zigzag(x1, y1, x2, y2, teeth, depth, nx, ny) {
  const pts = [];
  for (let i = 0; i <= teeth * 2; i++) {
    const f = i / (teeth * 2);
    const d = i % 2 ? depth : 0;
    pts.push(`${(x1 + (x2 - x1) * f + nx * d).toFixed(1)},${(y1 + (y2 - y1) * f + ny * d).toFixed(1)}`);
  }
  return pts.join(" ");
}

// Which way a lean goes when the caller does not say: towards the side where the cells above
// the neck hang out beyond the cells just above it.
export function leanDirection(cells, level) {
  const live = Object.entries(cells)
    .filter(([, c]) => !c.gone)
    .map(([k]) => parse(k));
  const above = live.filter(([r]) => r > level);
  const neck = above.filter(([r]) => r === level + 1);
  if (!above.length || !neck.length) return 1;
  const com = above.reduce((sum, [, c]) => sum + c - 0.5, 0) / above.length;
  const left = Math.min(...neck.map(([, c]) => c - 1));
  const right = Math.max(...neck.map(([, c]) => c));
  return com < (left + right) / 2 - 1e-9 ? -1 : 1;
}

export function renderRobot(container, robot, options = {}) {
  const rows = robot.rows || 6;
  const cols = robot.cols || 6;
  const text = {
    row: "row",
    col: "column",
    hidden: "?",
    revealed: "revealed",
    missing: "missing",
    torn: "torn out",
    cutOff: "cut off",
    slit: "cut",
    frayed: "frayed",
    ...(options.text || {}),
  };
  const clickable = options.clickable || new Set();
  const selected = options.selected || new Set();
  const marks = options.marks || {};
  const cells = robot.cells || {};

  // the frame: row dice on the left, the sheet, the base and the column dice below
  const left = 1.0 * NS;
  const top = 0.35 * NS;
  const ground = top + rows * NS;
  const xOf = (c) => left + (c - 1) * NS;
  const yOf = (r) => top + (rows - r) * NS;

  // the lean: what turns, about which point, by how much. The part above the neck turns by
  // theta (90 at most: lying) and rests on the neck's line (the ground, for level 0) on the
  // corner of its paper that is lowest once turned, so that nothing sinks below that line.
  const lean = robot.lean || {};
  let theta = Math.min(90, Number(lean.theta) || 0);
  if (robot.fallen) theta = 90;
  const level = lean.level ?? 0;
  const direction = lean.direction ?? leanDirection(cells, level);
  const angle = theta * direction;
  const turns = (r) => theta > 0 && r > level;
  const rad = (angle * Math.PI) / 180;
  const line = ground - level * NS;
  const corners = (r, c) => [
    [xOf(c), yOf(r)],
    [xOf(c) + NS, yOf(r)],
    [xOf(c), yOf(r) + NS],
    [xOf(c) + NS, yOf(r) + NS],
  ];
  let pivot = [left + (direction > 0 ? cols * NS : 0), line];
  let best = -Infinity;
  for (const [key, cell] of Object.entries(cells)) {
    const [r, c] = parse(key);
    if (!turns(r) || cell.gone) continue;
    for (const [x, y] of corners(r, c)) {
      const score = x * Math.sin(rad) + y * Math.cos(rad);
      if (score > best + 1e-6) {
        best = score;
        pivot = [x, y];
      }
    }
  }
  const [pivotX, pivotY] = pivot;
  const drop = line - pivotY;
  const turn = ([x, y]) => [
    pivotX + (x - pivotX) * Math.cos(rad) - (y - pivotY) * Math.sin(rad),
    pivotY + drop + (x - pivotX) * Math.sin(rad) + (y - pivotY) * Math.cos(rad),
  ];

  // the drawing's extent: the frame, and wherever the turned part reaches
  let minX = 0;
  let minY = 0;
  let maxX = left + cols * NS + 0.3 * NS;
  let maxY = ground + 1.15 * NS;
  if (theta > 0) {
    for (const [key, cell] of Object.entries(cells)) {
      const [r, c] = parse(key);
      if (!turns(r) || cell.gone === "fell" || cell.gone === "detached") continue;
      for (const corner of corners(r, c)) {
        const [x, y] = turn(corner);
        minX = Math.min(minX, x - 4);
        maxX = Math.max(maxX, x + 4);
        minY = Math.min(minY, y - 4);
        maxY = Math.max(maxY, y + 4);
      }
    }
  }
  const width = maxX - minX;
  const height = maxY - minY;
  const px = (options.cell || 34) / NS;

  const classes = ["robot-svg", robot.out && "out", robot.mine && "mine", options.targetable && "targetable"];
  const svg = s("svg", {
    class: classes,
    viewBox: `${minX.toFixed(1)} ${minY.toFixed(1)} ${width.toFixed(1)} ${height.toFixed(1)}`,
    width: Math.round(width * px),
    height: Math.round(height * px),
    role: options.targetable ? "button" : "img",
    tabindex: options.targetable ? 0 : null,
    "aria-label": options.label || robot.id,
    "data-robot": robot.id,
    "data-lean": theta ? String(Math.round(angle)) : null,
  });
  if (options.targetable && options.onRobot) {
    svg.addEventListener("click", () => options.onRobot());
    svg.addEventListener("keydown", (e) => {
      if (e.key === "Enter" || e.key === " ") {
        e.preventDefault();
        options.onRobot();
      }
    });
  }

  // hatching for cells whose contents the viewer may not know
  const hatch = `robot-hatch-${robot.id}-${(renderRobot.count = (renderRobot.count || 0) + 1)}`;
  svg.append(
    s(
      "defs",
      {},
      s(
        "pattern",
        { id: hatch, width: 6, height: 6, patternUnits: "userSpaceOnUse", patternTransform: "rotate(45)" },
        s("rect", { width: 6, height: 6, class: "hatch-bg" }),
        s("line", { x1: 0, y1: 0, x2: 0, y2: 6, class: "hatch-line" }),
      ),
    ),
  );

  // -- the frame: every place the dice can pick, the dice numbers, the base ------------------
  const frame = s("g", { class: "robot-frame" });
  for (let r = 1; r <= rows; r++) {
    for (let c = 1; c <= cols; c++) {
      frame.append(s("rect", { x: xOf(c), y: yOf(r), width: NS, height: NS, class: "slot" }));
    }
  }
  const hitAt = options.hit?.at;
  for (let r = 1; r <= rows; r++) {
    const on = hitAt && hitAt[0] === r;
    frame.append(
      s(
        "g",
        { class: ["die-label", "row-die", on && "on"], "data-row": r },
        s("title", {}, `${text.row} ${r}`),
        s("rect", { x: 0.18 * NS, y: yOf(r) + 0.2 * NS, width: 0.6 * NS, height: 0.6 * NS, rx: 5 }),
        s("text", { x: 0.48 * NS, y: yOf(r) + 0.62 * NS }, String(r)),
      ),
    );
  }
  frame.append(
    s("rect", { x: left - 0.25 * NS, y: ground, width: cols * NS + 0.5 * NS, height: 0.18 * NS, class: "base" }),
    s("line", { x1: left - 0.25 * NS, y1: ground, x2: left + cols * NS + 0.25 * NS, y2: ground, class: "ground" }),
  );
  for (let c = 1; c <= cols; c++) {
    const on = hitAt && hitAt[1] === c;
    frame.append(
      s(
        "g",
        { class: ["die-label", "col-die", on && "on"], "data-col": c },
        s("title", {}, `${text.col} ${c}`),
        s("rect", { x: xOf(c) + 0.2 * NS, y: ground + 0.35 * NS, width: 0.6 * NS, height: 0.6 * NS, rx: 5 }),
        s("text", { x: xOf(c) + 0.5 * NS, y: ground + 0.77 * NS }, String(c)),
      ),
    );
  }
  svg.append(frame);

  // -- the paper: the cells that are not turned, then the turned part ------------------------
  const upright = s("g", { class: "robot-paper" });
  const leaning = s("g", {
    class: "robot-paper leaning",
    transform: theta > 0 ? `translate(0 ${drop.toFixed(1)}) rotate(${angle.toFixed(2)} ${pivotX.toFixed(1)} ${pivotY.toFixed(1)})` : null,
  });
  const ghosts = s("g", { class: "robot-ghosts" });
  const groupFor = (r) => (turns(r) ? leaning : upright);

  const paper = (key) => {
    const c = cells[key];
    return c && !c.gone;
  };

  for (const [key, cell] of Object.entries(cells)) {
    const [r, c] = parse(key);
    const x = xOf(c);
    const y = yOf(r);
    if (cell.gone === "fell" || cell.gone === "detached") {
      ghosts.append(
        s(
          "rect",
          { x: x + 2, y: y + 2, width: NS - 4, height: NS - 4, class: ["missing", cell.gone], "data-cell": key },
          s("title", {}, `${key}: ${text.missing}`),
        ),
      );
      continue;
    }
    const g = s("g", {
      class: [
        "cell",
        cell.gone && "hole",
        cell.gone && (cell.torn ? "torn" : "clean"),
        !cell.gone && (cell.symbol == null ? "unknown" : `tone-${cell.tone || "plain"}`),
        cell.cut && "slit",
        cell.frayed && "frayed",
        clickable.has(key) && "clickable",
        selected.has(key) && "selected",
        marks[key],
      ],
      "data-cell": key,
      "data-part": cell.part ?? null,
    });
    const words = [key];
    if (cell.name) words.push(cell.name);
    if (cell.gone) words.push(cell.torn ? text.torn : text.cutOff);
    else if (cell.symbol == null) words.push(text.hidden);
    if (cell.cut) words.push(text.slit);
    if (cell.frayed && !cell.gone) words.push(text.frayed);
    if (robot.mine && cell.shown) words.push(text.revealed);
    g.append(s("title", {}, words.join(" · ")));
    if (cell.gone) {
      if (cell.torn) g.append(s("polygon", { points: ragged(key, x, y, NS, 0.16 * NS), class: "hole-edge" }));
      else g.append(s("rect", { x: x + 1.5, y: y + 1.5, width: NS - 3, height: NS - 3, class: "hole-edge" }));
    } else {
      g.append(
        s("rect", {
          x,
          y,
          width: NS,
          height: NS,
          class: "face",
          fill: cell.symbol == null ? `url(#${hatch})` : null,
        }),
      );
      const symbol = cell.symbol == null ? text.hidden : String(cell.symbol).trim();
      if (symbol) g.append(s("text", { x: x + NS / 2, y: y + NS * 0.66, class: "symbol" }, symbol));
      if (cell.frayed) {
        // ragged edges on the sides that face a hole
        const sides = [
          [`${r + 1}-${c}`, x, y, x + NS, y, 0, 1],
          [`${r - 1}-${c}`, x, y + NS, x + NS, y + NS, 0, -1],
          [`${r}-${c - 1}`, x, y, x, y + NS, 1, 0],
          [`${r}-${c + 1}`, x + NS, y, x + NS, y + NS, -1, 0],
        ].filter(([k]) => cells[k]?.gone === "destroyed");
        const drawn = sides.length
          ? sides
          : [
              [null, x, y, x + NS, y, 0, 1],
              [null, x, y + NS, x + NS, y + NS, 0, -1],
            ];
        for (const [, x1, y1, x2, y2, nx, ny] of drawn) {
          g.append(s("polyline", { points: zigzag(x1, y1, x2, y2, 5, 0.09 * NS, nx, ny), class: "fray" }));
        }
      }
      if (robot.mine && cell.shown) {
        // an eye: the other side knows what is printed here
        const ex = x + NS - 9;
        const ey = y + 7;
        g.append(
          s(
            "g",
            { class: "shown-mark" },
            s("path", { d: `M${ex - 6},${ey} Q${ex},${ey - 5} ${ex + 6},${ey} Q${ex},${ey + 5} ${ex - 6},${ey}Z` }),
            s("circle", { cx: ex, cy: ey, r: 1.8 }),
          ),
        );
      }
    }
    if (cell.cut) {
      // the slit: a scissor cut from the cell's top-left corner inwards
      g.append(s("line", { x1: x + 3, y1: y + 3, x2: x + NS * 0.45, y2: y + NS * 0.45, class: "slit-mark" }));
    }
    if (clickable.has(key) && options.onCell) {
      g.setAttribute("tabindex", "0");
      g.setAttribute("role", "button");
      g.setAttribute("aria-label", words.join(" · "));
      g.addEventListener("click", (e) => {
        e.stopPropagation();
        options.onCell(key);
      });
      g.addEventListener("keydown", (e) => {
        if (e.key === "Enter" || e.key === " ") {
          e.preventDefault();
          e.stopPropagation();
          options.onCell(key);
        }
      });
    }
    groupFor(r).append(g);
  }

  // the outline of the paper: its outer edges, and the seams between parts (where known)
  for (const [key, cell] of Object.entries(cells)) {
    if (cell.gone) continue;
    const [r, c] = parse(key);
    const x = xOf(c);
    const y = yOf(r);
    const sides = [
      [`${r + 1}-${c}`, x, y, x + NS, y],
      [`${r - 1}-${c}`, x, y + NS, x + NS, y + NS],
      [`${r}-${c - 1}`, x, y, x, y + NS],
      [`${r}-${c + 1}`, x + NS, y, x + NS, y + NS],
    ];
    for (const [other, x1, y1, x2, y2] of sides) {
      const [orow] = parse(other);
      const across = turns(r) !== turns(orow) && theta > 0;
      let kind = null;
      if (!paper(other) || across) kind = "edge";
      else if (cell.part != null && cells[other].part != null && cells[other].part !== cell.part) kind = "seam";
      if (kind) groupFor(r).append(s("line", { x1, y1, x2, y2, class: kind }));
    }
  }

  // printed lines joining cells
  for (const [a, b] of robot.links || []) {
    if (!paper(a) || !paper(b)) continue;
    const [ra, ca] = parse(a);
    const [rb, cb] = parse(b);
    if (turns(ra) !== turns(rb)) continue;
    groupFor(ra).append(
      s("line", {
        x1: xOf(ca) + NS / 2,
        y1: yOf(ra) + NS / 2,
        x2: xOf(cb) + NS / 2,
        y2: yOf(rb) + NS / 2,
        class: "link",
      }),
    );
  }

  // -- where the dice point: the roll, and the cell after the changes ------------------------
  const hit = options.hit;
  if (hit?.at) {
    const spot = ([r, c]) => {
      const rr = Math.max(0.3, Math.min(rows + 0.7, r));
      const cc = Math.max(0.3, Math.min(cols + 0.7, c));
      return [xOf(cc) + NS / 2, yOf(rr) + NS / 2, rr];
    };
    const [ax, ay, ar] = spot(hit.at);
    const onSheet = hit.at[0] >= 1 && hit.at[0] <= rows && hit.at[1] >= 1 && hit.at[1] <= cols;
    const landed = onSheet && paper(`${hit.at[0]}-${hit.at[1]}`);
    if (hit.roll && (hit.roll[0] !== hit.at[0] || hit.roll[1] !== hit.at[1])) {
      const [rx, ry, rr] = spot(hit.roll);
      const g = groupFor(Math.round(rr));
      g.append(s("circle", { cx: rx, cy: ry, r: NS * 0.36, class: "roll-mark" }));
      if (groupFor(Math.round(rr)) === groupFor(Math.round(ar))) {
        g.append(s("line", { x1: rx, y1: ry, x2: ax, y2: ay, class: "roll-arrow" }));
      }
    }
    const g = groupFor(Math.round(ar));
    const mark = s("g", { class: ["hit-mark", landed ? "landed" : "miss", hit.final && "final"], "data-hit": `${hit.at[0]}-${hit.at[1]}` });
    const d = NS * 0.44;
    mark.append(
      s("rect", { x: ax - d, y: ay - d, width: 2 * d, height: 2 * d, rx: 4 }),
      s("line", { x1: ax - d - 5, y1: ay, x2: ax - d + 7, y2: ay }),
      s("line", { x1: ax + d - 7, y1: ay, x2: ax + d + 5, y2: ay }),
      s("line", { x1: ax, y1: ay - d - 5, x2: ax, y2: ay - d + 7 }),
      s("line", { x1: ax, y1: ay + d - 7, x2: ax, y2: ay + d + 5 }),
    );
    g.append(mark);
  }

  svg.append(ghosts, upright, leaning);

  // -- out of action: a stamp across the sheet ------------------------------------------------
  if (robot.out) {
    const cx = left + (cols * NS) / 2;
    const cy = top + (rows * NS) / 2;
    svg.append(
      s(
        "g",
        { class: "out-stamp", transform: `rotate(-14 ${cx} ${cy})` },
        s("rect", { x: cx - 2.7 * NS, y: cy - 0.42 * NS, width: 5.4 * NS, height: 0.84 * NS, rx: 6 }),
        s("text", { x: cx, y: cy + 0.16 * NS }, robot.out),
      ),
    );
  }
  container.append(svg);
  return svg;
}
