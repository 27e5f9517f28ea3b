import {
  type Invitation,
  type MatchId,
  type MyGame,
  type TournamentId,
  type TournamentInvitation,
  type UserId,
  type UserRef,
} from "@arena/protocol";
import { describe, expect, it } from "vitest";
import { clockAt, Inbox, notices } from "./inbox";

const host = { id: "u-host", name: "Host" } as UserRef;

function game(id: string, myTurn: boolean, extra: Partial<MyGame> = {}): MyGame {
  return {
    matchId: id as MatchId,
    gameId: "othello",
    timeControl: { baseMs: 300_000, incrementMs: 0 },
    rated: false,
    seat: 0,
    opponents: [{ kind: "ai", level: 3 }],
    myTurn,
    clock: { remainingMs: 60_000, running: myTurn },
    lastEventAt: 1,
    ...extra,
  };
}

function invitation(id: string): Invitation {
  return {
    matchId: id as MatchId,
    seat: 1,
    gameId: "othello",
    timeControl: { baseMs: 300_000, incrementMs: 0 },
    rated: false,
    host,
  };
}

function tournament(id: string): TournamentInvitation {
  return {
    id: id as TournamentId,
    name: `Club ${id}`,
    gameId: "othello",
    format: "round-robin",
    timeControl: { baseMs: 180_000, incrementMs: 2_000 },
    status: "waiting",
    invitationOnly: true,
    startsAt: null,
    createdBy: { id: "u-ada" as UserId, name: "Ada" },
  };
}

describe('the tab\'s inbox (docs/web.md, "My games")', () => {
  it("orders the games your-turn first and tells each new turn once", () => {
    let now = 0;
    const inbox = new Inbox(() => now);
    const turns: string[] = [];
    inbox.onTurn((g) => turns.push(g.matchId));
    inbox.listed([game("a", false), game("b", true)]);
    expect(turns).toEqual([]);
    inbox.changed({ matchId: "a" as MatchId, game: game("a", true, { lastEventAt: 5 }) });
    inbox.changed({ matchId: "a" as MatchId, game: game("a", true, { lastEventAt: 6 }) });
    expect(turns).toEqual(["a"]);
    expect(inbox.current.games.map((h) => h.game.matchId)).toEqual(["a", "b"]);
    inbox.changed({ matchId: "b" as MatchId, game: null });
    expect(inbox.current.games.map((h) => h.game.matchId)).toEqual(["a"]);
    now = 1_500;
    const held = inbox.current.games[0];
    if (held === undefined) throw new Error("no game");
    expect(clockAt(held, now)).toBe(58_500);
  });

  it("lists invitations, rematch offers and your turn in games not on screen; answered ones leave", () => {
    const inbox = new Inbox(() => 0);
    inbox.invited(invitation("m1"));
    inbox.invited(invitation("m1"));
    inbox.rematchOffered({ matchId: "m0" as MatchId, gameId: "othello", from: host });
    inbox.listed([game("g1", true), game("g2", true), game("g3", false)]);
    expect(notices(inbox.current, "g2").map((n) => n.key)).toEqual(["invite:m1:1", "rematch:m0", "turn:g1"]);
    inbox.dismiss("rematch:m0");
    inbox.dismiss("turn:g1");
    // Taking the seat answers the invitation; a new turn in g1 is news again.
    inbox.changed({ matchId: "m1" as MatchId, game: game("m1", false) });
    inbox.changed({ matchId: "g1" as MatchId, game: game("g1", false) });
    inbox.changed({ matchId: "g1" as MatchId, game: game("g1", true) });
    expect(notices(inbox.current, null).map((n) => n.key)).toEqual(["turn:g1", "turn:g2"]);
    inbox.invited(invitation("g9"));
    expect(notices(inbox.current, "g9").map((n) => n.key)).toEqual(["turn:g1", "turn:g2"]);
  });

  it("starts from nothing when another user signs in", () => {
    const inbox = new Inbox(() => 0);
    inbox.identify("u1");
    inbox.invited(invitation("m1"));
    inbox.identify("u1");
    expect(inbox.current.invitations).toHaveLength(1);
    inbox.identify("u2");
    expect(inbox.current.invitations).toHaveLength(0);
  });

  it("lists each tournament invitation once however often it is pushed, and tells it once", () => {
    const inbox = new Inbox(() => 0);
    const told: string[] = [];
    inbox.onTournamentInvitation((i) => told.push(i.id));
    inbox.invited(invitation("m1"));
    inbox.tournamentInvited(tournament("t_aaaaaaaaa"));
    inbox.tournamentInvited(tournament("t_bbbbbbbbb"));
    // Every connect sends the unfinished ones again.
    inbox.tournamentInvited(tournament("t_aaaaaaaaa"));
    inbox.rematchOffered({ matchId: "m0" as MatchId, gameId: "othello", from: host });
    expect(told).toEqual(["t_aaaaaaaaa", "t_bbbbbbbbb"]);
    // A tournament is no match: the one on screen leaves none of them out.
    expect(notices(inbox.current, "m0").map((n) => n.key)).toEqual([
      "invite:m1:1",
      "tournament:t_bbbbbbbbb",
      "tournament:t_aaaaaaaaa",
    ]);
    const notice = notices(inbox.current, null).find((n) => n.kind === "tournament");
    expect(notice?.kind === "tournament" && notice.invitation.createdBy.name).toBe("Ada");
  });

  it("keeps a dismissed tournament invitation away when it is pushed again", () => {
    const inbox = new Inbox(() => 0);
    inbox.tournamentInvited(tournament("t_aaaaaaaaa"));
    inbox.dismiss("tournament:t_aaaaaaaaa");
    inbox.tournamentInvited(tournament("t_aaaaaaaaa"));
    expect(notices(inbox.current, null)).toEqual([]);
    inbox.identify("u1");
    inbox.identify("u2");
    expect(inbox.current.tournaments).toEqual([]);
  });
});
