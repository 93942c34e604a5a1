/** POST /v1/sandbox/tfrs: a simulated TFR; approved authorizations it overlaps become STATUS_INVALID. */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { SandboxTfrResultSchema, SandboxTfrRequestSchema } from '../../../../server/contract/laanc';
import { request, schemaFrom } from '../../../lib/api-client';
import { sandboxKeys } from '../sandbox-keys';

export type TfrDraft = z.input<typeof SandboxTfrRequestSchema>;
export type TfrResult = z.infer<typeof SandboxTfrResultSchema>;

export function publishTfr(draft: TfrDraft): Promise<TfrResult> {
  return request('/v1/sandbox/tfrs', schemaFrom(() => import('../../../../server/contract/laanc'), 'SandboxTfrResultSchema'), { method: 'POST', body: draft });
}

export function usePublishTfr() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: publishTfr, onSuccess: () => void qc.invalidateQueries({ queryKey: sandboxKeys.all }) });
}
