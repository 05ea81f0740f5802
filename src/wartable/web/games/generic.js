// The view of any game without a module of its own: the board as readable data. The page adds
// the list of legal actions (the decision), the dice, the log and undo around it.
//
// A view module exports (all but mount optional):
//   players: {seat: {en, ja}}          seat names
//   strings: {en: {...}, ja: {...}}    extra interface strings for t()
//   options: {name: {en, ja}}          option labels in the lobby
//   mount(host) -> {update(frame)}     draw frame.board into host.board; side panels via
//                                      host.panel(key, title); wire clicks to frame.decision
//   targets(action, view) -> {piece, hex} | {piece} | {hex} | {card} | null
//   prompt(view, seat) -> {en, ja}     what the current decision is about
//   pieceName(piece, view) -> string   for "Selected: ..."

import { h } from "../js/dom.js";
import { renderSummary, renderOdds } from "../js/render/panels.js";

export default {
  mount(host) {
    const summary = h("div", { class: "generic-board" });
    host.board.append(summary);
    const odds = host.panel("odds", "odds.title");
    host.showPanel("odds", false);
    return {
      update(frame) {
        renderSummary(summary, frame.board);
        // A game may offer the odds of a battle in its view: board.odds = {rows: [...]}.
        const offered = frame.board?.odds;
        host.showPanel("odds", Boolean(offered?.rows?.length));
        if (offered) renderOdds(odds, offered);
      },
    };
  },
};
