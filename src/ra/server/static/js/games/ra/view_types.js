// The Ra view (docs/VIEWS.md) as far as the board reads it, as JSDoc types for `tsc --checkJs`. Types only.

/**
 * A Ra legal action: `kind` is draw, invoke, pass, done, bid (with `disk`), god or lose (with `tile`).
 * @typedef {object} RaAction
 * @property {number} id
 * @property {string} notation
 * @property {string} kind
 * @property {number} [disk]
 * @property {string} [tile]
 */

/**
 * @typedef {object} EpochRow
 * @property {Record<string, number>} categories
 * @property {number} net
 * @property {number} before
 * @property {number} after
 */

/**
 * @typedef {object} RaAuction
 * @property {string} kind
 * @property {number} ra_player
 * @property {number | null} high_bid
 * @property {number | null} high_bidder
 * @property {{player: number, disk: number | null}[]} bids
 * @property {number} to_act
 */

/**
 * @typedef {object} RaView
 * @property {string} game
 * @property {number | null} viewer
 * @property {number} num_players
 * @property {string[]} names
 * @property {string} phase
 * @property {RaAction[]} legal_actions
 * @property {number} epoch
 * @property {number} [epochs]
 * @property {number | null} current_player
 * @property {{length: number, filled: number, spaces: number}} ra_track
 * @property {string[]} auction_track
 * @property {number} [auction_track_spaces]
 * @property {number | null} central_disk
 * @property {{face_up: number[], face_down: number[]}[]} disks
 * @property {Record<string, number>[]} tiles
 * @property {(number | null)[]} scores
 * @property {Record<string, number>} bag
 * @property {number} bag_total
 * @property {RaAuction | null} auction
 * @property {{player: number, disasters: Record<string, number>} | null} gods
 * @property {{player: number, war: number, earthquake: number} | null} disaster
 * @property {{epoch: number, players: (EpochRow | null)[]}[]} epoch_scores
 * @property {{scores: number[], winners: number[], tie_break: boolean, disk_totals: number[]} | null} result
 */

export {};
