import { useState, type FormEvent } from 'react';
import type { PlatformOperation } from '../../../../server/contract/operations';
import { errorMessage } from '../../../lib/api-error';
import { clockChangeText, utcToZonedLocal, zonedLocalToUtc } from '../../../lib/zoned-time';
import { draftOf, useUpdateOperation } from '../../operations/api/update-operation';

interface Props {
  op: PlatformOperation;
  onDone(): void;
}

interface Values {
  name: string;
  desc: string;
  start: string;
  end: string;
  minAltitude: string;
  maxAltitude: string;
  flightType: PlatformOperation['flightType'];
  aircraftId: string;
}

function problemOf(v: Values, tz: string): string | null {
  if (!v.name.trim()) return 'Give the operation a name.';
  const start = zonedLocalToUtc(v.start, tz);
  const end = zonedLocalToUtc(v.end, tz);
  if (!start || !end) return 'Enter a start and an end.';
  if (end <= start) return 'The end must be after the start (spec 2.4).';
  const min = Number(v.minAltitude);
  const max = Number(v.maxAltitude);
  if (v.minAltitude === '' || v.maxAltitude === '' || !Number.isFinite(min) || !Number.isFinite(max)) return 'Enter both altitudes.';
  if (min > max) return 'The lowest altitude must not be above the highest (spec 2.4).';
  return null;
}

/** Name, description, times (in the area's zone), altitudes, flight type and aircraft; the area itself is kept. */
export function OperationEditForm({ op, onDone }: Props) {
  const tz = op.timezone;
  const [v, setV] = useState<Values>({
    name: op.name,
    desc: op.desc,
    start: utcToZonedLocal(new Date(op.startTime), tz),
    end: utcToZonedLocal(new Date(op.endTime), tz),
    minAltitude: String(op.minAltitude),
    maxAltitude: String(op.maxAltitude),
    flightType: op.flightType,
    aircraftId: op.aircraftId ?? '',
  });
  const update = useUpdateOperation(op.id);
  const problem = problemOf(v, tz);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (problem) return;
    const draft = draftOf(op, {
      name: v.name.trim(),
      desc: v.desc,
      startTime: zonedLocalToUtc(v.start, tz)!.toISOString(),
      endTime: zonedLocalToUtc(v.end, tz)!.toISOString(),
      minAltitude: Number(v.minAltitude),
      maxAltitude: Number(v.maxAltitude),
      flightType: v.flightType,
    });
    if (v.aircraftId.trim()) draft.aircraftId = v.aircraftId.trim();
    else delete draft.aircraftId;
    update.mutate(draft, { onSuccess: onDone });
  };
  const text = (key: keyof Values, label: string, type = 'text') => (
    <label className="field">
      <span>{label}</span>
      <input type={type} value={v[key]} onChange={(e) => setV({ ...v, [key]: e.target.value })} />
    </label>
  );

  return (
    <form className="stack" onSubmit={submit} data-testid="operation:edit-form" noValidate>
      {text('name', 'Name')}
      <label className="field">
        <span>Description</span>
        <textarea rows={2} value={v.desc} onChange={(e) => setV({ ...v, desc: e.target.value })} />
      </label>
      <div className="edit-times">
        {text('start', `Start (${tz})`, 'datetime-local')}
        {text('end', `End (${tz})`, 'datetime-local')}
      </div>
      <div className="grid-2">
        {text('minAltitude', 'Lowest altitude (ft)', 'number')}
        {text('maxAltitude', 'Highest altitude (ft)', 'number')}
        <label className="field">
          <span>Flight type</span>
          <select value={v.flightType} onChange={(e) => setV({ ...v, flightType: e.target.value as Values['flightType'] })}>
            <option value="FLIGHT_TYPE_COMMERCIAL">Commercial (Part 107)</option>
            <option value="FLIGHT_TYPE_RECREATIONAL">Recreational (44809)</option>
            <option value="FLIGHT_TYPE_UNSPECIFIED">Not set</option>
          </select>
        </label>
        {text('aircraftId', 'Aircraft (optional)')}
      </div>
      {/* A time the clocks skip or repeat is read one way (docs/portal.md, "Times"): said, not silently moved. */}
      {(['start', 'end'] as const).map((k) => {
        const at = zonedLocalToUtc(v[k], tz);
        const note = at && clockChangeText(v[k], tz, at, k === 'start' ? 'starts' : 'ends');
        return note ? (
          <p key={k} className="warning-text small" data-testid={`operation:edit-${k}-clock-change`}>
            {note}
          </p>
        ) : null;
      })}
      <p className="muted small">To change the area, plan a new operation: the LAANC candidates follow the area.</p>
      {update.isError && (
        <p role="alert" className="alert alert-error">
          The changes could not be saved: {errorMessage(update.error)}
        </p>
      )}
      <div className="toolbar">
        <button type="submit" className="button button-primary" disabled={!!problem || update.isPending}>
          {update.isPending ? 'Saving…' : 'Save changes'}
        </button>
        <button type="button" className="button" onClick={onDone}>
          Cancel
        </button>
      </div>
      {problem && <p className="muted small">{problem}</p>}
    </form>
  );
}
