import { useState, type FormEvent } from 'react';
import type { License, PointOfContactSchema } from '../../../../server/contract/laanc';
import type { z } from 'zod';
import { errorMessage } from '../../../lib/api-error';
import { useCreateLaancOperation } from '../../operations/api/create-laanc-operation';
import { useUpdateLaancOperation } from '../api/update-laanc-operation';

export type PointOfContact = z.infer<typeof PointOfContactSchema>;

export interface LaancDetails {
  license: License;
  fixedAltitude: boolean;
  pointOfContact: PointOfContact;
}

interface Props {
  operationId: string;
  mode: 'create' | 'edit';
  initial: LaancDetails;
  onDone(): void;
  onCancel?(): void;
}

const PHONE = /^\+?[0-9 ()./-]{7,25}$/;

/** License, fixed altitude and point of contact of the LAANC operation (spec 2.5): create it, or change it. */
export function LaancDetailsForm({ operationId, mode, initial, onDone, onCancel }: Props) {
  const [v, setV] = useState(initial);
  const create = useCreateLaancOperation();
  const update = useUpdateLaancOperation(operationId);
  const m = mode === 'create' ? create : update;
  const poc = v.pointOfContact;
  const missing =
    !poc.firstName.trim() || !poc.lastName.trim() ? 'Enter the name of the point of contact.' : !PHONE.test(poc.phoneNumber.trim()) ? 'Enter a phone number (at least 7 digits).' : !/^\S+@\S+\.\S+$/.test(poc.emailAddress.trim()) ? 'Enter an email address.' : null;

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (missing) return;
    const draft = { ...v, pointOfContact: { firstName: poc.firstName.trim(), lastName: poc.lastName.trim(), phoneNumber: poc.phoneNumber.trim(), emailAddress: poc.emailAddress.trim() } };
    if (mode === 'create') create.mutate({ operationId, draft }, { onSuccess: onDone });
    else update.mutate(draft, { onSuccess: onDone });
  };
  const field = (key: keyof PointOfContact, label: string, type: string, autoComplete: string, wide = false) => (
    <label className={wide ? 'field field-wide' : 'field'}>
      <span>{label}</span>
      <input type={type} value={poc[key]} autoComplete={autoComplete} required onChange={(e) => setV({ ...v, pointOfContact: { ...poc, [key]: e.target.value } })} />
    </label>
  );

  return (
    <form className="stack" onSubmit={submit} data-testid="laanc:details-form" noValidate>
      <fieldset className="fieldset">
        <legend>License</legend>
        <div className="segmented">
          {(['LICENSE_PART_107', 'LICENSE_SECTION_44809'] as const).map((l) => (
            <label key={l}>
              <input type="radio" name="license" value={l} checked={v.license === l} onChange={() => setV({ ...v, license: l })} />
              <span>{l === 'LICENSE_PART_107' ? 'Part 107 (commercial)' : 'Section 44809 (recreational)'}</span>
            </label>
          ))}
        </div>
        <p className="muted small">Only Part 107 pilots may ask for further coordination above the facility-map ceiling.</p>
      </fieldset>
      <label className="check">
        <input type="checkbox" checked={v.fixedAltitude} onChange={(e) => setV({ ...v, fixedAltitude: e.target.checked })} />
        <span>Keep my altitude. Otherwise it is lowered to the facility-map ceiling where needed, so it can be approved automatically.</span>
      </label>
      <fieldset className="fieldset">
        <legend>Point of contact</legend>
        {/* The names side by side; the phone and the email on lines of their own: in a quarter or a half
            of the card an address was cut ("pilot@cascade.exa"), at 1280 px and at 390 px. */}
        <div className="contact-grid">
          {field('firstName', 'First name', 'text', 'given-name')}
          {field('lastName', 'Last name', 'text', 'family-name')}
          {field('phoneNumber', 'Phone', 'tel', 'tel', true)}
          {field('emailAddress', 'Email', 'email', 'email', true)}
        </div>
      </fieldset>
      {m.isError && (
        <p role="alert" className="alert alert-error">
          {mode === 'create' ? 'The LAANC request could not be created: ' : 'The LAANC details could not be saved: '}
          {errorMessage(m.error)}
        </p>
      )}
      <div className="toolbar">
        <button type="submit" className="button button-primary" disabled={!!missing || m.isPending} aria-describedby={missing ? `${operationId}-laanc-missing` : undefined}>
          {m.isPending ? 'Saving…' : mode === 'create' ? 'Start the LAANC request' : 'Save LAANC details'}
        </button>
        {onCancel && (
          <button type="button" className="button" onClick={onCancel}>
            Cancel
          </button>
        )}
      </div>
      {missing && (
        <p id={`${operationId}-laanc-missing`} className="muted small">
          {missing}
        </p>
      )}
    </form>
  );
}
