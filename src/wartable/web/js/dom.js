// Small DOM helpers. Text always goes in as text nodes: nothing from a game is parsed as HTML.

const SVG_NS = "http://www.w3.org/2000/svg";

function set(el, attrs) {
  for (const [name, value] of Object.entries(attrs || {})) {
    if (value == null || value === false) continue;
    if (name === "class") el.setAttribute("class", Array.isArray(value) ? value.filter(Boolean).join(" ") : value);
    else if (name === "text") el.textContent = value;
    else if (name === "dataset") Object.assign(el.dataset, value);
    else if (name === "style" && typeof value === "object") {
      for (const [key, v] of Object.entries(value)) {
        if (key.startsWith("--")) el.style.setProperty(key, v);
        else el.style[key] = v;
      }
    }
    else if (name.startsWith("on") && typeof value === "function") {
      el.addEventListener(name.slice(2).toLowerCase(), value);
    } else el.setAttribute(name, value === true ? "" : String(value));
  }
}

function append(el, children) {
  for (const child of children.flat(Infinity)) {
    if (child == null || child === false) continue;
    el.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
}

// h("button", {class: "primary", onclick: f}, "Start")
export function h(tag, attrs = {}, ...children) {
  const el = document.createElement(tag);
  set(el, attrs);
  append(el, children);
  return el;
}

// s("circle", {cx: 1, cy: 2, r: 3}): an SVG element
export function s(tag, attrs = {}, ...children) {
  const el = document.createElementNS(SVG_NS, tag);
  set(el, attrs);
  append(el, children);
  return el;
}

export function clear(el) {
  while (el.firstChild) el.firstChild.remove();
  return el;
}

export function replace(el, ...children) {
  clear(el);
  append(el, children);
  return el;
}

// A short message at the bottom of the screen.
export function toast(message, kind = "info") {
  let box = document.querySelector(".toasts");
  if (!box) {
    box = h("div", { class: "toasts", role: "status", "aria-live": "polite" });
    document.body.append(box);
  }
  const item = h("div", { class: ["toast", kind] }, message);
  box.append(item);
  setTimeout(() => item.classList.add("leaving"), 4200);
  setTimeout(() => item.remove(), 4800);
}

// Title-case a seat or other id when a game gives no name for it.
export function titleCase(id) {
  return String(id)
    .split(/[-_ ]/)
    .map((w) => w.charAt(0).toUpperCase() + w.slice(1))
    .join(" ");
}
