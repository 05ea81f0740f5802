// Small line icons drawn as SVG, so that they look the same on every machine (no emoji font).

import { s } from "../dom.js";

const PATHS = {
  fit: "M4 9V4h5M15 4h5v5M20 15v5h-5M9 20H4v-5",
  first: "M6 5v14M18 5l-9 7 9 7z",
  prev: "M16 5l-9 7 9 7z",
  next: "M8 5l9 7-9 7z",
  last: "M18 5v14M6 5l9 7-9 7z",
  play: "M7 4l12 8-12 8z",
  download: "M12 4v11M7 10l5 5 5-5M5 20h14",
  undo: "M9 14L4 9l5-5M4 9h10a6 6 0 0 1 0 12h-3",
  shield: "M12 3l8 3v6c0 5-3.5 8-8 9-4.5-1-8-4-8-9V6z",
  swords: "M4 4l10 10M14 14l-2 4M14 14l4-2M20 4L10 14M10 14l2 4M10 14l-4-2M4 20l3-3M20 20l-3-3",
  plus: "M12 5v14M5 12h14",
  minus: "M5 12h14",
};

export function icon(name, size = 20) {
  return s(
    "svg",
    {
      class: ["icon", `icon-${name}`],
      width: size,
      height: size,
      viewBox: "0 0 24 24",
      "aria-hidden": "true",
      fill: "none",
      stroke: "currentColor",
      "stroke-width": 2,
      "stroke-linecap": "round",
      "stroke-linejoin": "round",
    },
    s("path", { d: PATHS[name] || "" }),
  );
}
