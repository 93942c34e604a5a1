import { useState, type FormEvent } from 'react';
import type { PilotProfile } from '../../../../server/contract/profile';
import { ErrorState, LoadingState } from '../../../components/load-states';
import { errorMessage } from '../../../lib/api-error';
import { useProfile } from '../api/get-profile';
import { useSaveProfile } from '../api/save-profile';

const PHONE = /^\+?[0-9 ()./-]{7,25}$/;
const CERTIFICATE = /^[0-9]{6,10}$/;
const REGISTRATION = /^FA[0-9A-Z]{8}$/;

interface Draft {
  name: string;
  phoneNumber: string;
  part107Certificate: string;
  registrations: string;
}

const toDraft = (p: PilotProfile): Draft => ({
  name: p.name,
  phoneNumber: p.phoneNumber ?? '',
  part107Certificate: p.part107Certificate ?? '',
  registrations: p.registrations.join(', '),
});

/** Registration numbers as typed (commas, spaces or new lines between them), upper-cased. */
export const splitRegistrations = (s: string): string[] => s.split(/[\s,;]+/).map((r) => r.trim().toUpperCase()).filter(Boolean);

/** What is wrong with the draft, field by field, in words a pilot reads; empty when it can be saved. */
export function draftProblems(d: Draft): Partial<Record<keyof Draft, string>> {
  const out: Partial<Record<keyof Draft, string>> = {};
  if (!d.name.trim()) out.name = 'Enter your name.';
  if (d.phoneNumber.trim() && !PHONE.test(d.phoneNumber.trim())) out.phoneNumber = 'Enter a phone number (at least 7 digits).';
  if (d.part107Certificate.trim() && !CERTIFICATE.test(d.part107Certificate.trim())) out.part107Certificate = 'The certificate number is 6 to 10 digits.';
  const bad = splitRegistrations(d.registrations).filter((r) => !REGISTRATION.test(r));
  if (bad.length) out.registrations = `Not an FAA registration number: ${bad.join(', ')} (FA and 8 letters or digits).`;
  return out;
}

/** The pilot profile: what forms (the LAANC point of contact) are filled from, and what the FAA sees. */
export function ProfileForm() {
  const profile = useProfile();
  if (profile.isError && !profile.data) return <ErrorState title="Your profile could not be loaded." error={profile.error} onRetry={() => void profile.refetch()} testId="profile:error" />;
  if (!profile.data) return <LoadingState label="Loading your profile…" testId="profile:loading" />;
  return <Editor initial={profile.data} />;
}

function Editor({ initial }: { initial: PilotProfile }) {
  const [d, setD] = useState(() => toDraft(initial));
  const [tried, setTried] = useState(false);
  const save = useSaveProfile();
  const problems = draftProblems(d);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    setTried(true);
    if (Object.keys(problems).length) return;
    save.mutate({
      name: d.name.trim(),
      phoneNumber: d.phoneNumber.trim() || null,
      part107Certificate: d.part107Certificate.trim() || null,
      registrations: [...new Set(splitRegistrations(d.registrations))],
    });
  };
  const field = (key: keyof Draft, label: string, hint: string, props: { type?: string; autoComplete?: string; inputMode?: 'numeric' | 'tel' } = {}) => {
    const problem = tried ? problems[key] : undefined;
    const hintId = `profile-${key}-hint`;
    return (
      <label className="field">
        <span>{label}</span>
        <input
          type={props.type ?? 'text'}
          value={d[key]}
          autoComplete={props.autoComplete}
          inputMode={props.inputMode}
          aria-invalid={problem ? true : undefined}
          aria-describedby={hintId}
          onChange={(e) => {
            setD({ ...d, [key]: e.target.value });
            save.reset();
          }}
          data-testid={`profile:${key}`}
        />
        <span id={hintId} className={problem ? 'error-text small' : 'muted small'}>
          {problem ?? hint}
        </span>
      </label>
    );
  };

  return (
    <form className="stack" onSubmit={submit} noValidate data-testid="profile:form">
      {field('name', 'Name', 'As the FAA and your organization see it.', { autoComplete: 'name' })}
      {field('phoneNumber', 'Phone', 'Where ATC can reach you during a flight: the LAANC point of contact.', { type: 'tel', autoComplete: 'tel', inputMode: 'tel' })}
      {field('part107Certificate', 'Part 107 certificate number', 'Your remote pilot certificate. Leave empty if you fly recreationally.', { inputMode: 'numeric' })}
      {field('registrations', 'FAA registration numbers', 'Of the drones you fly (FA followed by 8 letters or digits), separated by commas.')}
      {save.isError && (
        <p role="alert" className="alert alert-error">
          Your profile could not be saved: {errorMessage(save.error)}
        </p>
      )}
      {save.isSuccess && (
        <p role="status" className="alert alert-success" data-testid="profile:saved">
          Saved. New LAANC requests use this phone number and name.
        </p>
      )}
      <div className="toolbar">
        <button type="submit" className="button button-primary" disabled={save.isPending} data-testid="profile:save">
          {save.isPending ? 'Saving…' : 'Save profile'}
        </button>
      </div>
    </form>
  );
}
