/**
 * A pilot's profile (ours): what the FAA and a LAANC point of contact ask of a remote pilot, kept once
 * so forms are filled from it. Imports only zod. docs/auth.md "Pilot profile".
 */
import { z } from 'zod';

/** FAA drone registration numbers are "FA" and eight letters or digits (e.g. FA3XK7PM9T). */
export const RegistrationNumberSchema = z
  .string()
  .trim()
  .toUpperCase()
  .regex(/^FA[0-9A-Z]{8}$/, 'an FAA registration number is FA followed by 8 letters or digits, e.g. FA3XK7PM9T');

export const PilotProfileSchema = z
  .object({
    name: z.string().trim().min(1).max(100).describe('as it should appear to the FAA and on authorizations'),
    phoneNumber: z
      .string()
      .trim()
      .regex(/^\+?[0-9 ()./-]{7,25}$/, 'phoneNumber must be a phone number (digits, spaces, + ( ) . / -)')
      .nullable()
      .describe('reachable during flights: the LAANC point of contact'),
    part107Certificate: z
      .string()
      .trim()
      .regex(/^[0-9]{6,10}$/, 'part107Certificate is the remote pilot certificate number: 6 to 10 digits')
      .nullable()
      .describe('remote pilot certificate number (14 CFR 107 subpart C); null for recreational flyers'),
    registrations: z.array(RegistrationNumberSchema).max(50).describe('FAA registration numbers of the aircraft flown (14 CFR 48)'),
  })
  .strict()
  .meta({ id: 'PilotProfile' });
export type PilotProfile = z.infer<typeof PilotProfileSchema>;
