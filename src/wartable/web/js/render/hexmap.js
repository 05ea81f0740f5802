// The hex map: printed labels ("C08"), flat or pointy hexes, terrain colours, stacks of
// counters (face-down ones drawn as backs) with a count badge, lit hexes for the current
// decision, zoom and pan (wheel, drag, pinch, buttons) and an optional east-west wrap.
//
//   const map = new HexMap(element, {orientation: "flat", parity: "odd"});
//   map.render({hexes: [{label: "C08", terrain: "woods"}], stacks: {C08: [counter, ...]},
//               lit: new Set(["C09"]), onHex(label), onCounter(counter, label)});
//
// A hex: {label, terrain, colour, name, title, mark, chips: [{text, fill, colour, title}]}:
// the name is written across the foot of the hex, chips are small markers left and right of
// the centre (a base and its control, a value). `paths: [{hexes: [...], class, extend}]` draws
// a line through hex centres (a river, a road) above the terrain; `extend` runs it on to the
// edges of its first and last hex.
// A counter: {id, top, middle, bottom, colour, textColour, back, dim, corner, class, selected,
// selectable, title}. A back shows `middle` (an id, say) and `top`; `dim` draws a front faded
// and hatched (the owner's own face-down unit); `corner` is a short mark at its top right.
// Options: `columns` lists the column letters west to east when they do not run A, B, C...
// (a map lettered from the east edge), `counterScale` the counter's width in hex sizes.
// Geometry follows Red Blob Games (axial coordinates) and the engine's HexGrid: the same
// orientation, parity, first column and first row give the same layout as the rules.

import { h, s, clear } from "../dom.js";
import { t } from "../i18n.js";
import { icon } from "./icons.js";

const SQRT3 = Math.sqrt(3);

export const TERRAIN_COLOURS = {
  clear: "#f4efe0",
  open: "#f4efe0",
  plain: "#e6e0c6",
  grass: "#d7e3b5",
  woods: "#a9c58c",
  forest: "#8db574",
  jungle: "#7aa768",
  rough: "#d5c49d",
  hill: "#d9bf8a",
  hills: "#d9bf8a",
  mountain: "#b89c7c",
  mountains: "#b89c7c",
  desert: "#efdba1",
  sand: "#efdba1",
  swamp: "#a9bb9b",
  marsh: "#a9bb9b",
  water: "#9fc6e3",
  lake: "#9fc6e3",
  river: "#9fc6e3",
  sea: "#7fb0d8",
  ocean: "#6aa0cc",
  city: "#cfc6ba",
  town: "#d8cfc2",
  base: "#c4c9d4",
  ruins: "#c8beb0",
  road: "#e2d7bd",
  ice: "#eef4f7",
  space: "#202a3d",
  nebula: "#3a3358",
  asteroids: "#4a4a52",
  planet: "#3f6e8c",
};

function letterIndex(letters) {
  let n = 0;
  for (const ch of letters) n = n * 26 + (ch.charCodeAt(0) - 64);
  return n - 1;
}

// "C08" -> {col: 2, row: 7} (zero-based printed column and row)
export function parseLabel(label, firstColumn = "A", firstRow = 1) {
  const m = /^([A-Z]+)(\d+)$/.exec(String(label).trim().toUpperCase());
  if (!m) return null;
  return { col: letterIndex(m[1]) - letterIndex(firstColumn), row: Number(m[2]) - firstRow };
}

export function offsetToAxial(col, row, orientation, parity) {
  if (orientation === "flat") {
    const shift = parity === "odd" ? (col - (col & 1)) / 2 : (col + (col & 1)) / 2;
    return { q: col, r: row - shift };
  }
  const shift = parity === "odd" ? (row - (row & 1)) / 2 : (row + (row & 1)) / 2;
  return { q: col - shift, r: row };
}

function axialToPixel({ q, r }, orientation, size) {
  if (orientation === "flat") return { x: size * 1.5 * q, y: size * SQRT3 * (r + q / 2) };
  return { x: size * SQRT3 * (q + r / 2), y: size * 1.5 * r };
}

