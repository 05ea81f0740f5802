// The event log and the dice: every roll drawn as dice faces with its total, who rolled, why
// and the rule number; other events as their message in the current language.
//
//   const log = new LogView(element, {playerName});  log.render(events);  // appends new ones
//   renderLastRolls(element, events, {playerName})   // the latest rolls, large

import { h, s, clear } from "../dom.js";
import { t, pick, lang } from "../i18n.js";

const PIPS = {
  1: [[0, 0]],
  2: [[-1, -1], [1, 1]],
  3: [[-1, -1], [0, 0], [1, 1]],
  4: [[-1, -1], [1, -1], [-1, 1], [1, 1]],
  5: [[-1, -1], [1, -1], [0, 0], [-1, 1], [1, 1]],
  6: [[-1, -1], [1, -1], [-1, 0], [1, 0], [-1, 1], [1, 1]],
};

// One die: pips for a six-sided die, the number on other dice.
export function dieFace(value, sides = 6, size = 26) {
  const svg = s("svg", {
    class: ["die", `d${sides}`],
    width: size,
    height: size,
    viewBox: "-12 -12 24 24",
    role: "img",
    "aria-label": String(value),
  });
  svg.append(s("rect", { x: -11, y: -11, width: 22, height: 22, rx: 4, class: "die-body" }));
  if (sides === 6 && PIPS[value]) {
    for (const [x, y] of PIPS[value]) svg.append(s("circle", { cx: x * 5.5, cy: y * 5.5, r: 2.3, class: "pip" }));
  } else {
    svg.append(s("text", { x: 0, y: 4.5, class: "die-number" }, String(value)));
  }
  return svg;
}

export function diceFaces(event, size) {
  return h("span", { class: "dice" }, event.dice.map((d) => dieFace(d, event.sides, size)));
}

function ruleChip(rule) {
  return rule ? h("span", { class: "rule", title: t("log.rule", { rule }) }, rule) : null;
}

// The event as one line of text (the same words as the terminal's log).
export function eventText(event, playerName = (p) => p) {
  if (event.kind === "roll") {
    const die = event.sides === 6 ? "D" : `D${event.sides}`;
    const dice = event.dice.join(" + ") + (event.count > 1 ? ` = ${event.total}` : "");
    return `${t("log.roll", { by: playerName(event.by), count: event.count, die, dice })} · ${pick(event.why)}`;
  }
  if (event.kind === "shuffle") return t("log.shuffled", { what: pick(event.what) });
  return event.msg ? pick(event.msg) : event.kind;
}

function eventRow(event, playerName) {
  if (event.kind === "roll") {
    const die = event.sides === 6 ? "D" : `D${event.sides}`;
    return h(
      "li",
      { class: "event roll", "data-n": event.n },
      h("span", { class: "who" }, `${playerName(event.by)} ${event.count}${die}`),
      diceFaces(event, 22),
      event.count > 1 ? h("span", { class: "total" }, `= ${event.total}`) : null,
      h("span", { class: "why" }, pick(event.why)),
      ruleChip(event.rule),
    );
  }
  return h(
    "li",
    { class: ["event", event.kind, event.to && "private"], "data-n": event.n },
    h("span", { class: "text" }, eventText(event, playerName)),
    ruleChip(event.rule),
  );
}

export class LogView {
  constructor(container, { playerName } = {}) {
    this.list = h("ol", { class: "log", "aria-live": "polite" });
    this.empty = h("p", { class: "muted log-empty" }, t("log.empty"));
    container.append(this.empty, this.list);
    this.playerName = playerName || ((p) => p);
    this.shown = [];
    this.lang = lang();
  }

  render(events) {
    const same =
      this.lang === lang() &&
      this.shown.length <= events.length &&
      this.shown.every((e, i) => e === events[i] || e.n === events[i].n);
    const stick = this.list.scrollHeight - this.list.scrollTop - this.list.clientHeight < 40;
    if (!same) {
      clear(this.list);
      this.shown = [];
      this.lang = lang();
    }
    for (const event of events.slice(this.shown.length)) this.list.append(eventRow(event, this.playerName));
    this.shown = events.slice();
    this.empty.textContent = t("log.empty");
    this.empty.hidden = events.length > 0;
    if (stick || !same) this.list.scrollTop = this.list.scrollHeight;
  }
}

// The latest rolls, drawn large: who, the dice, the total, why and the rule.
export function renderLastRolls(container, events, { playerName = (p) => p, count = 2 } = {}) {
  clear(container);
  const rolls = events.filter((e) => e.kind === "roll").slice(-count);
  if (!rolls.length) {
    container.append(h("p", { class: "muted" }, t("game.noRoll")));
    return;
  }
  for (const roll of rolls.reverse()) {
    container.append(
      h(
        "div",
        { class: "last-roll" },
        h("div", { class: "last-roll-head" }, h("strong", {}, playerName(roll.by)), " · ", pick(roll.why), " ", ruleChip(roll.rule)),
        h("div", { class: "last-roll-dice" }, diceFaces(roll, 40), roll.count > 1 ? h("span", { class: "total big" }, `= ${roll.total}`) : null),
      ),
    );
  }
}
