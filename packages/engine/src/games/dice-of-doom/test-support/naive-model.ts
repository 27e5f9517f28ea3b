import { Random } from "../../../core/rng.js";
import { type DiceOfDoomOptions, type DiceOfDoomState, diceOfDoom } from "../index.js";

// ---------------------------------------------------------------------------
// A deliberately naive, independent model of the rules: book-style
// `(player dice)` hexes, neighbours from (x, y) steps rather than index
// arithmetic, copy-everything moves. It shares nothing with the module except
// the core rng, whose sequence draws the start board (§3).
// ---------------------------------------------------------------------------

export interface NaiveHex {
  player: number | null; // null: neutral (an eliminated seat's hex)
  dice: number;
}

export interface NaiveGame {
  n: number;
  players: number;
  maxDice: number;
  chance: boolean;
  board: NaiveHex[];
  player: number;
  spare: number;
  first: boolean;
  out: boolean[];
}

/** [src, dst] for an attack, null for a pass. */
export type NaiveMove = readonly [number, number] | null;

export function naiveNeighbors(pos: number, n: number): number[] {
  const x = pos % n;
  const y = (pos - x) / n;
  const steps: [number, number][] = [
    [0, -1],
    [0, 1],
    [-1, -1],
    [-1, 0],
    [1, 0],
    [1, 1],
  ];
  const out: number[] = [];
  for (const [dx, dy] of steps) {
    const nx = x + dx;
    const ny = y + dy;
    if (nx >= 0 && nx < n && ny >= 0 && ny < n) out.push(nx + ny * n);
  }
  return out;
}

export function naiveNew(
  n: number,
  players: number,
  maxDice: number,
  chance: boolean,
  seed: number,
): NaiveGame {
  const r = new Random(seed);
  const start = (board: NaiveHex[]): NaiveGame | null => {
    if (new Set(board.map((h) => h.player)).size !== players) return null;
    const out = Array.from({ length: players }, () => false);
    const game: NaiveGame = { n, players, maxDice, chance, board, player: 0, spare: 0, first: true, out };
    // Player 0 must have a first attack, or the board is dealt again (docs/dice-of-doom.md §2).
    return attacks(game).length > 0 ? game : null;
  };
  // The balanced deal: equal hexes (the last seats one more), equal dice, a shuffle of the owners.
  const cells = n * n;
  const base = Math.floor(cells / players);
  const owners: number[] = [];
  for (let p = 0; p < players; p++) {
    const count = base + (p >= players - (cells % players) ? 1 : 0);
    for (let k = 0; k < count; k++) owners.push(p);
  }
  const most = base + (cells % players === 0 ? 0 : 1);
  const each = Math.min(base * maxDice, Math.max(most, Math.round((base * (1 + maxDice)) / 2)));
  for (let tries = 0; tries < 100; tries++) {
    const owner = [...owners];
    for (let i = owner.length - 1; i > 0; i--) {
      const j = r.int(i + 1);
      const t = owner[i] as number;
      owner[i] = owner[j] as number;
      owner[j] = t;
    }
    const board: NaiveHex[] = owner.map((player) => ({ player, dice: 1 }));
    for (let p = 0; p < players; p++) {
      const own = board.filter((h) => h.player === p);
      for (let left = each - own.length; left > 0; left--) {
        const open = own.filter((h) => h.dice < maxDice);
        (open[r.int(open.length)] as NaiveHex).dice++;
      }
    }
    const game = start(board);
    if (game !== null) return game;
  }
  // The book's gen-board, where no balanced deal has a first move (one hex a seat).
  for (;;) {
    const board: NaiveHex[] = [];
    for (let i = 0; i < n * n; i++) {
      const player = r.int(players);
      board.push({ player, dice: 1 + r.int(maxDice) });
    }
    const game = start(board);
    if (game !== null) return game;
  }
}

export function attacks(g: NaiveGame): [number, number][] {
  const list: [number, number][] = [];
  g.board.forEach((hex, src) => {
    if (hex.player !== g.player) return;
    for (const dst of naiveNeighbors(src, g.n)) {
      const target = g.board[dst] as NaiveHex;
      if (target.player === g.player) continue;
      if (g.chance ? hex.dice > 1 : hex.dice > target.dice) list.push([src, dst]);
    }
  });
  return list;
}

