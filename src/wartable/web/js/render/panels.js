// Side panels any view may use: battle odds, and a readable summary of a board as data.
//
//   renderOdds(element, {rows: [{label, win, tie, lose, note}]})   probabilities 0..1
//   renderSummary(element, board)                                   nested data, read-only

import { h, clear } from "../dom.js";
import { t, pick } from "../i18n.js";

function percent(p) {
  if (p == null) return "";
  const v = p * 100;
  return `${v >= 10 || v === 0 ? v.toFixed(0) : v.toFixed(1)}%`;
}

export function renderOdds(container, odds) {
  clear(container);
  if (!odds || !odds.rows?.length) return;
  const table = h("table", { class: "odds" });
  table.append(
    h(
      "thead",
      {},
      h("tr", {}, h("th", {}, ""), h("th", {}, t("odds.win")), h("th", {}, t("odds.tie")), h("th", {}, t("odds.lose"))),
    ),
  );
  const body = h("tbody");
  for (const row of odds.rows) {
    const bar = h(
      "div",
      { class: "odds-bar", "aria-hidden": "true" },
      h("span", { class: "win", style: { width: percent(row.win) } }),
      h("span", { class: "tie", style: { width: percent(row.tie || 0) } }),
      h("span", { class: "lose", style: { width: percent(row.lose ?? 1 - row.win - (row.tie || 0)) } }),
    );
    body.append(
      h(
        "tr",
        {},
        h("th", { scope: "row" }, pick(row.label), row.note ? h("div", { class: "muted small" }, pick(row.note)) : null, bar),
        h("td", {}, percent(row.win)),
        h("td", {}, percent(row.tie ?? 0)),
        h("td", {}, percent(row.lose ?? 1 - row.win - (row.tie || 0))),
      ),
    );
  }
  table.append(body);
  if (odds.title) container.append(h("div", { class: "panel-sub" }, pick(odds.title)));
  container.append(table);
}

function isPlain(value) {
  return value === null || ["string", "number", "boolean"].includes(typeof value);
}

function scalar(value) {
  if (value === null) return h("span", { class: "hidden-value" }, t("summary.hidden"));
  if (typeof value === "boolean") return h("span", { class: "bool" }, value ? "✓" : "✗");
  return h("span", { class: "value" }, String(value));
}

function isMessage(value) {
  return value && typeof value === "object" && !Array.isArray(value) && "en" in value && "ja" in value;
}

function node(value, depth) {
  if (isPlain(value)) return scalar(value);
  if (isMessage(value)) return h("span", { class: "value" }, pick(value));
  if (Array.isArray(value)) {
    if (value.every(isPlain)) return h("span", { class: "value list" }, value.map((v) => (v === null ? "?" : String(v))).join(", "));
    const keys = [...new Set(value.flatMap((v) => (v && typeof v === "object" && !Array.isArray(v) ? Object.keys(v) : [])))];
    const uniform = keys.length && keys.length <= 8 && value.every((v) => v && typeof v === "object" && !Array.isArray(v) && Object.values(v).every((x) => isPlain(x) || isMessage(x)));
    if (uniform) {
      const table = h("table", { class: "summary-table" }, h("thead", {}, h("tr", {}, keys.map((k) => h("th", {}, k)))));
      const body = h("tbody");
      for (const item of value) body.append(h("tr", {}, keys.map((k) => h("td", {}, k in item ? node(item[k], depth + 1) : ""))));
      table.append(body);
      return h("div", { class: "summary-scroll" }, table);
    }
    return h("ol", { class: "summary-list" }, value.map((v) => h("li", {}, node(v, depth + 1))));
  }
  const list = h("div", { class: "summary" });
  for (const [key, v] of Object.entries(value)) {
    if (isPlain(v) || isMessage(v) || (Array.isArray(v) && v.every(isPlain))) {
      list.append(h("div", { class: "summary-row" }, h("span", { class: "key" }, key), node(v, depth + 1)));
    } else {
      list.append(h("details", { class: "summary-nested", open: depth < 1 ? true : null }, h("summary", {}, key), node(v, depth + 1)));
    }
  }
  return list;
}

export function renderSummary(container, board) {
  clear(container);
  container.append(node(board ?? {}, 0));
}
