"use client";

import { useLocale, useTranslations } from "next-intl";
import { useState } from "react";
import { failureText } from "../i18n/errors";
import { downloadExport } from "../net/account-data-api";

/** "Download my data" (docs/web.md, "Settings"): the account's export, saved as a zip by the browser. */
export function DataPanel({ token }: { token: string }) {
  const t = useTranslations("accountData");
  const errors = useTranslations("errors");
  const locale = useLocale();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const download = async () => {
    setBusy(true);
    setError(null);
    const answer = await downloadExport(token);
    setBusy(false);
    if ("ok" in answer) {
      setError(failureText(errors, locale, answer));
      return;
    }
    // A link to the blob, clicked: the browser saves it under the server's file name.
    const url = URL.createObjectURL(answer.blob);
    const link = document.createElement("a");
    link.href = url;
    link.download = answer.fileName;
    document.body.append(link);
    link.click();
    link.remove();
    setTimeout(() => URL.revokeObjectURL(url), 60_000);
  };

  return (
    <section className="panel settings-section" aria-labelledby="data-title" data-testid="data-settings">
      <h3 id="data-title">{t("dataTitle")}</h3>
      <p className="muted">{t("dataHelp")}</p>
      <button
        type="button"
        className="btn"
        disabled={busy}
        data-testid="export-data"
        onClick={() => void download()}
      >
        {busy ? t("downloading") : t("download")}
      </button>
      {error !== null && (
        <p className="error" role="alert" data-testid="export-error">
          {error}
        </p>
      )}
    </section>
  );
}
