// The viewer's decisions in RA and Write, read from the view's legal actions alone, and the half-made choice of
// one board (a selected card, a picked Nile space). A choice can take two clicks — a card, then a space on the
// sheet; a Nile bonus: a space, then a number — and the first click is local: nothing is sent until the click
// that names one legal action. A reload forgets a half-made choice.

/** @typedef {import("./view_types.js").WriteView} WriteView */
/** @typedef {import("./view_types.js").WriteLegalAction} WriteLegalAction */
/** @typedef {import("../../common/types.js").LegalAction} LegalAction */

/** The sheet key's letter of each section (a space's key is letter + space, plus ":type" in grids). */
const SECTION_LETTER = /** @type {Record<string, string>} */ ({ gods: "g", pharaohs: "p", nile: "n", civilization: "c", monuments: "m" });

/**
 * The sheet key of the space a legal action writes to (null for reveal, decline and lost cards):
 * Gods g1..g9, Pharaohs p1..p12, Nile n1..n12, Civilization c<line>:<type>, Monuments m<row>:<type>.
 * @param {WriteLegalAction} action
 * @returns {string | null}
 */
export function keyOf(action) {
  const letter = action.section ? SECTION_LETTER[action.section] : undefined;
  if (!letter || action.space === null || action.space === undefined || action.lost) return null;
  const grid = letter === "c" || letter === "m";
  return `${letter}${action.space}${grid && action.type ? `:${action.type}` : ""}`;
}

/**
 * True if the first-step element `step` (`data-step`) leads to the legal action `action`: a face-up card
 * (`data-step="card"`, its slot in `data-slot`) to the actions taking it, a Nile space (`data-step` = its key) to
 * the numbers it offers. The tutorial page asks this when no element sends a highlighted action yet.
 * @param {HTMLElement} step
 * @param {LegalAction} action  one of this game's legal actions
 * @returns {boolean}
 */
export function leadsTo(step, action) {
  const own = /** @type {WriteLegalAction} */ (action);
  if (step.dataset.step === "card") return own.card !== null && String(own.card) === step.dataset.slot;
  return step.dataset.step === keyOf(own);
}

/**
 * @typedef {object} Decisions
 * @property {WriteLegalAction[]} legal
 * @property {WriteLegalAction | null} reveal
 * @property {WriteLegalAction[]} cards
 * @property {WriteLegalAction[]} bonuses
 * @property {WriteLegalAction | null} decline
 * @property {number[]} slots  the face-up slots the viewer may take
 * @property {string | null} pending  the section of the viewer's pending bonus entry
 */

/**
 * The viewer's legal actions, sorted by what they are for.
 * @param {WriteView} view
 * @returns {Decisions}
 */
export function decisions(view) {
  const legal = view.legal_actions || [];
  const cards = legal.filter((a) => a.kind === "card");
  const viewer = view.viewer;
  return {
    legal,
    reveal: legal.find((a) => a.kind === "reveal") ?? null,
    cards,
    bonuses: legal.filter((a) => a.kind === "bonus"),
    decline: legal.find((a) => a.kind === "decline") ?? null,
    slots: [...new Set(cards.flatMap((a) => (a.card === null ? [] : [a.card])))].sort((x, y) => x - y),
    pending: viewer === null ? null : view.players?.[viewer]?.pending_bonus ?? null,
  };
}

/**
 * Group actions by the sheet space they write to; those without a space go to `loose`.
 * @param {WriteLegalAction[]} actions
 * @returns {{byKey: Map<string, WriteLegalAction[]>, loose: WriteLegalAction[]}}
 */
export function bySpace(actions) {
  /** @type {Map<string, WriteLegalAction[]>} */
  const byKey = new Map();
  /** @type {WriteLegalAction[]} */
  const loose = [];
  for (const a of actions) {
    const key = keyOf(a);
    if (key === null) {
      loose.push(a);
      continue;
    }
    const list = byKey.get(key);
    if (list) list.push(a);
    else byKey.set(key, [a]);
  }
  return { byKey, loose };
}

/** One board's half-made choice, kept across views of the same turn. */
export class Choice {
  constructor() {
    /** @type {number | null} */
    this.turn = null;
    /** @type {number | null} the selected face-up slot */
    this.slot = null;
    /** @type {string | null} the picked sheet key of a space with several actions (a Nile bonus) */
    this.pick = null;
  }

  /**
   * Drop what no longer fits the view; select the only selectable card at once (one click less).
   * @param {WriteView} view
   * @param {Decisions} d
   */
  sync(view, d) {
    if (this.turn !== view.turn) {
      this.turn = view.turn;
      this.slot = null;
      this.pick = null;
    }
    if (this.slot !== null && !d.slots.includes(this.slot)) this.slot = null;
    if (this.slot === null && d.slots.length === 1) this.slot = d.slots[0];
    if (this.pick !== null && !this.targets(d).byKey.has(this.pick)) this.pick = null;
  }

  /**
   * The actions the sheet offers now: the pending bonus's, else the selected card's (a lost card has none).
   * @param {Decisions} d
   * @returns {{byKey: Map<string, WriteLegalAction[]>, loose: WriteLegalAction[]}}
   */
  targets(d) {
    if (d.bonuses.length) return bySpace(d.bonuses);
    return bySpace(d.cards.filter((a) => a.card === this.slot && !a.lost));
  }

  /**
   * Select a card, or unselect it when it is selected already.
   * @param {number} slot
   */
  select(slot) {
    this.slot = this.slot === slot ? null : slot;
    this.pick = null;
  }
}
