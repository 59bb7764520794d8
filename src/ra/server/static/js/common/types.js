// The shapes the pages read (docs/PROTOCOL.md, docs/VIEWS.md, docs/VIEWS_WRITE.md), as JSDoc types for
// `tsc --checkJs`. Only types: importing this module at run time gives nothing.

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
 */

/**
 * The end of every game's view (docs/VIEWS.md, docs/VIEWS_WRITE.md): each seat's final score and the winners.
 * @typedef {object} GameResult
 * @property {number[]} scores
 * @property {number[]} winners
 */

/**
 * One entry of a table's move log: the move told by the engine in `lines` (`text` is the first).
 * @typedef {object} LogEntry
 * @property {number} seq
 * @property {number} player
 * @property {string} [name]
 * @property {string} notation
 * @property {Said} [text]
 * @property {Said[]} [lines]
 * @property {Said[]} [said]  the lines as texts, rendered for each reader
 * @property {string[]} [draws]
 * @property {number} [undoes]  an undo step's: the seq of the entry it took back
 */

/**
 * The engine's explanation of one seat's view: a text per board element key (`data-explain`), and Ra's lot
 * values (per seat, what taking the auction track now would change in its points; null when not shown).
 * @typedef {object} Explanation
 * @property {Record<string, Said>} elements
 * @property {number[] | null} lot_value
 */

/**
 * A seat of a table summary.
 * @typedef {object} SeatSummary
 * @property {number} seat
 * @property {"person" | "bot"} kind
 * @property {string} [name]
 * @property {string} [bot]
 * @property {boolean} [taken]
 * @property {boolean} [away]  a bot plays for the seat while its person is away (their time ran out)
 * @property {"left" | "lost" | null} [out]  the person left or lost on time: a bot plays the seat to its end
 */

/**
 * A table as the lobby and the table page see it; `options` holds the table options too (`hints`, `lot_helper`).
 * @typedef {object} TableSummary
 * @property {string} id
 * @property {string} game
 * @property {string} status
 * @property {SeatSummary[]} seats
 * @property {Record<string, unknown>} [options]
 * @property {string} [updated]
 * @property {number} [seq]
 * @property {import("../table/clocks.js").TableClock | null} [clock]  the players' clocks (null: none)
 */

/**
 * The server's "state" message.
 * @typedef {object} StateMessage
 * @property {"state"} type
 * @property {number} seq
 * @property {BaseView} view
 * @property {Explanation | null} [explain]
 * @property {number} [log_from]  the seq of `log`'s first entry (0: the whole log)
 * @property {LogEntry[]} [log]
 * @property {TableSummary} [table]
 * @property {number} [now]  the server's time when it was sent (seconds since the epoch)
 * @property {{player: number, seq: number} | null} [undo]  who may take back their action of step `seq` now
 */

/**
 * The server's "hint" message: what the hard bot would play for the viewer's seat at `seq`, and why.
 * @typedef {object} HintMessage
 * @property {"hint"} type
 * @property {number} seq
 * @property {number} id
 * @property {string} notation
 * @property {Said} text
 * @property {Said} reason
 */

/**
 * The server's "explain" message: the explanation of the receiver's view at `seq` (asked for on a connection
 * made with `explain=ask`).
 * @typedef {object} ExplainMessage
 * @property {"explain"} type
 * @property {number} seq
 * @property {Explanation | null} explain
 */

/**
 * The server's "error" message.
 * @typedef {object} ErrorMessage
 * @property {"error"} type
 * @property {string} code
 * @property {string} message  English
 * @property {Said} [text]  the same in the reader's language
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
