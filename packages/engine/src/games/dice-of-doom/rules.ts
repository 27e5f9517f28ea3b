import { type ChanceOutcome, type Outcome, type Seat } from "../../core/game.js";
import { largestCluster, neighbors } from "./board.js";
import { PASS, attackMove, attackSource, attackTarget, isWellFormedMove } from "./moves.js";
import { attackProbability } from "./probability.js";
import { type DiceOfDoomBoard, type DiceOfDoomState, NEUTRAL } from "./types.js";

/** The next live seat after `seat`, or `seat` itself when no other is live. */
export function nextLiveSeat(eliminated: readonly boolean[], seat: Seat): Seat {
  const n = eliminated.length;
  for (let step = 1; step <= n; step++) {
    const candidate = (seat + step) % n;
    if (eliminated[candidate] !== true) return candidate;
  }
  return seat;
}

function liveCount(eliminated: readonly boolean[]): number {
  let live = 0;
  for (const out of eliminated) if (!out) live++;
  return live;
}

function canAttack(state: DiceOfDoomBoard, player: Seat, chance: boolean, src: number, dst: number): boolean {
  const owner = state.owner[dst];
  if (owner === player || owner === undefined) return false;
  const dice = state.dice[src] ?? 0;
  return chance ? dice > 1 : dice > (state.dice[dst] ?? 0);
}

export function hasAttack(board: DiceOfDoomBoard, player: Seat, chance: boolean): boolean {
  const cells = board.size * board.size;
  for (let src = 0; src < cells; src++) {
    if (board.owner[src] !== player) continue;
    for (const dst of neighbors(src, board.size)) {
      if (canAttack(board, player, chance, src, dst)) return true;
    }
  }
  return false;
}

/**
 * The end-of-game rule: one live seat left, or the seat to move starts its
 * turn without an attack (the book's "no moves"). Mid-turn, passing is
 * always possible, so the game cannot stall there.
 */
export function isOver(
  board: DiceOfDoomBoard,
  player: Seat,
  firstMove: boolean,
  eliminated: readonly boolean[],
  chance: boolean,
): boolean {
  if (liveCount(eliminated) <= 1) return true;
  return firstMove && !hasAttack(board, player, chance);
}

/** Pass first when allowed, then attacks by ascending source, targets in `neighbors` order. */
export function legalMoves(state: DiceOfDoomState): number[] {
  if (state.over) return [];
  const moves: number[] = [];
  if (!state.firstMove) moves.push(PASS);
  const { size, player } = state;
  const chance = state.options.rules === "chance";
  const cells = size * size;
  for (let src = 0; src < cells; src++) {
    if (state.owner[src] !== player) continue;
    for (const dst of neighbors(src, size)) {
      if (canAttack(state, player, chance, src, dst)) moves.push(attackMove(src, dst, size));
    }
  }
  return moves;
}

/** Whether `move` is in `legalMoves(state)`, without building the list; safe on any value. */
export function isLegal(state: DiceOfDoomState, move: number): boolean {
  if (state.over || !isWellFormedMove(move, state.size)) return false;
  if (move === PASS) return !state.firstMove;
  const { size } = state;
  const src = attackSource(move, size);
  const dst = attackTarget(move, size);
  if (state.owner[src] !== state.player) return false;
  if (!neighbors(src, size).includes(dst)) return false;
  return canAttack(state, state.player, state.options.rules === "chance", src, dst);
}

/**
 * One scan in index order, at most one die per own hex below the cap,
 * leftovers lost (the book's `add-new-dice`). Returns the same array when
 * nothing changes.
 */
export function addNewDice(
  board: DiceOfDoomBoard,
  player: Seat,
  count: number,
  maxDice: number,
): readonly number[] {
  if (count <= 0) return board.dice;
  let dice: number[] | null = null;
  let left = count;
  const cells = board.size * board.size;
  for (let pos = 0; pos < cells && left > 0; pos++) {
    const d = board.dice[pos] ?? maxDice;
    if (board.owner[pos] === player && d < maxDice) {
      dice ??= board.dice.slice();
      dice[pos] = d + 1;
      left--;
    }
  }
  return dice ?? board.dice;
}

function reinforcements(state: DiceOfDoomState): number {
  return state.options.rules === "chance" ? largestCluster(state, state.player) : state.spare - 1;
}

/**
 * Starts the turn of the next live seat after `state.player`, with the
 * board and eliminations given.
 */
function nextTurn(
  state: DiceOfDoomState,
  board: Pick<DiceOfDoomBoard, "owner" | "dice">,
  eliminated: readonly boolean[],
): DiceOfDoomState {
  const player = nextLiveSeat(eliminated, state.player);
  const chance = state.options.rules === "chance";
  const next = { size: state.size, owner: board.owner, dice: board.dice };
  return {
    options: state.options,
    size: state.size,
    owner: board.owner,
    dice: board.dice,
    player,
    spare: 0,
    firstMove: true,
    eliminated,
    over: isOver(next, player, true, eliminated, chance),
  };
}

function pass(state: DiceOfDoomState): DiceOfDoomState {
  const dice = addNewDice(state, state.player, reinforcements(state), state.options.maxDice);
  return nextTurn(state, { owner: state.owner, dice }, state.eliminated);
}

function ownsAny(owner: readonly number[], seat: Seat): boolean {
  for (const o of owner) if (o === seat) return true;
  return false;
}

