import { useState, type FormEvent } from 'react';
import { PolygonSchema, type Polygon } from '../../../../server/contract/common';
import { errorMessage } from '../../../lib/api-error';
import { useSandboxAuthorizations } from '../api/list-sandbox-authorizations';
import { usePublishTfr, type TfrResult } from '../api/publish-tfr';

function parsePolygon(text: string): Polygon | string {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return 'That is not JSON.';
  }
  const g = (value as { type?: string; geometry?: unknown }).type === 'Feature' ? (value as { geometry: unknown }).geometry : value;
  const r = PolygonSchema.safeParse(g);
  return r.success ? r.data : `Not a closed GeoJSON Polygon (${r.error.issues[0]?.message ?? 'invalid'}).`;
}

/** Simulates a new TFR (POST /v1/sandbox/tfrs): over an approved authorization's area, or a pasted polygon. */
export function TfrForm() {
  const approved = useSandboxAuthorizations('STATUS_APPROVED');
  const publish = usePublishTfr();
  const [name, setName] = useState('Sandbox TFR');
  const [reason, setReason] = useState('');
  const [over, setOver] = useState('');
  const [geojson, setGeojson] = useState('');
  const [result, setResult] = useState<TfrResult | null>(null);
  const choices = approved.data?.authorizations ?? [];
  const fromAuth = choices.find((c) => c.authorization.id === over)?.authorization.geom ?? null;
  const parsed = over === 'paste' ? (geojson.trim() ? parsePolygon(geojson) : 'Paste a GeoJSON Polygon.') : fromAuth;
  const problem = !name.trim() ? 'Give the TFR a name.' : !reason.trim() ? 'Say why (the pilots see it).' : parsed === null ? 'Choose where.' : typeof parsed === 'string' ? parsed : null;

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (problem || !parsed || typeof parsed === 'string') return;
    publish.mutate({ name: name.trim(), reason: reason.trim(), geometry: parsed }, { onSuccess: setResult });
  };

  return (
    <section className="card" aria-labelledby="tfr-heading" data-testid="faa:tfr">
      <h2 id="tfr-heading">Simulate a new TFR</h2>
      <p className="muted small">It takes effect at once and has no end. Briefings and LAANC candidates see it; approved authorizations it overlaps become invalid.</p>
      <form className="stack" onSubmit={submit} noValidate>
        <div className="grid-2">
          <label className="field">
            <span>Name</span>
            <input value={name} onChange={(e) => setName(e.target.value)} />
          </label>
          <label className="field">
            <span>Where</span>
            <select value={over} onChange={(e) => setOver(e.target.value)} data-testid="faa:tfr-where">
              <option value="">Choose…</option>
              {choices.map((c) => (
                <option key={c.authorization.id} value={c.authorization.id}>
                  Over {c.authorization.referenceCode} ({c.operationName})
                </option>
              ))}
              <option value="paste">A GeoJSON polygon I paste</option>
            </select>
          </label>
        </div>
        {over === 'paste' && (
          <label className="field">
            <span>GeoJSON Polygon</span>
            <textarea rows={4} value={geojson} onChange={(e) => setGeojson(e.target.value)} />
          </label>
        )}
        <label className="field">
          <span>Reason</span>
          <input value={reason} onChange={(e) => setReason(e.target.value)} placeholder="e.g. Wildfire response (91.137)" />
        </label>
        {publish.isError && (
          <p role="alert" className="alert alert-error">
            The TFR could not be published: {errorMessage(publish.error)}
          </p>
        )}
        <div className="toolbar">
          <button type="submit" className="button button-primary" disabled={!!problem || publish.isPending}>
            {publish.isPending ? 'Publishing…' : 'Publish TFR'}
          </button>
        </div>
        {problem && <p className="muted small">{problem}</p>}
      </form>
      <div role="status">
        {result && (
          <p className="notice-bar tone-success" data-testid="faa:tfr-result">
            Published {result.tfrId} (data version {result.datasetVersion}). {result.invalidated.length} approved authorization{result.invalidated.length === 1 ? '' : 's'} became invalid.
          </p>
        )}
      </div>
    </section>
  );
}
