// Tracks: a numbered track with markers (turn, victory points, tech level), and a row of named
// stages (phases of a turn) with the current one lit.
//
//   renderTrack(element, {title, from: 1, to: 12, markers: [{at: 3, label: "T", colour}]})
//   renderStages(element, {title, stages: [{id, label}], current: "move"})

import { h, clear } from "../dom.js";

export function renderTrack(container, { title, from = 0, to, markers = [], current } = {}) {
  clear(container);
  const cells = h("ol", { class: "track-cells", start: from });
  const at = new Map();
  for (const marker of markers) {
    const value = Math.max(from, Math.min(to, marker.at));
    if (!at.has(value)) at.set(value, []);
    at.get(value).push(marker);
  }
  for (let n = from; n <= to; n++) {
    const chips = (at.get(n) || []).map((m) =>
      h("span", { class: "track-marker", style: { background: m.colour || "#333" }, title: m.title || m.label }, m.label || ""),
    );
    const classes = ["track-cell", n === current && "current", chips.length && "marked"];
    cells.append(h("li", { class: classes, "data-at": n }, h("span", { class: "track-number" }, String(n)), chips));
  }
  const box = h("div", { class: "track" }, title ? h("div", { class: "track-title" }, title) : null, cells);
  container.append(box);
  return box;
}

export function renderStages(container, { title, stages, current } = {}) {
  clear(container);
  const list = h("ol", { class: "stages" });
  for (const stage of stages) {
    list.append(
      h(
        "li",
        { class: ["stage", stage.id === current && "current"], "aria-current": stage.id === current ? "step" : null },
        stage.label,
      ),
    );
  }
  const box = h("div", { class: "track" }, title ? h("div", { class: "track-title" }, title) : null, list);
  container.append(box);
  return box;
}
