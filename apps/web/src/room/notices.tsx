"use client";

import { useLocale, useTranslations } from "next-intl";
import { failureText } from "../i18n/errors";
import { Rich } from "../ui/player-name";
import type { Refusal } from "./command-status";
import type { ResultText } from "./room-model";

/** The room's notices: resyncing, the result, waiting for players, and the last refusal. */
export function Notices({
  syncing,
  result,
  waiting,
  refusal,
}: {
  syncing: boolean;
  result: ResultText | null;
  waiting: boolean;
  refusal: Refusal | null;
}) {
  const t = useTranslations("room");
  const errors = useTranslations("errors");
  const locale = useLocale();
  return (
    <>
      {syncing && (
        <div className="banner info" role="status">
          {t("resyncing")}
        </div>
      )}
      {result !== null && (
        <div className="banner result" role="status" data-testid="result-banner">
          <strong>
            <Rich text={result.headline} />
          </strong>{" "}
          <span>
            <Rich text={result.detail} />
          </span>
        </div>
      )}
      {waiting && (
        <div className="banner info" role="status">
          {t("waiting")}
        </div>
      )}
      {refusal !== null && (
        <p className="error" role="alert" data-testid="refusal" data-code={refusal.code}>
          {failureText(errors, locale, refusal)}
        </p>
      )}
    </>
  );
}