export function naiveOver(g: NaiveGame): boolean {
  if (g.out.filter((o) => !o).length <= 1) return true;
  return g.first && attacks(g).length === 0;
}

export function naiveMoves(g: NaiveGame): NaiveMove[] {
  if (naiveOver(g)) return [];
  const list: NaiveMove[] = g.first ? [] : [null];
  return list.concat(attacks(g));
}

export function copy(g: NaiveGame): NaiveGame {
  return { ...g, board: g.board.map((h) => ({ ...h })), out: [...g.out] };
}

export function cluster(g: NaiveGame, player: number): number {
  const seen = new Set<number>();
  let best = 0;
  g.board.forEach((hex, start) => {
    if (hex.player !== player || seen.has(start)) return;
    const todo = [start];
    seen.add(start);
    let size = 0;
    while (todo.length > 0) {
      const pos = todo.pop() as number;
      size++;
      for (const nb of naiveNeighbors(pos, g.n)) {
        if (g.board[nb]?.player === player && !seen.has(nb)) {
          seen.add(nb);
          todo.push(nb);
        }
      }
    }
    best = Math.max(best, size);
  });
  return best;
}

export function naivePass(g0: NaiveGame): NaiveGame {
  const g = copy(g0);
  let count = g.chance ? cluster(g, g.player) : g.spare - 1;
  for (const hex of g.board) {
    if (count > 0 && hex.player === g.player && hex.dice < g.maxDice) {
      hex.dice++;
      count--;
    }
  }
  do g.player = (g.player + 1) % g.players;
  while (g.out[g.player]);
  g.spare = 0;
  g.first = true;
  return g;
}

export function naiveWin(g0: NaiveGame, src: number, dst: number): NaiveGame {
  const g = copy(g0);
  const a = g.board[src] as NaiveHex;
  const d = g.board[dst] as NaiveHex;
  g.spare += d.dice;
  const loser = d.player;
  d.player = g.player;
  d.dice = a.dice - 1;
  a.dice = 1;
  g.first = false;
  if (loser !== null && !g.board.some((h) => h.player === loser)) g.out[loser] = true;
  return g;
}

export function naiveLose(g0: NaiveGame, src: number, dst: number): NaiveGame {
  const g = copy(g0);
  g.spare += (g.board[dst] as NaiveHex).dice;
  (g.board[src] as NaiveHex).dice = 1;
  g.first = false;
  return g;
}

/** Real dice, as rolled for the attack: the attacker's first, then the defender's. */
export function naivePlay(g: NaiveGame, move: NaiveMove, rolls: readonly number[] = []): NaiveGame {
  if (move === null) return naivePass(g);
  const [src, dst] = move;
  if (!g.chance) return naiveWin(g, src, dst);
  const attackerDice = (g.board[src] as NaiveHex).dice;
  const a = rolls.slice(0, attackerDice).reduce((x, y) => x + y, 0);
  const d = rolls.slice(attackerDice).reduce((x, y) => x + y, 0);
  return a > d ? naiveWin(g, src, dst) : naiveLose(g, src, dst);
}

/** The module's state written in the naive model's terms, for whole-state comparison. */
export function fromModule(s: DiceOfDoomState): NaiveGame {
  return {
    n: s.size,
    players: s.options.players,
    maxDice: s.options.maxDice,
    chance: s.options.rules === "chance",
    board: s.owner.map((o, i) => ({ player: o < 0 ? null : o, dice: s.dice[i] ?? 0 })),
    player: s.player,
    spare: s.spare,
    first: s.firstMove,
    out: [...s.eliminated],
  };
}

export function options(input: Partial<DiceOfDoomOptions>): DiceOfDoomOptions {
  const parsed = diceOfDoom.parseOptions(input);
  if (!parsed.ok) throw new Error(parsed.error.message);
  return parsed.value;
}

/** Takes a seat out; its hexes go neutral and, if it was to move, the next live seat starts. */
export function naiveEliminate(g0: NaiveGame, seat: number): NaiveGame {
  const g = copy(g0);
  g.out[seat] = true;
  for (const hex of g.board) if (hex.player === seat) hex.player = null;
  if (g.player === seat && g.out.some((o) => !o)) {
    do g.player = (g.player + 1) % g.players;
    while (g.out[g.player]);
    g.spare = 0;
    g.first = true;
  }
  return g;
}
