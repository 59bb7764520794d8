// Who acts for a seat: its person, or a bot standing in for them while they are away or since they left or lost
// on time (the view's `stand_ins`, from the server). The viewer's own seat reads in the second person ("Your
// turn", "you") only while the viewer plays it.

/** @typedef {import("./types.js").BaseView} BaseView */

/**
 * Whether a bot plays `seat` for its person now.
 * @param {BaseView} view
 * @param {number | null | undefined} seat
 * @returns {boolean}
 */
export function standsIn(view, seat) {
  return seat !== null && seat !== undefined && (view.stand_ins ?? []).includes(seat);
}

/**
 * Whether `seat` is the viewer's own and the viewer plays it (no bot stands in for them).
 * @param {BaseView} view
 * @param {number | null | undefined} seat
 * @returns {boolean}
 */
export function playsOwnSeat(view, seat) {
  return view.viewer !== null && view.viewer === seat && !standsIn(view, seat);
}