function corners(x, y, size, orientation) {
  const out = [];
  for (let i = 0; i < 6; i++) {
    const angle = (Math.PI / 180) * (60 * i - (orientation === "pointy" ? 30 : 0));
    out.push(`${(x + size * Math.cos(angle)).toFixed(2)},${(y + size * Math.sin(angle)).toFixed(2)}`);
  }
  return out.join(" ");
}

function hashColour(name) {
  let hash = 0;
  for (const ch of String(name)) hash = (hash * 31 + ch.charCodeAt(0)) | 0;
  return `hsl(${Math.abs(hash) % 360} 25% 78%)`;
}

export class HexMap {
  constructor(container, options = {}) {
    this.options = {
      orientation: "flat",
      parity: "odd",
      firstColumn: "A",
      firstRow: 1,
      wrap: false,
      size: 48,
      labels: true,
      terrainColours: {},
      columns: null,
      counterScale: 0.98,
      ...options,
    };
    this.view = { k: 1, x: 0, y: 0 };
    this.userMoved = false;
    this.expanded = null;
    this.pointers = new Map();
    this.last = null;

    this.svg = s("svg", { class: "hexmap-svg", role: "img" });
    this.defs = s("defs");
    this.defs.append(
      s(
        "pattern",
        { id: `back-${(HexMap.count = (HexMap.count || 0) + 1)}`, width: 6, height: 6, patternUnits: "userSpaceOnUse", patternTransform: "rotate(45)" },
        s("rect", { width: 6, height: 6, fill: "transparent" }),
        s("line", { x1: 0, y1: 0, x2: 0, y2: 6, stroke: "rgba(255,255,255,0.28)", "stroke-width": 2.5 }),
      ),
    );
    this.backPattern = this.defs.firstChild.id;
    this.viewport = s("g", { class: "viewport" });
    this.svg.append(this.defs, this.viewport);

    const button = (label, key, action) =>
      h("button", { type: "button", class: "map-button", title: t(key), "aria-label": t(key), onclick: action }, label);
    this.controls = h(
      "div",
      { class: "hexmap-controls" },
      button(icon("plus"), "map.zoomIn", () => this.zoomBy(1.25)),
      button(icon("minus"), "map.zoomOut", () => this.zoomBy(0.8)),
      button(icon("fit"), "map.fit", () => this.fit(true)),
    );
    this.root = h("div", { class: "hexmap" }, this.svg, this.controls);
    container.append(this.root);

    this.svg.addEventListener("pointerdown", (e) => this.pointerDown(e));
    this.svg.addEventListener("pointermove", (e) => this.pointerMove(e));
    this.svg.addEventListener("pointerup", (e) => this.pointerUp(e));
    this.svg.addEventListener("pointercancel", (e) => this.pointerUp(e));
    this.svg.addEventListener("wheel", (e) => this.wheel(e), { passive: false });
    this.svg.addEventListener("click", (e) => this.click(e), true);
    this.resize = new ResizeObserver(() => this.fit(false));
    this.resize.observe(this.root);
  }

  destroy() {
    this.resize.disconnect();
    this.root.remove();
  }

  // -- geometry -------------------------------------------------------------------------------

  // {col, row} of a printed label, zero-based from the west and north edges
  offset(label) {
    const o = this.options;
    if (!o.columns) return parseLabel(label, o.firstColumn, o.firstRow);
    const m = /^([A-Z]+)(\d+)$/.exec(String(label).trim().toUpperCase());
    const col = m ? o.columns.indexOf(m[1]) : -1;
    return col < 0 ? null : { col, row: Number(m[2]) - o.firstRow };
  }

  position(label) {
    const o = this.options;
    const offset = this.offset(label);
    if (!offset) return null;
    return axialToPixel(offsetToAxial(offset.col, offset.row, o.orientation, o.parity), o.orientation, o.size);
  }

  bounds(points) {
    const o = this.options;
    const w = o.orientation === "flat" ? o.size : (o.size * SQRT3) / 2;
    const hgt = o.orientation === "flat" ? (o.size * SQRT3) / 2 : o.size;
    const xs = points.map((p) => p.x);
    const ys = points.map((p) => p.y);
    return {
      minX: Math.min(...xs) - w,
      maxX: Math.max(...xs) + w,
      minY: Math.min(...ys) - hgt,
      maxY: Math.max(...ys) + hgt,
    };
  }

