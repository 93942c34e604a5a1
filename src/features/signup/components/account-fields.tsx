/**
 * Name, email and password of a new account (sandbox sign-up and sign-up by invite), checked as the
 * service checks them (docs/auth.md "Sign-up"), so most mistakes are named before anything is sent.
 */
import { useId } from 'react';

export interface AccountDraft {
  name: string;
  email: string;
  password: string;
}

export const EMPTY_ACCOUNT: AccountDraft = { name: '', email: '', password: '' };

/** The service's rule: 10 to 200 characters (server/contract/auth.ts NewPasswordSchema). */
export const PASSWORD_MIN = 10;
const PASSWORD_MAX = 200;
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function accountProblems(d: AccountDraft): Partial<Record<keyof AccountDraft, string>> {
  const out: Partial<Record<keyof AccountDraft, string>> = {};
  if (!d.name.trim()) out.name = 'Enter your name.';
  else if (d.name.trim().length > 100) out.name = 'At most 100 characters.';
  if (!EMAIL.test(d.email.trim())) out.email = 'Enter an email address.';
  if (d.password.length < PASSWORD_MIN) out.password = `At least ${PASSWORD_MIN} characters.`;
  else if (d.password.length > PASSWORD_MAX) out.password = `At most ${PASSWORD_MAX} characters.`;
  return out;
}

export const toAccount = (d: AccountDraft): AccountDraft => ({ name: d.name.trim(), email: d.email.trim(), password: d.password });

interface Props {
  value: AccountDraft;
  onChange: (d: AccountDraft) => void;
  /** Show each problem under its field (after a first try). */
  showProblems: boolean;
  testIdPrefix: string;
}

export function AccountFields({ value, onChange, showProblems, testIdPrefix }: Props) {
  const id = useId();
  const problems = showProblems ? accountProblems(value) : {};
  const hints: Record<keyof AccountDraft, string> = {
    name: 'As your organization and the FAA see it.',
    email: 'You sign in with it.',
    password: `At least ${PASSWORD_MIN} characters; a few words make a good one.`,
  };
  const field = (key: keyof AccountDraft, label: string, type: string, autoComplete: string) => {
    const problem = problems[key];
    const hintId = `${id}-${key}`;
    return (
      <label className="field">
        <span>{label}</span>
        <input
          type={type}
          name={key}
          autoComplete={autoComplete}
          required
          value={value[key]}
          aria-invalid={problem ? true : undefined}
          aria-describedby={hintId}
          onChange={(e) => onChange({ ...value, [key]: e.target.value })}
          data-testid={`${testIdPrefix}:${key}`}
        />
        <span id={hintId} className={problem ? 'error-text small' : 'muted small'}>
          {problem ?? hints[key]}
        </span>
      </label>
    );
  };
  return (
    <>
      {field('name', 'Your name', 'text', 'name')}
      {field('email', 'Email', 'email', 'username')}
      {field('password', 'Password', 'password', 'new-password')}
    </>
  );
}
