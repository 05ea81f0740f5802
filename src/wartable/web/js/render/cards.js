// Cards: a row of cards (a hand, a market, a tableau), face up or face down.
//
//   renderCards(element, [{id, title, text, value, colour, back, selectable, selected, badge}],
//               {onClick(card), label})
// A selectable card is a button (keyboard and touch friendly); a face-down card shows its back
// and nothing else, whatever fields it carries.

import { h, clear } from "../dom.js";

export function renderCards(container, cards, { onClick, label, empty } = {}) {
  clear(container);
  const row = h("div", { class: "card-row", role: "list", "aria-label": label || null });
  if (!cards.length && empty) row.append(h("p", { class: "muted" }, empty));
  for (const card of cards) {
    const interactive = card.selectable && onClick;
    const classes = ["card", card.back && "back", card.selected && "selected", interactive && "selectable"];
    const style = card.colour ? { "--card-colour": card.colour } : null;
    const inner = card.back
      ? [h("span", { class: "card-back-mark" }, card.backLabel || "")]
      : [
          card.value != null ? h("span", { class: "card-value" }, card.value instanceof Node ? card.value : String(card.value)) : null,
          h("span", { class: "card-title" }, card.title || ""),
          card.text ? h("span", { class: "card-text" }, card.text) : null,
        ];
    const badge = card.badge ? h("span", { class: "card-badge" }, card.badge) : null;
    const attrs = {
      class: classes,
      style,
      role: "listitem",
      "data-card": card.id,
      title: card.back ? null : card.tooltip || card.title || null,
    };
    const el = interactive
      ? h("button", { ...attrs, type: "button", onclick: () => onClick(card) }, inner, badge)
      : h("div", attrs, inner, badge);
    row.append(el);
  }
  container.append(row);
  return row;
}