/** `src` takes `dst` with all but one of its dice (the book's `board-attack`). */
function attackSucceeds(state: DiceOfDoomState, src: number, dst: number): DiceOfDoomState {
  const defender = state.owner[dst] ?? NEUTRAL;
  const srcDice = state.dice[src] ?? 1;
  const owner = state.owner.slice();
  const dice = state.dice.slice();
  owner[dst] = state.player;
  dice[dst] = srcDice - 1;
  dice[src] = 1;
  let eliminated = state.eliminated;
  if (defender !== NEUTRAL && !ownsAny(owner, defender)) {
    eliminated = eliminated.slice();
    (eliminated as boolean[])[defender] = true;
  }
  return {
    options: state.options,
    size: state.size,
    owner,
    dice,
    player: state.player,
    spare: state.spare + (state.dice[dst] ?? 0),
    firstMove: false,
    eliminated,
    over: liveCount(eliminated) <= 1,
  };
}

/** v4's `board-attack-fail`: only `src` drops to one die; the turn goes on. */
function attackFails(state: DiceOfDoomState, src: number, dst: number): DiceOfDoomState {
  const dice = state.dice.slice();
  dice[src] = 1;
  return {
    options: state.options,
    size: state.size,
    owner: state.owner,
    dice,
    player: state.player,
    spare: state.spare + (state.dice[dst] ?? 0),
    firstMove: false,
    eliminated: state.eliminated,
    over: false,
  };
}

const NO_DICE: readonly number[] = Object.freeze([]);
const D6 = 6;

/**
 * The dice a move rolls (§5): a chance attack rolls one six-sided die per
 * die on the source, then one per die on the target; a pass and a classic
 * attack roll none. Safe on any value (a malformed move rolls nothing).
 */
export function diceFor(state: DiceOfDoomState, move: number): readonly number[] {
  if (move === PASS || state.options.rules === "classic" || !isWellFormedMove(move, state.size))
    return NO_DICE;
  const count =
    (state.dice[attackSource(move, state.size)] ?? 0) + (state.dice[attackTarget(move, state.size)] ?? 0);
  return new Array<number>(count).fill(D6);
}

/**
 * v4's `roll-against`: the attacker's sum (the first dice(src) rolls) must
 * strictly beat the defender's (the rest); ties go to the defender.
 */
export function attackWins(attackerDice: number, rolls: readonly number[]): boolean {
  let attack = 0;
  let defend = 0;
  rolls.forEach((roll, i) => {
    if (i < attackerDice) attack += roll;
    else defend += roll;
  });
  return attack > defend;
}

/**
 * Unchecked: `move` must come from `legalMoves(state)`, and a chance attack
 * needs the dice rolled for it (`diceFor`: attacker's first). The state
 * holds no generator, so nothing in it predicts a roll (§5).
 */
export function applyMove(state: DiceOfDoomState, move: number, rolls?: readonly number[]): DiceOfDoomState {
  if (move === PASS) return pass(state);
  const src = attackSource(move, state.size);
  const dst = attackTarget(move, state.size);
  if (state.options.rules === "classic") return attackSucceeds(state, src, dst);
  if (rolls === undefined) throw new RangeError("a chance attack needs the dice rolled for it");
  return attackWins(state.dice[src] ?? 0, rolls)
    ? attackSucceeds(state, src, dst)
    : attackFails(state, src, dst);
}

/**
 * Both results of a chance attack weighted by the book's table (success
 * first); one certain result for a pass or a classic attack. Both results
 * are listed even when the table rounds one to 0 (4 dice against 1 is
 * "1.0" but real dice can still lose), so `applyMove` always lands on one of
 * them, state for state, whatever the dice.
 */
export function chanceOutcomes(state: DiceOfDoomState, move: number): ChanceOutcome<DiceOfDoomState>[] {
  if (move === PASS || state.options.rules === "classic") {
    return [{ probability: 1, state: applyMove(state, move) }];
  }
  const src = attackSource(move, state.size);
  const dst = attackTarget(move, state.size);
  const p = attackProbability(state.dice[src] ?? 0, state.dice[dst] ?? 0);
  return [
    { probability: p, state: attackSucceeds(state, src, dst) },
    { probability: 1 - p, state: attackFails(state, src, dst) },
  ];
}

/**
 * Takes `seat` out (resigned, forfeited, abandoned). Its hexes stay on the
 * board with their dice as NEUTRAL hexes: they never attack and never
 * reinforce, and any live seat may attack them as enemy hexes. If the seat
 * was to move, its turn ends without reinforcement (the dice it would get
 * would land on hexes that just went neutral) and the next live seat starts
 * a fresh turn. No-op for a finished game, a seat out of range or one already out.
 */
export function eliminateSeat(state: DiceOfDoomState, seat: Seat): DiceOfDoomState {
  if (state.over || !Number.isInteger(seat) || seat < 0 || seat >= state.options.players) return state;
  if (state.eliminated[seat] === true) return state;
  const eliminated = state.eliminated.slice();
  eliminated[seat] = true;
  const owner = state.owner.map((o) => (o === seat ? NEUTRAL : o));
  if (seat === state.player) return nextTurn(state, { owner, dice: state.dice }, eliminated);
  return {
    ...state,
    owner,
    eliminated,
    over: isOver(
      { size: state.size, owner, dice: state.dice },
      state.player,
      state.firstMove,
      eliminated,
      state.options.rules === "chance",
    ),
  };
}

export function outcomeOf(state: DiceOfDoomState): Outcome {
  if (!state.over) return { kind: "ongoing" };
  const scores = new Array<number>(state.options.players).fill(0);
  for (const owner of state.owner) if (owner >= 0) scores[owner] = (scores[owner] ?? 0) + 1;
  let best = -1;
  scores.forEach((score, seat) => {
    if (state.eliminated[seat] !== true && score > best) best = score;
  });
  const winners: Seat[] = [];
  scores.forEach((score, seat) => {
    if (state.eliminated[seat] !== true && score === best) winners.push(seat);
  });
  return { kind: "finished", scores, winners };
}
