import { type KrkPosition, WHITE } from "../../position.js";
import { type KrkState, historyOf } from "../../state.js";
import { type ForcingTree, type Plan, type SatCounter, strategy } from "./interpreter.js";
import type { Al0Position } from "./library.js";
import { type Al0Variant, PRODUCT_VARIANT, type Rule, adviceTable } from "./table.js";

/*
 * AL0 playing a game (the book's `playgame` / `playmove`): follow the current forcing tree down Black's
 * replies, and build a new one from depth 0 when the tree says `nil` (docs/krk.md §8.4).
 */

/** What AL0 did for one White move. */
export interface Al0Decision {
  readonly move: number;
  /** The advice of the tree the move comes from. */
  readonly advice: string;
  /** True when the tree was built for this move, false when an earlier tree was followed. */
  readonly replanned: boolean;
  /** Positions `sat` examined for this move (0 when following a tree). */
  readonly nodes: number;
}

function rootOf(position: KrkPosition): Al0Position {
  return { side: position.side, wk: position.wk, wr: position.wr, bk: position.bk, depth: 0 };
}

/** AL0 with its memory: the forcing tree it is following, if any. One per game, White's side only. */
export class Al0Session {
  private readonly table: readonly Rule[];
  /** The tree at the White-to-move position AL0 is about to play from, or null (`nil`). */
  private plan: ForcingTree | null = null;
  private planAdvice = "";
  /** After AL0's move: the subtrees by Black reply, or null (`nil`). */
  private replies: ReadonlyMap<number, ForcingTree | null> | null = null;

  constructor(readonly variant: Al0Variant = PRODUCT_VARIANT) {
    this.table = adviceTable(variant);
  }

  /**
   * AL0's move at a White-to-move position, from the tree it follows or a new one (`strategy` at depth 0).
   * Null when no advice is satisfiable there. A new tree is kept; report the move actually played with
   * `whiteMoved`.
   */
  decide(position: KrkPosition): Al0Decision | null {
    if (position.side !== WHITE) throw new RangeError("AL0 plays White only");
    if (this.plan !== null)
      return { move: this.plan.move, advice: this.planAdvice, replanned: false, nodes: 0 };
    const counter: SatCounter = { nodes: 0 };
    const plan = strategy(this.table, rootOf(position), counter);
    if (plan === null) return null;
    this.adopt(plan);
    return { move: plan.tree.move, advice: plan.advice, replanned: true, nodes: counter.nodes };
  }

  private adopt(plan: Plan): void {
    this.plan = plan.tree;
    this.planAdvice = plan.advice;
  }

  /** White played `move`: down the tree if it was the tree's move, otherwise AL0 forgets its plan. */
  whiteMoved(move: number): void {
    this.replies = this.plan !== null && this.plan.move === move ? this.plan.replies : null;
    this.plan = null;
  }

  /** Black replied `move`: the subtree for that reply, or `nil` when the tree has none (`subtree`). */
  blackMoved(move: number): void {
    this.plan = this.replies?.get(move) ?? null;
    this.replies = null;
  }
}

/**
 * AL0's move in `state` (White to move) with the memory it would have had playing White throughout:
 * the game is replayed from its start, AL0 deciding at each White move and keeping its tree while the
 * move played was its own. The server asks once per move with no memory between calls, so this is how
 * the tree survives between moves (docs/krk.md §8.4).
 */
export function al0Decision(state: KrkState, variant: Al0Variant = PRODUCT_VARIANT): Al0Decision | null {
  const session = new Al0Session(variant);
  const states = historyOf(state);
  for (let index = 0; index + 1 < states.length; index++) {
    const before = states[index] as KrkState;
    const move = (states[index + 1] as KrkState).lastMove;
    if (before.position.side === WHITE) {
      session.decide(before.position);
      session.whiteMoved(move);
    } else {
      session.blackMoved(move);
    }
  }
  return session.decide(state.position);
}
