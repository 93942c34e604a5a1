/**
 * The demo people of a sandbox deployment (seeded by server/seed.ts). In the contract because the
 * portal's sign-in page lists them in the sandbox: one list, not a copy that drifts. The passwords
 * are public demo values and work only where PROFILE=sandbox seeded them.
 */
import type { Role } from './auth';

export interface DemoAccount {
  email: string;
  password: string;
  name: string;
  roles: Role[];
  organization: string | null;
}

export const DEMO_ACCOUNTS: DemoAccount[] = [
  { email: 'pilot@cascade.example', password: 'demo-pilot', name: 'Alice Pilot', roles: ['pilot'], organization: 'Cascade Aerial' },
  { email: 'operator@cascade.example', password: 'demo-operator', name: 'Olivia Operator', roles: ['pilot', 'operator'], organization: 'Cascade Aerial' },
  { email: 'pilot@potomac.example', password: 'demo-pilot', name: 'Bob Pilot', roles: ['pilot'], organization: 'Potomac Drone Works' },
  { email: 'faa@sandbox.example', password: 'demo-faa', name: 'Sandbox FAA', roles: ['faa'], organization: null },
];
