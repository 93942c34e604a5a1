/** The caller's organization and its people, so clients can show names instead of user ids. */
import { z } from 'zod';
import { RoleSchema } from './auth';

export const MemberSchema = z.object({ id: z.string(), name: z.string(), roles: z.array(RoleSchema) }).meta({ id: 'Member' });
export type Member = z.infer<typeof MemberSchema>;

export const MembersSchema = z
  .object({
    organization: z.object({ id: z.string(), name: z.string() }).nullable(),
    members: z.array(MemberSchema),
  })
  .meta({ id: 'Members', description: "The caller's organization and its people (a person without one: only themselves)" });
export type Members = z.infer<typeof MembersSchema>;