  // The width of one turn around a wrap-around map.
  period(columns) {
    const o = this.options;
    return o.orientation === "flat" ? 1.5 * o.size * columns : SQRT3 * o.size * columns;
  }

  // -- drawing --------------------------------------------------------------------------------

  render(scene) {
    this.scene = scene;
    const o = this.options;
    const placed = [];
    for (const hex of scene.hexes) {
      const p = this.position(hex.label);
      if (p) placed.push({ ...hex, ...p });
    }
    this.placed = placed;
    if (!placed.length) {
      clear(this.viewport);
      return;
    }
    this.box = this.bounds(placed);
    let copies = [0];
    if (o.wrap) {
      const cols = new Set(placed.map((p) => this.offset(p.label).col));
      this.wrapWidth = this.period(Math.max(...cols) - Math.min(...cols) + 1);
      copies = [-this.wrapWidth, 0, this.wrapWidth];
    }
    if (this.expanded && !(scene.stacks?.[this.expanded]?.length > 1)) this.expanded = null;

    const layers = {
      hexes: s("g", { class: "hexes" }),
      paths: s("g", { class: "paths" }),
      marks: s("g"),
      counters: s("g", { class: "counters" }),
      labels: s("g", { class: "hex-labels" }),
      top: s("g"),
    };
    for (const dx of copies) {
      for (const hex of placed) this.drawHex(layers, hex, hex.x + dx, hex.y);
      for (const path of scene.paths || []) this.drawPath(layers.paths, path, dx);
      for (const hex of placed) {
        const stack = scene.stacks?.[hex.label];
        if (stack?.length) this.drawStack(layers.counters, hex.label, stack, hex.x + dx, hex.y);
      }
    }
    if (this.expanded) {
      const hex = placed.find((p) => p.label === this.expanded);
      for (const dx of copies) {
        if (hex) this.drawExpanded(layers.top, { ...hex, x: hex.x + dx }, scene.stacks[hex.label]);
      }
    }
    clear(this.viewport);
    this.viewport.append(layers.hexes, layers.paths, layers.marks, layers.counters, layers.labels, layers.top);
    this.svg.setAttribute("aria-label", scene.label || "");
    this.fit(false);
  }

  terrainColour(name) {
    return this.options.terrainColours[name] || TERRAIN_COLOURS[name] || (name ? hashColour(name) : TERRAIN_COLOURS.clear);
  }

  drawHex(layers, hex, x, y) {
    const o = this.options;
    const scene = this.scene;
    const lit = scene.lit?.has(hex.label);
    const points = corners(x, y, o.size - 0.5, o.orientation);
    const classes = ["hex", lit && "lit", hex.mark && `mark-${hex.mark}`, scene.selectedHex === hex.label && "chosen"];
    const group = s("g", { class: classes, "data-hex": hex.label });
    group.append(s("polygon", { points, fill: hex.colour || this.terrainColour(hex.terrain), class: "hex-face" }));
    if (o.labels) {
      const ly = y - (o.orientation === "flat" ? (o.size * SQRT3) / 2 - 11 : o.size - 14);
      group.append(s("text", { x, y: ly, class: "hex-label" }, hex.label));
    }
    if (hex.title) group.append(s("title", {}, hex.title));
    layers.hexes.append(group);
    if (lit) {
      layers.marks.append(s("polygon", { points: corners(x, y, o.size - 4, o.orientation), class: "lit-ring" }));
    }
    // names and chips go above the counters: a name lets clicks through, a chip is its hex's
    if (hex.name) {
      layers.labels.append(s("text", { x, y: y + o.size * 0.74, class: "hex-name" }, hex.name));
    }
    (hex.chips || []).slice(0, 2).forEach((chip, i) => {
      const text = String(chip.text ?? "");
      const w = Math.max(16, text.length * 6.2 + 6);
      const cx = x + (i === 0 ? -1 : 1) * o.size * 0.66;
      const g = s("g", { class: ["hex-chip", chip.class], "data-hex": hex.label }, chip.title ? s("title", {}, chip.title) : null);
      g.append(s("rect", { x: cx - w / 2, y: y - 8, width: w, height: 16, rx: 8, fill: chip.fill || "#333" }));
      g.append(s("text", { x: cx, y: y + 3.6, fill: chip.colour || "#fff" }, text));
      layers.labels.append(g);
    });
  }

