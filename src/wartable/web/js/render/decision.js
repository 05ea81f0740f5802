// The current decision on the board. A game's view module says what each legal action points
// at on the board: targets(action) -> {piece, hex} (move piece to hex), {piece} (an action on a
// piece alone, such as "defend with it"), {piece, button: true} (an action about the piece that
// stays a button: clicking the piece selects it and the list shows it with the piece's other
// actions), {hex} (place something there), {card} (play a card) or null (list only). Clicking
// a piece selects it and lights its destinations; clicking a lit hex plays the move. Every
// action also stays in the list of actions (the fallback). A piece that has just moved stays
// selected when its owner's next decision lets it move on (one hex at a time, say).

export class BoardDecision {
  constructor({ act, changed }) {
    this.act = act; // act(entry): play a legal action entry {action, text}
    this.changed = changed; // redraw after a selection change
    this.entries = [];
    this.selected = null;
    this.choices = null; // several actions for one click: the list shows only these
    this.follow = null; // the piece just moved: selected again if it may go on
  }

  // The legal actions now; `pending`: an action is on its way (the list is empty meanwhile).
  update(entries, targets, { pending = false } = {}) {
    this.entries = (entries || []).map((entry) => ({ ...entry, target: targets(entry.action) || null }));
    if (!pending && this.follow != null) {
      const piece = this.follow;
      this.follow = null;
      if (this.entries.some((e) => e.target?.hex != null && String(e.target.piece) === String(piece))) this.selected = piece;
    }
    if (this.selected && !this.entries.some((e) => String(e.target?.piece) === String(this.selected))) this.selected = null;
    this.choices = null;
  }

  get active() {
    return this.entries.length > 0;
  }

  isSelectable(piece) {
    return this.entries.some((e) => e.target && String(e.target.piece) === String(piece));
  }

  forPiece(piece) {
    return this.entries.filter((e) => e.target && String(e.target.piece) === String(piece));
  }

  forCard(card) {
    return this.entries.filter((e) => e.target && String(e.target.card) === String(card));
  }

  // The hexes lit now: the selected piece's destinations, or hexes that take an action alone.
  lit() {
    const out = new Set();
    for (const e of this.entries) {
      if (!e.target?.hex) continue;
      if (this.selected != null ? String(e.target.piece) === String(this.selected) : e.target.piece == null) {
        out.add(e.target.hex);
      }
    }
    return out;
  }

  // The entries the list shows: the pending choices, the selected piece's, or all.
  listed() {
    if (this.choices) return this.choices;
    if (this.selected != null) return this.forPiece(this.selected);
    return this.entries;
  }

  select(piece) {
    this.selected = piece;
    this.choices = null;
    this.changed();
  }

  clear() {
    this.follow = null;
    if (this.selected == null && !this.choices) return;
    this.selected = null;
    this.choices = null;
    this.changed();
  }

  play(found) {
    if (found.length === 1) {
      const { piece, hex } = found[0].target || {};
      this.follow = piece != null && hex != null ? piece : null;
      this.selected = null;
      this.choices = null;
      this.act(found[0]);
    } else if (found.length > 1) {
      this.choices = found; // let the list ask which
      this.changed();
    }
  }

  clickPiece(piece, hex) {
    if (hex != null && this.lit().has(hex)) return this.clickHex(hex);
    const own = this.forPiece(piece);
    if (!own.length) {
      if (hex != null) return this.clickHex(hex);
      return this.clear();
    }
    const alone = own.filter((e) => e.target.hex == null && !e.target.button);
    if (alone.length && alone.length === own.length) return this.play(alone);
    if (String(this.selected) === String(piece)) return this.clear();
    this.select(piece);
  }

  clickHex(hex) {
    const found = this.entries.filter(
      (e) =>
        e.target?.hex === hex &&
        (this.selected != null ? String(e.target.piece) === String(this.selected) : e.target.piece == null),
    );
    if (found.length) return this.play(found);
    this.clear();
  }

  clickCard(card) {
    this.play(this.forCard(card));
  }
}
