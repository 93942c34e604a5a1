import { useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { forgetToken } from '../../../lib/api-client';
import { errorMessage } from '../../../lib/api-error';
import { getClientSecret, updateSettings, useSettings } from '../../../lib/settings';
import { useCheckConnection } from '../api/check-connection';

/**
 * Which deployment the portal talks to. Another deployment is reached with client credentials;
 * the secret stays in this tab's memory only.
 */
export function ConnectionForm() {
  const { remote } = useSettings();
  const qc = useQueryClient();
  const check = useCheckConnection();
  const [useRemote, setUseRemote] = useState(remote !== null);
  const [baseUrl, setBaseUrl] = useState(remote?.baseUrl ?? '');
  const [clientId, setClientId] = useState(remote?.clientId ?? '');
  const [secret, setSecret] = useState(getClientSecret());
  const [saved, setSaved] = useState(false);

  const urlOk = !useRemote || /^https?:\/\/[^/\s]+/.test(baseUrl.trim());
  // Complain about the address only once something has been typed.
  const urlError = useRemote && baseUrl.trim() !== '' && !urlOk;
  const complete = !useRemote || (urlOk && clientId.trim() !== '' && secret !== '');

  const save = (e: FormEvent) => {
    e.preventDefault();
    if (!complete) return;
    updateSettings({ remote: useRemote ? { baseUrl: baseUrl.trim().replace(/\/+$/, ''), clientId: clientId.trim() } : null }, useRemote ? secret : '');
    forgetToken();
    // Answers cached from the previous deployment say nothing about this one.
    qc.clear();
    setSaved(true);
    check.mutate();
  };

  return (
    <form className="stack" onSubmit={save}>
      <fieldset className="fieldset">
        <legend>Deployment</legend>
        <label className="check">
          <input type="radio" name="deployment" checked={!useRemote} onChange={() => setUseRemote(false)} />
          <span>This deployment (your signed-in session)</span>
        </label>
        <label className="check">
          <input type="radio" name="deployment" checked={useRemote} onChange={() => setUseRemote(true)} />
          <span>Another deployment (API client credentials)</span>
        </label>
      </fieldset>
      {useRemote && (
        <>
          <label className="field">
            <span>Base URL</span>
            <input type="url" value={baseUrl} onChange={(e) => setBaseUrl(e.target.value)} placeholder="https://sandbox.example.com" aria-invalid={urlError || undefined} />
            {urlError && <small className="error-text">Enter an address starting with https:// or http://</small>}
          </label>
          <label className="field">
            <span>Client id</span>
            <input value={clientId} onChange={(e) => setClientId(e.target.value)} autoComplete="off" />
          </label>
          <label className="field">
            <span>Client secret</span>
            <input type="password" value={secret} onChange={(e) => setSecret(e.target.value)} autoComplete="off" />
            <small className="muted">Kept in this tab&rsquo;s memory only; enter it again after reloading.</small>
          </label>
        </>
      )}
      <div className="row">
        <button type="submit" className="button button-primary" disabled={!complete}>
          Save and check
        </button>
        <span role="status" className="muted">
          {check.isPending && 'Checking…'}
          {saved && check.isSuccess && `Connected: ${check.data.profile} profile, dataset ${check.data.dataset.version}.`}
        </span>
      </div>
      {check.isError && (
        <p role="alert" className="alert alert-error">
          {errorMessage(check.error)}
        </p>
      )}
    </form>
  );
}