  drawPath(layer, path, dx) {
    const points = (path.hexes || []).map((label) => this.position(label)).filter(Boolean).map((p) => ({ x: p.x + dx, y: p.y }));
    if (points.length < 2) return;
    if (path.extend) {
      // on to the edge of the first and last hex, straight on from the next ones
      const reach = this.options.orientation === "flat" ? (this.options.size * SQRT3) / 2 : this.options.size;
      const stretch = (a, b) => {
        const d = Math.hypot(a.x - b.x, a.y - b.y) || 1;
        return { x: a.x + ((a.x - b.x) / d) * reach, y: a.y + ((a.y - b.y) / d) * reach };
      };
      points.unshift(stretch(points[0], points[1]));
      points.push(stretch(points[points.length - 1], points[points.length - 2]));
    }
    // a smooth line: straight to the first midpoint, then curves through the centres
    const f = (p) => `${p.x.toFixed(1)},${p.y.toFixed(1)}`;
    const mid = (a, b) => ({ x: (a.x + b.x) / 2, y: (a.y + b.y) / 2 });
    let d = `M${f(points[0])} L${f(mid(points[0], points[1]))}`;
    for (let i = 1; i < points.length - 1; i++) d += ` Q${f(points[i])} ${f(mid(points[i], points[i + 1]))}`;
    d += ` L${f(points[points.length - 1])}`;
    layer.append(s("path", { d, class: ["hex-path", path.class] }, path.title ? s("title", {}, path.title) : null));
  }

  counterSize() {
    return this.options.size * this.options.counterScale;
  }

  drawCounter(counter, x, y, size, label) {
    const half = size / 2;
    const classes = ["counter", counter.back && "back", counter.dim && "dim", counter.selected && "selected", counter.selectable && "selectable", counter.class];
    const g = s("g", {
      class: classes,
      "data-counter": counter.id,
      "data-hex": label,
      transform: `translate(${x.toFixed(2)},${y.toFixed(2)})`,
    });
    const fill = counter.colour || "#55606e";
    g.append(s("rect", { x: -half, y: -half, width: size, height: size, rx: 5, fill, class: "counter-face" }));
    // a text wider than the counter is squeezed to fit (SVG textLength)
    const fit = (text, fontSize) => {
      const room = size - 6;
      return String(text).length * fontSize * 0.58 > room ? { textLength: room, lengthAdjust: "spacingAndGlyphs" } : {};
    };
    if (counter.back) {
      const mark = String(counter.middle ?? "?");
      g.append(s("rect", { x: -half, y: -half, width: size, height: size, rx: 5, fill: `url(#${this.backPattern})` }));
      g.append(s("rect", { x: -half + 4, y: -half + 4, width: size - 8, height: size - 8, rx: 3, class: "back-frame" }));
      if (counter.top) {
        // a back that says whose it is: the owner above, the mark smaller below
        g.append(s("text", { x: 0, y: -half + 12, class: "counter-top", fill: counter.textColour || "#fff", ...fit(counter.top, 10.5) }, counter.top));
        g.append(s("text", { x: 0, y: half * 0.55, class: "counter-mark", fill: counter.textColour || "#fff", style: { fontSize: "16px" }, ...fit(mark, 16) }, mark));
      } else {
        g.append(s("text", { x: 0, y: 6, class: "counter-mark", fill: counter.textColour || "#fff", ...fit(mark, 22) }, mark));
      }
    } else {
      const colour = counter.textColour || "#fff";
      const middle = counter.middle == null ? null : String(counter.middle);
      const big = middle && middle.length > 2 ? 16 : 21;
      if (counter.top) {
        g.append(s("text", { x: 0, y: -half + 13, class: "counter-top", fill: colour, ...fit(counter.top, 10.5) }, counter.top));
      }
      if (middle != null) {
        g.append(
          s("text", { x: 0, y: big === 21 ? 7 : 6, class: "counter-middle", fill: colour, style: { fontSize: `${big}px` }, ...fit(middle, big) }, middle),
        );
      }
      if (counter.bottom) {
        g.append(s("text", { x: 0, y: half - 6, class: "counter-bottom", fill: colour, ...fit(counter.bottom, 9.5) }, counter.bottom));
      }
      if (counter.dim) {
        g.append(s("rect", { x: -half, y: -half, width: size, height: size, rx: 5, fill: `url(#${this.backPattern})`, class: "dim-hatch" }));
      }
    }
    if (counter.corner) {
      const text = String(counter.corner);
      const w = Math.max(12, text.length * 6 + 4);
      g.append(
        s(
          "g",
          { class: "counter-corner" },
          s("rect", { x: half - w + 2, y: -half - 4, width: w, height: 12, rx: 6 }),
          s("text", { x: half - w / 2 + 2, y: -half + 5 }, text),
        ),
      );
    }
    if (counter.title) g.append(s("title", {}, counter.title));
    return g;
  }

