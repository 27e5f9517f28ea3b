"use client";

import { MAX_BANK_DAYS } from "@arena/protocol/values";
import { useTranslations } from "next-intl";
import { type CreateForm, DAYS_CHOICES } from "./create-model";

/** The most days a bank's increment may add per move (the protocol's `TimeBank`). */
const MAX_INCREMENT_DAYS = 7;

/**
 * The create form's correspondence choices (docs/web.md, "Correspondence"): days per move as chips, or a
 * time bank (days to start, days added per move, the cap), within the protocol's bounds.
 */
export function CorrespondenceFields({
  form,
  onChange,
}: {
  form: CreateForm;
  onChange: (form: CreateForm) => void;
}) {
  const t = useTranslations("create");
  return (
    <div className="correspondence-fields" data-testid="correspondence-fields">
      <div className="chips">
        <label className={`chip${form.correspondence === "days" ? " on" : ""}`}>
          <input
            type="radio"
            name="correspondence"
            checked={form.correspondence === "days"}
            onChange={() => onChange({ ...form, correspondence: "days" })}
          />
          {t("daysPerMove")}
        </label>
        <label className={`chip${form.correspondence === "bank" ? " on" : ""}`}>
          <input
            type="radio"
            name="correspondence"
            checked={form.correspondence === "bank"}
            onChange={() => onChange({ ...form, correspondence: "bank" })}
          />
          {t("timeBank")}
        </label>
      </div>
      {form.correspondence === "days" ? (
        <div className="chips" role="radiogroup" aria-label={t("daysPerMove")}>
          {DAYS_CHOICES.map((days) => (
            <label key={days} className={`chip${form.daysPerMove === days ? " on" : ""}`}>
              <input
                type="radio"
                name="days-per-move"
                value={days}
                data-testid={`days-per-move-${days}`}
                checked={form.daysPerMove === days}
                onChange={() => onChange({ ...form, daysPerMove: days })}
              />
              {t("days", { days })}
            </label>
          ))}
        </div>
      ) : (
        <div className="row">
          <DaysInput
            label={t("bankDays")}
            min={1}
            max={MAX_BANK_DAYS}
            value={form.bankDays}
            onChange={(bankDays) => onChange({ ...form, bankDays })}
          />
          <DaysInput
            label={t("incrementDays")}
            min={0}
            max={MAX_INCREMENT_DAYS}
            value={form.incrementDays}
            onChange={(incrementDays) => onChange({ ...form, incrementDays })}
          />
          <DaysInput
            label={t("capDays")}
            min={1}
            max={MAX_BANK_DAYS}
            value={form.capDays}
            onChange={(capDays) => onChange({ ...form, capDays })}
          />
        </div>
      )}
    </div>
  );
}

function DaysInput({
  label,
  min,
  max,
  value,
  onChange,
}: {
  label: string;
  min: number;
  max: number;
  value: number;
  onChange: (value: number) => void;
}) {
  return (
    <label>
      {label}{" "}
      <input
        aria-label={label}
        type="number"
        min={min}
        max={max}
        step={1}
        value={value}
        onChange={(e) => onChange(Math.round(Number(e.target.value)))}
      />
    </label>
  );
}
