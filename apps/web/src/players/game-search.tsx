"use client";

import { GAME_IDS } from "@arena/engine/registry";
import { GAME_OUTCOMES } from "@arena/protocol/values";
import { useTranslations } from "next-intl";
import { useState } from "react";
import { useGameTitle } from "../i18n/use-game-words";
import { EMPTY_SEARCH, type SearchForm } from "./game-search-model";

/**
 * The profile's game search (docs/web.md, "Game search"): the game, the player's result, an opponent's
 * name and a date range; applied on submit, cleared in one click.
 */
export function GameSearch({ onSearch }: { onSearch: (form: SearchForm) => void }) {
  const t = useTranslations("gameSearch");
  const gameTitle = useGameTitle();
  const [form, setForm] = useState<SearchForm>(EMPTY_SEARCH);
  const field = (key: keyof SearchForm) => ({
    value: form[key],
    onChange: (event: { target: { value: string } }) => setForm({ ...form, [key]: event.target.value }),
  });
  return (
    <form
      className="game-search"
      data-testid="game-search"
      aria-label={t("title")}
      onSubmit={(event) => {
        event.preventDefault();
        onSearch(form);
      }}
    >
      <label>
        {t("game")}
        <select data-testid="search-game" {...field("gameId")}>
          <option value="">{t("anyGame")}</option>
          {GAME_IDS.map((id) => (
            <option key={id} value={id}>
              {gameTitle(id)}
            </option>
          ))}
        </select>
      </label>
      <label>
        {t("result")}
        <select data-testid="search-result" {...field("outcome")}>
          <option value="">{t("anyResult")}</option>
          {GAME_OUTCOMES.map((outcome) => (
            <option key={outcome} value={outcome}>
              {t(`outcome.${outcome}`)}
            </option>
          ))}
        </select>
      </label>
      <label>
        {t("opponent")}
        <input type="text" data-testid="search-opponent" maxLength={64} {...field("opponent")} />
      </label>
      <label>
        {t("from")}
        <input type="date" data-testid="search-from" {...field("from")} />
      </label>
      <label>
        {t("to")}
        <input type="date" data-testid="search-to" {...field("to")} />
      </label>
      <div className="game-search-actions">
        <button type="submit" className="btn small primary" data-testid="search-submit">
          {t("search")}
        </button>
        <button
          type="button"
          className="btn small"
          data-testid="search-clear"
          onClick={() => {
            setForm(EMPTY_SEARCH);
            onSearch(EMPTY_SEARCH);
          }}
        >
          {t("clear")}
        </button>
      </div>
    </form>
  );
}