  drawStack(layer, label, stack, x, y) {
    const size = this.counterSize();
    const shown = stack.slice(0, 3);
    const step = 4;
    const group = s("g", { class: "stack", "data-stack": label });
    for (let i = shown.length - 1; i >= 0; i--) {
      const offset = (i - (shown.length - 1) / 2) * step;
      group.append(this.drawCounter(shown[i], x - offset, y - offset + 3, size, label));
    }
    if (stack.length > 1) {
      const bx = x + size / 2 + 2;
      const by = y - size / 2 - 1;
      group.append(
        s(
          "g",
          { class: "badge", "data-hex": label, "data-badge": label },
          s("circle", { cx: bx, cy: by, r: 10 }),
          s("text", { x: bx, y: by + 4 }, String(stack.length)),
          s("title", {}, t("map.stack", { n: stack.length })),
        ),
      );
    }
    layer.append(group);
  }

  drawExpanded(layer, hex, stack) {
    const size = this.counterSize();
    const gap = 6;
    const width = stack.length * size + (stack.length - 1) * gap;
    const x0 = hex.x - width / 2 + size / 2;
    const y = hex.y - size * 1.25;
    const group = s("g", { class: "expanded" });
    group.append(
      s("rect", {
        x: hex.x - width / 2 - 8,
        y: y - size / 2 - 8,
        width: width + 16,
        height: size + 16,
        rx: 8,
        class: "expanded-box",
      }),
    );
    stack.forEach((counter, i) => {
      group.append(this.drawCounter(counter, x0 + i * (size + gap), y, size, hex.label));
    });
    layer.append(group);
  }

  // -- clicks ---------------------------------------------------------------------------------

  click(event) {
    if (this.suppressClick) {
      this.suppressClick = false;
      event.stopPropagation();
      event.preventDefault();
      return;
    }
    const scene = this.scene;
    if (!scene) return;
    const counterEl = event.target.closest?.("[data-counter]");
    const hexEl = event.target.closest?.("[data-hex]");
    const inExpanded = Boolean(event.target.closest?.(".expanded"));
    if (!hexEl) {
      if (this.expanded) this.collapse();
      return;
    }
    const label = hexEl.dataset.hex;
    const stack = scene.stacks?.[label] || [];
    if (counterEl && !inExpanded) {
      if (scene.lit?.has(label)) return scene.onHex?.(label);
      if (stack.length > 1) return this.expand(label);
    }
    if (counterEl) {
      const counter = stack.find((c) => String(c.id) === counterEl.dataset.counter);
      this.expanded = null;
      if (counter) return scene.onCounter?.(counter, label);
    }
    if (this.expanded) this.collapse();
    if (hexEl.dataset.badge && stack.length > 1) return this.expand(label);
    scene.onHex?.(label);
  }

  expand(label) {
    this.expanded = label;
    this.render(this.scene);
  }

