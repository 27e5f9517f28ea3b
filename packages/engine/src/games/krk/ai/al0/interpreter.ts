import { WHITE } from "../../position.js";
import {
  type Al0Position,
  type Al0Step,
  PREDICATES,
  blackLegal,
  checkMove,
  kingDiagFirst,
  legal,
  rookMove,
} from "./library.js";
import { type Advice, type Goal, type MoveConstraint, type Rule } from "./table.js";

/*
 * The AL0 interpreter (the book's Fig. 24.6; the Russian edition's Fig. 15.6): `holds`, the move
 * constraints, `sat` and `strategy`, with the Prolog search order kept (docs/krk.md §8.2).
 */

/**
 * A forcing tree at a White-to-move position, `Move .. FTrees`: White's move, then per Black reply the
 * subtree, or null (`nil`) where the better-goal holds. `replies` is null when the goal holds at once.
 */
export interface ForcingTree {
  readonly move: number;
  readonly replies: ReadonlyMap<number, ForcingTree | null> | null;
}

/** `holds(Goal, Pos, RootPos)`; an unknown predicate fails (`unknown(_, fail)`). */
export function holds(goal: Goal, pos: Al0Position, root: Al0Position): boolean {
  if (typeof goal === "string") return PREDICATES[goal]?.(pos, root) ?? false;
  if ("and" in goal) return holds(goal.and[0], pos, root) && holds(goal.and[1], pos, root);
  if ("or" in goal) return holds(goal.or[0], pos, root) || holds(goal.or[1], pos, root);
  return !holds(goal.not, pos, root);
}

const GENERATORS: Readonly<Record<string, (pos: Al0Position) => Al0Step[]>> = {
  kingdiagfirst: kingDiagFirst,
  rookmove: rookMove,
  checkmove: checkMove,
  legal: (pos) => (pos.side === WHITE ? legal(pos) : blackLegal(pos)),
  // `nomove` has no clause in any edition, so it yields nothing; `bagof` then fails as it would anyway.
  nomove: () => [],
};

/**
 * `move(Constraint, Pos, Move, Pos1)`: the moves a constraint allows, in the order Prolog finds them.
 * Depth filters generate nothing themselves; they pass or stop the generator they are conjoined with.
 */
export function constrainedMoves(constraint: MoveConstraint, pos: Al0Position): Al0Step[] {
  if ("generator" in constraint) return GENERATORS[constraint.generator]?.(pos) ?? [];
  if ("then" in constraint) {
    return [...constrainedMoves(constraint.then[0], pos), ...constrainedMoves(constraint.then[1], pos)];
  }
  if ("and" in constraint) {
    const [first, second] = constraint.and;
    return filterPasses(first, pos) ? constrainedMoves(second, pos) : [];
  }
  // A bare depth filter generates no move of its own.
  return [];
}

/** Whether a depth filter lets the position through; a generator on the left of `and` is not used by the table. */
function filterPasses(constraint: MoveConstraint, pos: Al0Position): boolean {
  if ("depthBelow" in constraint) return pos.depth < constraint.depthBelow;
  if ("depthIs" in constraint) return pos.depth === constraint.depthIs;
  throw new Error("AL0: only depth filters may stand left of `and` in a move constraint");
}

const FAILED = Symbol("failed");
type Sat = ForcingTree | null | ReadonlyMap<number, ForcingTree | null> | typeof FAILED;

/** Counts the positions `sat` examined, for the AI's node count. */
export interface SatCounter {
  nodes: number;
}

/**
 * `sat(Advice, Pos, RootPos, FTree)`: the first forcing tree in Prolog's order. At a White node the first
 * move whose subtree is satisfiable; at a Black node every allowed reply must be (and there must be one,
 * as `bagof` fails on none). Results are memoized per position and depth within one root: they depend on
 * nothing else, and Prolog's backtracking into an earlier subtree could not change the verdict.
 */
function satisfy(advice: Advice, root: Al0Position, counter: SatCounter): ForcingTree | null | typeof FAILED {
  const memo = new Map<number, Sat>();
  const sat = (pos: Al0Position): Sat => {
    const key = (((pos.depth * 2 + pos.side) * 64 + pos.wk) * 64 + pos.wr) * 64 + pos.bk;
    const known = memo.get(key);
    if (known !== undefined) return known;
    counter.nodes++;
    let result: Sat = FAILED;
    if (!holds(advice.holding, pos, root)) result = FAILED;
    else if (holds(advice.better, pos, root)) result = null;
    else if (pos.side === WHITE) {
      for (const step of constrainedMoves(advice.us, pos)) {
        const below = sat(step.next);
        if (below === FAILED) continue;
        result = { move: step.move, replies: below as ReadonlyMap<number, ForcingTree | null> | null };
        break;
      }
    } else {
      const replies = constrainedMoves(advice.them, pos);
      if (replies.length > 0) {
        const subtrees = new Map<number, ForcingTree | null>();
        for (const step of replies) {
          const below = sat(step.next);
          if (below === FAILED) {
            subtrees.clear();
            break;
          }
          subtrees.set(step.move, below as ForcingTree | null);
        }
        if (subtrees.size === replies.length) result = subtrees;
      }
    }
    memo.set(key, result);
    return result;
  };
  const tree = sat(root);
  return tree === FAILED ? FAILED : (tree as ForcingTree | null);
}

/** What `strategy` settled on: the rule whose condition held, the first satisfiable advice, its tree. */
export interface Plan {
  readonly rule: string;
  readonly advice: string;
  readonly tree: ForcingTree;
}

/**
 * `strategy(Pos, ForcingTree)` at a White-to-move position of depth 0: the first rule whose condition
 * holds (no fallback to a later rule), then its advice in order. Null when no advice is satisfiable.
 */
export function strategy(
  table: readonly Rule[],
  pos: Al0Position,
  counter: SatCounter = { nodes: 0 },
): Plan | null {
  const rule = table.find((candidate) => holds(candidate.condition, pos, pos));
  if (rule === undefined) return null;
  for (const advice of rule.advice) {
    const tree = satisfy(advice, pos, counter);
    // A tree that is `nil` at the root (the better-goal already holding) gives no move; no advice can do
    // that at a White-to-move root, but it would make the book's `playmove` loop, so it counts as failure.
    if (tree !== FAILED && tree !== null) return { rule: rule.name, advice: advice.name, tree };
  }
  return null;
}
