import type { Invitation, MyGame, MyGameChange, RematchOffer, TournamentInvitation } from "@arena/protocol";
import { applyMyGameChange } from "@arena/protocol/values";

/** A game of the list with the local time its clock was received at (a running clock ticks from then). */
export interface HeldGame {
  readonly game: MyGame;
  readonly receivedAt: number;
}

/** One line of the notification list (docs/web.md, "My games"). */
export type Notice =
  | { readonly kind: "invitation"; readonly key: string; readonly invitation: Invitation }
  | { readonly kind: "tournament"; readonly key: string; readonly invitation: TournamentInvitation }
  | { readonly kind: "rematch"; readonly key: string; readonly offer: RematchOffer }
  | { readonly kind: "turn"; readonly key: string; readonly game: MyGame };

export interface InboxState {
  /** The user's live games, your-turn games first. */
  readonly games: readonly HeldGame[];
  readonly invitations: readonly Invitation[];
  /** Tournaments the user was invited to by name, each once however often it is sent. */
  readonly tournaments: readonly TournamentInvitation[];
  readonly rematches: readonly RematchOffer[];
  /** Notices the user dismissed (declined invitations, answered offers), by key. */
  readonly dismissed: ReadonlySet<string>;
}

const EMPTY: InboxState = {
  games: [],
  invitations: [],
  tournaments: [],
  rematches: [],
  dismissed: new Set(),
};

export const invitationKey = (i: Invitation): string => `invite:${i.matchId}:${i.seat}`;
export const tournamentKey = (i: TournamentInvitation): string => `tournament:${i.id}`;
export const rematchKey = (o: RematchOffer): string => `rematch:${o.matchId}`;
export const turnKey = (g: MyGame): string => `turn:${g.matchId}`;

/**
 * What the user's own channel brought this tab (docs/protocol.md, "My games"): their live games, the
 * invitations and rematch offers they have not answered. One per tab, kept across its pages (each page opens
 * its own socket, which feeds it: `games:list` on connecting replaces the games, invitations come again).
 */
export class Inbox {
  private state: InboxState = EMPTY;
  private user: string | null = null;
  private readonly listeners = new Set<() => void>();
  private readonly turnListeners = new Set<(game: MyGame) => void>();
  private readonly tournamentListeners = new Set<(invitation: TournamentInvitation) => void>();

  constructor(private readonly now: () => number) {}

  get current(): InboxState {
    return this.state;
  }

  subscribe(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Called once each time one of the user's games becomes theirs to move (never for the list on connecting). */
  onTurn(listener: (game: MyGame) => void): () => void {
    this.turnListeners.add(listener);
    return () => this.turnListeners.delete(listener);
  }

  /** Called once for each tournament invitation new to this tab (never for its repeats on connecting). */
  onTournamentInvitation(listener: (invitation: TournamentInvitation) => void): () => void {
    this.tournamentListeners.add(listener);
    return () => this.tournamentListeners.delete(listener);
  }

  /** The tab's user (from each `session:ready`): another user (signing in or out) starts from nothing. */
  identify(userId: string): void {
    if (this.user !== null && this.user !== userId) this.set(EMPTY);
    this.user = userId;
  }

  listed(games: readonly MyGame[]): void {
    const at = this.now();
    this.set({ ...this.state, games: games.map((game) => ({ game, receivedAt: at })) });
  }

  changed(change: MyGameChange): void {
    const before = this.state.games.find((held) => held.game.matchId === change.matchId)?.game;
    const at = this.now();
    const received = new Map(this.state.games.map((held) => [held.game.matchId, held.receivedAt]));
    received.set(change.matchId, at);
    const games = applyMyGameChange(
      this.state.games.map((held) => held.game),
      change,
    ).map((game) => ({ game, receivedAt: received.get(game.matchId) ?? at }));
    // A game the user now plays answers its invitation.
    const invitations = this.state.invitations.filter((i) => i.matchId !== change.matchId);
    const turnStarted = change.game?.myTurn === true && before?.myTurn !== true;
    const dismissed = new Set(this.state.dismissed);
    // A new turn in a game whose last "your turn" was dismissed is news again.
    if (change.game !== null && turnStarted) dismissed.delete(turnKey(change.game));
    this.set({ ...this.state, games, invitations, dismissed });
    if (change.game !== null && turnStarted) {
      for (const listener of this.turnListeners) listener(change.game);
    }
  }

  invited(invitation: Invitation): void {
    const key = invitationKey(invitation);
    if (this.state.invitations.some((i) => invitationKey(i) === key)) return;
    this.set({ ...this.state, invitations: [...this.state.invitations, invitation] });
  }

  /** `tournament:invited`: sent again on every connect, so a known one changes nothing. */
  tournamentInvited(invitation: TournamentInvitation): void {
    if (this.state.tournaments.some((i) => i.id === invitation.id)) return;
    this.set({ ...this.state, tournaments: [...this.state.tournaments, invitation] });
    for (const listener of this.tournamentListeners) listener(invitation);
  }

  rematchOffered(offer: RematchOffer): void {
    const rematches = this.state.rematches.filter((o) => o.matchId !== offer.matchId);
    const dismissed = new Set(this.state.dismissed);
    dismissed.delete(rematchKey(offer));
    this.set({ ...this.state, rematches: [...rematches, offer], dismissed });
  }

  /** The notice is answered or declined: it leaves the list for the rest of the session. */
  dismiss(key: string): void {
    if (this.state.dismissed.has(key)) return;
    this.set({ ...this.state, dismissed: new Set([...this.state.dismissed, key]) });
  }

  private set(state: InboxState): void {
    this.state = state;
    for (const listener of this.listeners) listener();
  }
}

/**
 * The notification list: invitations (to a seat, then to a tournament) and rematch offers not answered, then
 * "your turn", newest first within each kind, leaving out the match on screen (`onScreen`: the match of the
 * page shown, if any).
 */
export function notices(state: InboxState, onScreen: string | null): Notice[] {
  // The room on screen shows its own invitation, offers and turn.
  const shown = (notice: Notice) => {
    const match = matchOf(notice);
    return !state.dismissed.has(notice.key) && (match === null || match !== onScreen);
  };
  return [
    ...state.invitations
      .map((invitation): Notice => ({ kind: "invitation", key: invitationKey(invitation), invitation }))
      .reverse(),
    ...state.tournaments
      .map((invitation): Notice => ({ kind: "tournament", key: tournamentKey(invitation), invitation }))
      .reverse(),
    ...state.rematches.map((offer): Notice => ({ kind: "rematch", key: rematchKey(offer), offer })).reverse(),
    ...state.games
      .filter(({ game }) => game.myTurn)
      .map(({ game }): Notice => ({ kind: "turn", key: turnKey(game), game })),
  ].filter(shown);
}

/** The match a notice is about; a tournament's is about none. */
function matchOf(notice: Notice): string | null {
  switch (notice.kind) {
    case "invitation":
      return notice.invitation.matchId;
    case "tournament":
      return null;
    case "rematch":
      return notice.offer.matchId;
    case "turn":
      return notice.game.matchId;
  }
}

/** The user's clock in a game of the list as of local time `now`: a running clock ticks down. */
export function clockAt(held: HeldGame, now: number): number | null {
  const clock = held.game.clock;
  if (clock === null) return null;
  return clock.running ? Math.max(0, clock.remainingMs - (now - held.receivedAt)) : clock.remainingMs;
}