  collapse() {
    this.expanded = null;
    this.render(this.scene);
  }

  // -- zoom and pan ---------------------------------------------------------------------------

  apply() {
    const { k, x, y } = this.view;
    this.viewport.setAttribute("transform", `translate(${x.toFixed(2)},${y.toFixed(2)}) scale(${k.toFixed(4)})`);
  }

  fit(force) {
    if (!this.box) return;
    if (this.userMoved && !force) return this.apply();
    const rect = this.svg.getBoundingClientRect();
    if (!rect.width || !rect.height) return;
    const pad = 12;
    const w = this.box.maxX - this.box.minX;
    const hgt = this.box.maxY - this.box.minY;
    const k = Math.min((rect.width - 2 * pad) / w, (rect.height - 2 * pad) / hgt, 2.2);
    this.view = {
      k,
      x: (rect.width - w * k) / 2 - this.box.minX * k,
      y: (rect.height - hgt * k) / 2 - this.box.minY * k,
    };
    if (force) this.userMoved = false;
    this.apply();
  }

  zoomBy(factor, cx, cy) {
    const rect = this.svg.getBoundingClientRect();
    const px = cx ?? rect.width / 2;
    const py = cy ?? rect.height / 2;
    const k = Math.max(0.2, Math.min(6, this.view.k * factor));
    const f = k / this.view.k;
    this.view = { k, x: px - (px - this.view.x) * f, y: py - (py - this.view.y) * f };
    this.userMoved = true;
    this.wrapX();
    this.apply();
  }

  wrapX() {
    if (!this.options.wrap || !this.wrapWidth) return;
    const period = this.wrapWidth * this.view.k;
    const home = (this.svg.getBoundingClientRect().width - (this.box.maxX - this.box.minX) * this.view.k) / 2 - this.box.minX * this.view.k;
    while (this.view.x - home > period / 2) this.view.x -= period;
    while (home - this.view.x > period / 2) this.view.x += period;
  }

  wheel(event) {
    event.preventDefault();
    const rect = this.svg.getBoundingClientRect();
    this.zoomBy(event.deltaY < 0 ? 1.15 : 1 / 1.15, event.clientX - rect.left, event.clientY - rect.top);
  }

  pointerDown(event) {
    this.pointers.set(event.pointerId, { x: event.clientX, y: event.clientY });
    this.start = { x: event.clientX, y: event.clientY, view: { ...this.view }, moved: false };
    if (this.pointers.size === 2) {
      const [a, b] = [...this.pointers.values()];
      this.pinch = { distance: Math.hypot(a.x - b.x, a.y - b.y), k: this.view.k };
    }
  }

  pointerMove(event) {
    if (!this.pointers.has(event.pointerId)) return;
    this.pointers.set(event.pointerId, { x: event.clientX, y: event.clientY });
    if (this.pointers.size === 2 && this.pinch) {
      const [a, b] = [...this.pointers.values()];
      const rect = this.svg.getBoundingClientRect();
      const distance = Math.hypot(a.x - b.x, a.y - b.y);
      const factor = (this.pinch.k * distance) / this.pinch.distance / this.view.k;
      this.zoomBy(factor, (a.x + b.x) / 2 - rect.left, (a.y + b.y) / 2 - rect.top);
      this.start.moved = true;
      return;
    }
    const dx = event.clientX - this.start.x;
    const dy = event.clientY - this.start.y;
    if (!this.start.moved && Math.hypot(dx, dy) < 6) return;
    if (!this.start.moved) this.svg.setPointerCapture?.(event.pointerId);
    this.start.moved = true;
    this.view = { ...this.view, x: this.start.view.x + dx, y: this.start.view.y + dy };
    this.userMoved = true;
    this.wrapX();
    this.apply();
  }

  pointerUp(event) {
    this.pointers.delete(event.pointerId);
    if (this.pointers.size < 2) this.pinch = null;
    if (this.start?.moved) this.suppressClick = true;
    if (this.pointers.size === 0) {
      setTimeout(() => {
        this.suppressClick = false;
      }, 0);
    }
  }
}
