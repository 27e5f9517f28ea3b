"use client";

import { useState } from "react";
import { useArena } from "../net/arena-context";
import { login, register } from "../net/players-api";

type Mode = "login" | "register";

/**
 * Logging in, or registering (a guest claims a username and keeps its games): docs/web.md, "Accounts".
 * Errors are the server's words (taken names, weak passwords, "wrong name or password").
 */
export function AccountForms({ onDone }: { onDone: () => void }) {
  const { client, session } = useArena();
  const [mode, setMode] = useState<Mode>("login");
  const [name, setName] = useState("");
  const [password, setPassword] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const submit = async () => {
    if (client === null) return;
    setBusy(true);
    setError(null);
    const answer =
      mode === "login" ? await login(name, password) : await register(name, password, session?.token);
    setBusy(false);
    if (!answer.ok) {
      setError(answer.message);
      return;
    }
    setPassword("");
    client.signIn(answer.token);
    onDone();
  };
  return (
    <div className="account-forms" role="dialog" aria-label={mode === "login" ? "Log in" : "Register"}>
      <div className="tabs" role="tablist">
        {(["login", "register"] as const).map((m) => (
          <button
            key={m}
            type="button"
            role="tab"
            aria-selected={mode === m}
            className={`link-btn${mode === m ? " on" : ""}`}
            data-testid={`${m}-tab`}
            onClick={() => {
              setMode(m);
              setError(null);
            }}
          >
            {m === "login" ? "Log in" : "Register"}
          </button>
        ))}
      </div>
      <form
        data-testid={`${mode}-form`}
        onSubmit={(e) => {
          e.preventDefault();
          void submit();
        }}
      >
        <label className="field">
          Username
          <input
            name="username"
            autoComplete="username"
            value={name}
            maxLength={20}
            required
            autoFocus
            onChange={(e) => setName(e.target.value)}
          />
        </label>
        <label className="field">
          Password
          <input
            name="password"
            type="password"
            autoComplete={mode === "login" ? "current-password" : "new-password"}
            value={password}
            required
            onChange={(e) => setPassword(e.target.value)}
          />
        </label>
        {mode === "register" && (
          <p className="muted small">
            3–20 letters, digits, _ or -. A password of at least 8 characters. Your games as a guest stay
            yours.
          </p>
        )}
        {error !== null && (
          <p className="error" role="alert" data-testid="account-error">
            {error}
          </p>
        )}
        <button type="submit" className="btn primary small" disabled={busy} data-testid={`${mode}-submit`}>
          {mode === "login" ? "Log in" : "Register"}
        </button>
      </form>
    </div>
  );
}
