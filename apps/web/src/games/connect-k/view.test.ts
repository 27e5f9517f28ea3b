import { describe, expect, it } from "vitest";
import * as ConnectK from "@arena/engine/games/connect-k/index";
import { connectKView } from "./view";

function play(columns: readonly number[]) {
  const options = ConnectK.parseConnectKOptions({ preset: "connect-four" });
  if (!options.ok) throw new Error(options.error.message);
  let state = ConnectK.connectK.initial(options.value, 0);
  for (const column of columns) state = ConnectK.connectK.apply(state, column);
  return state;
}

describe("connectKView", () => {
  it("shows rows top-down with the first disc at the bottom", () => {
    const view = connectKView(play([3]));
    expect(view.rows).toHaveLength(6);
    expect(view.rows[5]?.[3]).toMatchObject({ owner: 0, last: true });
    expect(view.rows[4]?.[3]?.owner).toBe(-1);
    expect(view.toMove).toBe(1);
    expect(view.openColumns.size).toBe(7);
  });

  it("highlights the winning line and nothing else", () => {
    // Red plays columns 0,1,2,3 on the bottom row; yellow stacks on 6.
    const view = connectKView(play([0, 6, 1, 6, 2, 6, 3]));
    expect(view.winner).toBe(0);
    expect(view.toMove).toBeNull();
    const winning = view.rows
      .flat()
      .filter((c) => c.winning)
      .map((c) => `${c.column},${c.row}`);
    expect(winning.sort()).toEqual(["0,0", "1,0", "2,0", "3,0"]);
    expect(view.openColumns.size).toBe(0);
  });
});
