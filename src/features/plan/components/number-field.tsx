import { useEffect, useState } from 'react';

interface Props {
  label: string;
  value: number;
  unit: string;
  min: number;
  max: number;
  step?: number;
  /** Called with valid values only; the field keeps what was typed while it is not valid. */
  onChange(value: number): void;
  error?: string | null;
  testId?: string;
}

/** A number input that lets the pilot type freely (an empty field, "1.") without fighting back. */
export function NumberField({ label, value, unit, min, max, step = 1, onChange, error, testId }: Props) {
  const [text, setText] = useState(String(value));
  useEffect(() => {
    // Follow outside changes (unit switch, a link), unless the text already means this value.
    setText((t) => (Number(t) === value ? t : String(value)));
  }, [value]);
  const n = Number(text);
  const invalid = text.trim() === '' || !Number.isFinite(n) || n < min || n > max;
  const message = error ?? (invalid ? `Enter a number from ${min} to ${max} ${unit}.` : null);
  return (
    <label className="field">
      <span>
        {label} <span className="muted">({unit})</span>
      </span>
      <input
        type="number"
        inputMode="decimal"
        min={min}
        max={max}
        step={step}
        value={text}
        data-testid={testId}
        aria-invalid={message ? true : undefined}
        onChange={(e) => {
          setText(e.target.value);
          const v = Number(e.target.value);
          if (e.target.value.trim() !== '' && Number.isFinite(v) && v >= min && v <= max) onChange(v);
        }}
      />
      {message && <small className="error-text">{message}</small>}
    </label>
  );
}
