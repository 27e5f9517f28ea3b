// The boardgame.io side of the comparison: two players alternate "play" moves; 60 plies end the game
// (an Othello game is about 60 plies).
export const CountGame = {
  name: "count",
  setup: () => ({ n: 0, last: null }),
  turn: { minMoves: 1, maxMoves: 1 },
  moves: {
    // client: false = no optimistic local update, so every member (the mover too) waits for the server
    play: {
      move: ({ G }, move) => {
        G.n += 1;
        G.last = move;
      },
      client: false,
    },
  },
  endIf: ({ G }) => (G.n >= 60 ? { draw: true } : undefined),
};
