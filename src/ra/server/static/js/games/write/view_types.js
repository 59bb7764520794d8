// The RA and Write view (docs/VIEWS_WRITE.md) as far as the board reads it, as JSDoc types for `tsc --checkJs`.
// Types only.

/**
 * An RA and Write legal action: `kind` is reveal, card, bonus or decline; `section`, `space`, `number` and
 * `type` say where it writes (null where they do not apply); `card` is the face-up slot (1-based) of a card
 * action; `lost` marks taking a card that has no legal space.
 * @typedef {object} WriteAction
 * @property {number} id
 * @property {string} notation
 * @property {string} kind
 * @property {number | null} card
 * @property {string | null} section
 * @property {number | null} space
 * @property {number | null} number
 * @property {string | null} type
 * @property {boolean} lost
 */

/**
 * @typedef {object} Layout
 * @property {string[]} kingdoms
 * @property {string[]} kingdom_titles
 * @property {string[]} sections
 * @property {number} god_spaces_per_kingdom
 * @property {number} god_bonus_number
 * @property {number} pharaoh_spaces
 * @property {number[]} pharaoh_nile_symbols
 * @property {number} nile_spaces
 * @property {number[][]} nile_parts
 * @property {number[]} nile_bonus_numbers
 * @property {string[]} civ_types
 * @property {number[]} civ_table
 * @property {string[]} monument_types
 * @property {number} monument_rows
 * @property {number} ra_per_kingdom
 * @property {number} ra_cards
 * @property {string[]} end_bonuses
 * @property {number} [face_up]
 */

/**
 * @typedef {object} Sheet
 * @property {{kingdom: string, spaces: (number | null)[], total: number | null, bonus_used: boolean, closed: boolean}[]} gods
 * @property {{marked: number, symbols_used: boolean[]}} pharaohs
 * @property {{spaces: (number | null)[], parts_used: boolean[]}} nile
 * @property {{kingdom: string, marks: boolean[], bonus_used: boolean, closed: boolean}[]} civilization
 * @property {{columns: number[], all_tops_used: boolean}} monuments
 */

/**
 * @typedef {object} FaceUp
 * @property {number} slot
 * @property {string} card
 * @property {string} kind
 * @property {number | null} number
 * @property {string | null} type
 * @property {number | null} reserved_by
 * @property {number[]} chosen_by
 */

/**
 * @typedef {object} WritePlayer
 * @property {number} seat
 * @property {string} status
 * @property {number | null} card
 * @property {string | null} pending_bonus
 */

/**
 * One player's row of a Kingdom's scoring: `total`, and `{count, points}` under each section's name.
 * @typedef {{total: number} & {[section: string]: unknown}} KingdomRow
 */

/** @typedef {{count: number, points: number}} SectionScore */

/**
 * @typedef {object} WriteView
 * @property {string} game
 * @property {number | null} viewer
 * @property {number} num_players
 * @property {string[]} names
 * @property {string} phase
 * @property {WriteAction[]} legal_actions
 * @property {Layout} layout
 * @property {number} turn
 * @property {string} kingdom
 * @property {number} active_player
 * @property {number[]} current_players
 * @property {{total: number, this_kingdom: number}} ra
 * @property {FaceUp[]} face_up
 * @property {WritePlayer[]} players
 * @property {Sheet[]} sheets
 * @property {{turn: number, player: number, entry: string, card: string | null, bonus: string | null}[]} lost
 * @property {{remaining: number}} deck
 * @property {{kingdom: string, players: KingdomRow[]}[]} kingdom_scores
 * @property {(Record<string, number> & {total: number})[] | null} end_bonuses
 * @property {number[]} scores
 * @property {{scores: number[], winners: number[], tie_break: boolean, god_numbers: number[][]} | null} result
 */

export {};
