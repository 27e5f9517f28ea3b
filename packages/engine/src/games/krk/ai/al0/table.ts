/*
 * The AL0 advice table for king and rook against king (the book's Fig. 24.7; the Russian edition's
 * Fig. 15.7): two rules and six pieces of advice, written as data in the book's order (docs/krk.md §8.1).
 */

/** A goal: a predicate name, or an AND / OR / NOT of goals. */
export type Goal =
  | string
  | { readonly and: readonly [Goal, Goal] }
  | { readonly or: readonly [Goal, Goal] }
  | { readonly not: Goal };

/** A move constraint: a generator name, a depth filter, `and`, or the ordered disjunction `then`. */
export type MoveConstraint =
  | { readonly generator: string }
  | { readonly depthBelow: number }
  | { readonly depthIs: number }
  | { readonly and: readonly [MoveConstraint, MoveConstraint] }
  | { readonly then: readonly [MoveConstraint, MoveConstraint] };

/** `advice(Name, BetterGoal : HoldingGoal : UsMoveConstr : ThemMoveConstr)`. */
export interface Advice {
  readonly name: string;
  readonly better: Goal;
  readonly holding: Goal;
  readonly us: MoveConstraint;
  readonly them: MoveConstraint;
}

/** `Rule :: if Condition then AdviceList`. */
export interface Rule {
  readonly name: string;
  readonly condition: Goal;
  readonly advice: readonly Advice[];
}

/** Where a better-goal says `not stalemate` (docs/krk.md §8.3). */
export const STALEMATE_GUARDS = ["book", "combined-file", "every-advice"] as const;
export type StalemateGuard = (typeof STALEMATE_GUARDS)[number];

/**
 * The table's two doubtful places, and how to read them (docs/krk.md §8.3).
 * `okedge`: the predicate keeproom names and no edition defines; the Russian edition prints
 * `our_king_edge` in its place. `stalemate`: the figure guards only squeeze against stalemate, the
 * combined program file also approach, and "every-advice" puts the guard in every better-goal that leaves
 * Black to move without mate (squeeze, approach, keeproom, divide_in_2, divide_in_3), as the book's prose
 * asks ("checking all the time that no stalemate arises").
 */
export interface Al0Variant {
  /** What keeproom's `okedge` means: undefined (fails, so `not okedge` always holds) or `our_king_edge`. */
  readonly okedge: "undefined" | "our_king_edge";
  readonly stalemate: StalemateGuard;
}

/** The 4th edition's figure as printed. */
export const BOOK_VARIANT: Al0Variant = Object.freeze({ okedge: "undefined", stalemate: "book" });

/** The table the product plays (docs/krk.md §8.3): the book's, never stalemating. */
export const PRODUCT_VARIANT: Al0Variant = Object.freeze({
  okedge: "our_king_edge",
  stalemate: "every-advice",
});

const and = (a: Goal, b: Goal): Goal => ({ and: [a, b] });
const or = (a: Goal, b: Goal): Goal => ({ or: [a, b] });
const not = (goal: Goal): Goal => ({ not: goal });
const allOf = (...goals: Goal[]): Goal => goals.reduceRight((rest, goal) => and(goal, rest));

const gen = (generator: string): MoveConstraint => ({ generator });
const both = (a: MoveConstraint, b: MoveConstraint): MoveConstraint => ({ and: [a, b] });
const then = (a: MoveConstraint, b: MoveConstraint): MoveConstraint => ({ then: [a, b] });
const depthIs = (depth: number): MoveConstraint => ({ depthIs: depth });
const depthBelow = (depth: number): MoveConstraint => ({ depthBelow: depth });

/** The table with the chosen reading of its two doubtful places. */
export function adviceTable(variant: Al0Variant = BOOK_VARIANT): readonly Rule[] {
  // The guard the book's prose asks for, added last so the printed goals read as before.
  const guardAll: Goal[] = variant.stalemate === "every-advice" ? [not("stalemate")] : [];
  const mateIn2: Advice = {
    name: "mate_in_2",
    better: "mate",
    holding: and(not("rooklost"), "their_king_edge"),
    us: then(both(depthIs(0), gen("legal")), both(depthIs(2), gen("checkmove"))),
    them: both(depthIs(1), gen("legal")),
  };
  const squeeze: Advice = {
    name: "squeeze",
    better: allOf("newroomsmaller", not("rookexposed"), "rookdivides", not("stalemate")),
    holding: not("rooklost"),
    us: both(depthIs(0), gen("rookmove")),
    them: gen("nomove"),
  };
  const approach: Advice = {
    name: "approach",
    better: allOf(
      "okapproachedcsquare",
      not("rookexposed"),
      ...(variant.stalemate === "book" ? [] : [not("stalemate")]),
      or("rookdivides", "lpatt"),
      or("roomgt2", not("our_king_edge")),
    ),
    holding: not("rooklost"),
    us: both(depthIs(0), gen("kingdiagfirst")),
    them: gen("nomove"),
  };
  const keeproom: Advice = {
    name: "keeproom",
    better: allOf(
      "themtomove",
      not("rookexposed"),
      "rookdivides",
      "okorndle",
      or("roomgt2", not(variant.okedge === "our_king_edge" ? "our_king_edge" : "okedge")),
      ...guardAll,
    ),
    holding: not("rooklost"),
    us: both(depthIs(0), gen("kingdiagfirst")),
    them: gen("nomove"),
  };
  const divide = (name: string, usBelow: number, themBelow: number): Advice => ({
    name,
    better: allOf("themtomove", "rookdivides", not("rookexposed"), ...guardAll),
    holding: not("rooklost"),
    us: both(depthBelow(usBelow), gen("legal")),
    them: both(depthBelow(themBelow), gen("legal")),
  });
  const divideIn2 = divide("divide_in_2", 3, 2);
  const divideIn3 = divide("divide_in_3", 5, 4);
  return [
    {
      name: "edge_rule",
      condition: and("their_king_edge", "kings_close"),
      advice: [mateIn2, squeeze, approach, keeproom, divideIn2, divideIn3],
    },
    { name: "else_rule", condition: "true", advice: [squeeze, approach, keeproom, divideIn2, divideIn3] },
  ];
}
