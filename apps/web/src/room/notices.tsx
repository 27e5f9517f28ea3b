"use client";

import type { ResultText } from "./room-model";
import { Rich } from "../ui/player-name";

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
  refusal: string | null;
}) {
  return (
    <>
      {syncing && (
        <div className="banner info" role="status">
          Resyncing…
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
          Waiting for players…
        </div>
      )}
      {refusal !== null && (
        <p className="error" role="alert">
          {refusal}
        </p>
      )}
    </>
  );
}
