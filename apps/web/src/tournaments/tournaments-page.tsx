"use client";

import { useRouter } from "next/navigation";
import { useLocale, useTranslations } from "next-intl";
import { useState } from "react";
import { failureText } from "../i18n/errors";
import { useArena } from "../net/arena-context";
import { useGames } from "../net/use-games";
import { createTournament } from "../net/tournaments-api";
import { useTournamentList } from "../net/use-tournament-list";
import { type TournamentProblem, type TournamentForm, tournamentRequest } from "./create-model";
import { CreateTournament } from "./create-tournament";
import { TournamentList } from "./tournament-list";

type Shown = { readonly problem: TournamentProblem } | { readonly code: string; readonly message: string };

/** `/tournaments`: the list, with a countdown to each set start, and the create form for accounts. */
export function TournamentsPage() {
  const { session, state } = useArena();
  const router = useRouter();
  const games = useGames();
  const t = useTranslations("tournaments");
  const common = useTranslations("common");
  const errors = useTranslations("errors");
  const locale = useLocale();
  const list = useTournamentList();
  const [busy, setBusy] = useState(false);
  const [shown, setShown] = useState<Shown | null>(null);

  const create = async (form: TournamentForm) => {
    const token = session?.token;
    if (token === undefined) return;
    const built = tournamentRequest(form, Date.now());
    if (!built.ok) {
      setShown(built);
      return;
    }
    setBusy(true);
    setShown(null);
    const answer = await createTournament(built.request, token);
    setBusy(false);
    if (!answer.ok) {
      setShown(answer);
      return;
    }
    router.push(`/tournaments/${encodeURIComponent(answer.id)}`);
  };

  return (
    <div className="tournaments" data-testid="tournaments-page">
      <section className="panel" aria-labelledby="tournaments-title">
        <h1 id="tournaments-title">{t("title")}</h1>
        {list.status === "error" ? (
          <p className="error" role="alert">
            {failureText(errors, locale, list)}
          </p>
        ) : list.status === "loading" ? (
          <p className="muted">{common("loading")}</p>
        ) : (
          <TournamentList tournaments={list.tournaments} />
        )}
      </section>
      <section className="panel" aria-labelledby="create-tournament-title">
        <h2 id="create-tournament-title">{t("createTitle")}</h2>
        {session?.account === undefined ? (
          <p className="muted" data-testid="tournament-guest">
            {t("accountsOnly")}
          </p>
        ) : games === null ? (
          <p className="muted">{common("loading")}</p>
        ) : (
          <CreateTournament
            games={games}
            disabled={busy || state !== "connected"}
            onCreate={(f) => void create(f)}
          />
        )}
        {shown !== null && (
          <p className="error" role="alert" data-testid="tournament-create-error">
            {"problem" in shown ? t(`problem.${shown.problem}`) : failureText(errors, locale, shown)}
          </p>
        )}
      </section>
    </div>
  );
}
