// The shapes the pages read (docs/PROTOCOL.md, docs/VIEWS.md, docs/VIEWS_WRITE.md), as JSDoc types for
// `tsc --checkJs`. Only types: importing this module at run time gives nothing.

// The table socket's messages and the summaries they hold: generated from the server's models (message_types.js).
/** @typedef {import("./message_types.js").LogEntry} LogEntry */
/** @typedef {import("./message_types.js").SeatSummary} SeatSummary */
/** @typedef {import("./message_types.js").TableSummary} TableSummary */
/** @typedef {import("./message_types.js").StateMessage} StateMessage */
/** @typedef {import("./message_types.js").HintMessage} HintMessage */
/** @typedef {import("./message_types.js").ExplainMessage} ExplainMessage */
/** @typedef {import("./message_types.js").ErrorMessage} ErrorMessage */

/** @typedef {import("./i18n.js").TextJson} TextJson */
/** A text from the server: its JSON form (ra.core.text), or a finished string from an older server. */
/** @typedef {TextJson | string} Said */

/**
 * A legal-action entry of a view: every game gives `id` and `notation`; the boards read the game's own fields.
 * @typedef {object} LegalAction
 * @property {number} id
 * @property {string} notation
 * @property {string} [kind]
 */

/**
 * What every game's view has.
 * @typedef {object} BaseView
 * @property {string} game
 * @property {number | null} viewer
 * @property {number} num_players
 * @property {string[]} names
 * @property {string} phase
 * @property {LegalAction[]} legal_actions
 * @property {GameResult | null} [result]  null while the game runs
 * @property {(number | null)[]} [scores]  each seat's score now (null where it is hidden from the viewer)
 * @property {number[]} [stand_ins]  the person seats a bot plays for now (away, left, lost on time); the viewer's
 *   own seat among them offers no action (the server's, docs/PROTOCOL.md)
 */

/**
 * The end of every game's view (docs/VIEWS.md, docs/VIEWS_WRITE.md): each seat's final score and the winners.
 * @typedef {object} GameResult
 * @property {number[]} scores
 * @property {number[]} winners
 */

/**
 * The engine's explanation of one seat's view: a text per board element key (`data-explain`), and Ra's lot
 * values (per seat, what taking the auction track now would change in its points; null when not shown).
 * @typedef {object} Explanation
 * @property {Record<string, Said>} elements
 * @property {number[] | null} lot_value
 */

/**
 * A table option a person may set (GET /api/meta); `scope` "table" marks the server's own (helpers of the table).
 * @typedef {object} OptionSpec
 * @property {string} name
 * @property {"int" | "bool" | "choice"} kind
 * @property {number | boolean | string} default
 * @property {string} label
 * @property {string} help
 * @property {number} [minimum]
 * @property {number} [maximum]
 * @property {string[]} [choices]
 * @property {string[]} [choice_labels]  each choice in words, in the order of `choices`
 * @property {"table"} [scope]
 * @property {string[]} [shows]  a helper's fields of the explanation (Ra's `lot_helper`: `lot_value`)
 */

/**
 * A bot level for people (GET /api/meta).
 * @typedef {object} BotLevel
 * @property {string} name
 * @property {string} spec
 * @property {string} description
 */

/**
 * One game the server offers (GET /api/meta).
 * @typedef {object} GameMeta
 * @property {string} name
 * @property {string} title
 * @property {{minimum: number, maximum: number, default: number}} players
 * @property {OptionSpec[]} options
 * @property {{kinds: string[], levels: BotLevel[]}} bots
 * @property {boolean} [tutorial]  the game has a tutorial (/learn/<game>)
 * @property {string} [rules]  its rules page, e.g. "/rules/ra"
 * @property {string} [puzzles]  its puzzles page, e.g. "/puzzles/ra" (empty: none)
 * @property {boolean} [skips]  a seat whose time runs out can be skipped (the pace's `skip`)
 */

/**
 * @typedef {object} Meta
 * @property {GameMeta[]} games
 */

/**
 * A seat of a creation or invites answer.
 * @typedef {object} InviteSeat
 * @property {number} seat
 * @property {string} kind
 * @property {string} [invite]
 * @property {string} [token]
 */

/**
 * POST /api/tables's answer.
 * @typedef {object} Created
 * @property {string} id
 * @property {InviteSeat[]} seats
 * @property {string} spectate
 * @property {string} [creator]
 */

/**
 * What a board needs from its page.
 * @typedef {object} BoardContext
 * @property {(view: BaseView, seat: number) => Node} nameNode  the element naming a seat
 * @property {(seat: number) => Node | null} [clockNode]  the seat's clock on its chip (the table page's; none elsewhere)
 */

/**
 * What the table page adds to a view when it draws it (nothing on the replay page).
 * @typedef {object} Extras
 * @property {Explanation | null} [explain]
 */

/**
 * One game's drawing of views into one root element; it keeps its own state (half-made choices, folds).
 * Elements that send a legal action carry `data-move` (its notation); elements of a local first step of a
 * multi-step choice carry `data-step`. The page shell sends every `data-move` click. Elements the engine explains
 * carry `data-explain` (a key of the explanation's `elements`).
 * @typedef {object} Board
 * @property {(view: BaseView, prev: BaseView | null, extras?: Extras) => void} render
 */

/**
 * A scoring to announce: a title and the breakdown per category and player (what the viewer may see).
 * @typedef {object} ScoringNews
 * @property {string} title
 * @property {HTMLElement} body
 */

/**
 * A game's board module, loaded through js/games.js. `scoringNews` tells what scoring happened between two views;
 * `confirmMove` asks before sending a move worth a second look (Ra: a bid with the viewer's highest disk);
 * `leadsTo` tells whether a local first step (an element with `data-step`) leads to a legal action, for a game
 * whose choices take two clicks (RA and Write; the tutorial page marks that step when it is what to click).
 * @typedef {object} BoardModule
 * @property {(root: HTMLElement, ctx: BoardContext) => Board} createBoard
 * @property {() => HTMLElement} rulesPanel
 * @property {(view: BaseView, prev: BaseView) => ScoringNews | null} [scoringNews]
 * @property {(view: BaseView, notation: string) => string | null} [confirmMove]
 * @property {(step: HTMLElement, action: LegalAction) => boolean} [leadsTo]
 * @property {(root: HTMLElement, view: BaseView, seat: number, notation: string) => HTMLElement[]} [whereIs]
 *   the board's elements an action of `seat` concerns (the replay's analysis draws a better move on them)
 */

export {};
