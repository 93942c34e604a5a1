import { useEffect, useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { errorMessage } from '../../../lib/api-error';
import { useCreateLaancOperation, type LaancDraft } from '../api/create-laanc-operation';
import { useCreateOperation, type OperationDraft } from '../api/create-operation';
import { useProfile } from '../../profile/api/get-profile';

export type OperationBase = Omit<OperationDraft, 'name' | 'authorizationProviders'>;

interface Props {
  /** null while `blocked` says why an operation cannot be created. */
  base: OperationBase | null;
  blocked: string | null;
  defaultName: string;
  /** The briefing says LAANC is the way to authorization here. */
  laancAvailable: boolean;
  license: NonNullable<LaancDraft['license']>;
  contact: { firstName: string; lastName: string; emailAddress: string };
  onCreated(operationId: string): void;
}

/** Saves the plan as a platform operation and, where LAANC applies, starts its LAANC request. */
export function CreateOperationForm({ base, blocked, defaultName, laancAvailable, license, contact, onCreated }: Props) {
  const [name, setName] = useState('');
  const [requestLaanc, setRequestLaanc] = useState(true);
  const [fixedAltitude, setFixedAltitude] = useState(false);
  const [poc, setPoc] = useState({ ...contact, phoneNumber: '' });
  // The pilot profile's phone fills the point of contact once it is known, unless one was typed.
  const profilePhone = useProfile(Boolean(contact.emailAddress)).data?.phoneNumber;
  useEffect(() => {
    if (profilePhone) setPoc((p) => (p.phoneNumber ? p : { ...p, phoneNumber: profilePhone }));
  }, [profilePhone]);
  const create = useCreateOperation();
  const laanc = useCreateLaancOperation();
  const withLaanc = laancAvailable && requestLaanc;
  const busy = create.isPending || laanc.isPending;
  const pocComplete = !withLaanc || (poc.firstName.trim() && poc.lastName.trim() && poc.emailAddress.trim() && /\d{7,}/.test(poc.phoneNumber.replace(/\D/g, '')));
  const disabledReason = blocked ?? (!pocComplete ? 'Fill in the point of contact for the LAANC request.' : null);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!base || disabledReason) return;
    const op = await create
      .mutateAsync({ ...base, name: name.trim() || defaultName, authorizationProviders: withLaanc ? ['APPROVAL_PROVIDER_LAANC'] : [] })
      .catch(() => null);
    if (!op) return;
    if (withLaanc) {
      const ok = await laanc.mutateAsync({ operationId: op.id, draft: { license, fixedAltitude, pointOfContact: poc } }).catch(() => null);
      if (!ok) return; // the error below links to the operation, which exists
    }
    onCreated(op.id);
  };

  const field = (key: keyof typeof poc, label: string, type = 'text', autoComplete?: string) => (
    <label className="field">
      <span>{label}</span>
      <input type={type} value={poc[key]} autoComplete={autoComplete} onChange={(e) => setPoc({ ...poc, [key]: e.target.value })} />
    </label>
  );

  return (
    <form className="stack" onSubmit={(e) => void submit(e)} data-testid="plan:create-operation">
      <label className="field">
        <span>Operation name</span>
        <input value={name} placeholder={defaultName} onChange={(e) => setName(e.target.value)} />
      </label>
      {laancAvailable && (
        <fieldset className="fieldset">
          <legend>LAANC</legend>
          <label className="check">
            <input type="checkbox" checked={requestLaanc} onChange={(e) => setRequestLaanc(e.target.checked)} />
            <span>Request LAANC authorization for this operation</span>
          </label>
          {requestLaanc && (
            <>
              <label className="check">
                <input type="checkbox" checked={fixedAltitude} onChange={(e) => setFixedAltitude(e.target.checked)} />
                <span>Keep my altitude (otherwise it is lowered to the facility-map ceiling where needed)</span>
              </label>
              <div className="grid-2">
                {field('firstName', 'First name', 'text', 'given-name')}
                {field('lastName', 'Last name', 'text', 'family-name')}
                {field('phoneNumber', 'Phone', 'tel', 'tel')}
                {field('emailAddress', 'Email', 'email', 'email')}
              </div>
            </>
          )}
        </fieldset>
      )}
      {create.isError && (
        <p role="alert" className="alert alert-error">
          The operation could not be created: {errorMessage(create.error)}
        </p>
      )}
      {laanc.isError && create.data && (
        <p role="alert" className="alert alert-error">
          The operation was created, but the LAANC request failed: {errorMessage(laanc.error)}{' '}
          <Link to={`/operations/${create.data.id}`}>Open the operation</Link>
        </p>
      )}
      <button type="submit" className="button button-primary" disabled={!!disabledReason || busy} title={disabledReason ?? undefined} aria-describedby={disabledReason ? 'create-blocked' : undefined}>
        {busy ? 'Creating…' : withLaanc ? 'Create operation and request LAANC' : 'Create operation'}
      </button>
      {disabledReason && (
        <p id="create-blocked" className="muted small">
          {disabledReason}
        </p>
      )}
    </form>
  );
}
