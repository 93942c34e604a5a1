/**
 * /plan/operations/:id/claim, the link an integration hands out (spec 4.7). Open to everyone: the
 * public preview shows the area; signed in, the area's briefing (features/briefing) joins it and
 * the operation can be claimed. The sign-in link returns here (sign-in-path.ts).
 */
import type { Geometry } from 'geojson';
import { useCallback, useMemo, useState } from 'react';
import { useLocation, useParams } from 'react-router-dom';
import type { Geometry as ContractGeometry } from '../../../server/contract/common';
import { useMe } from '../../features/account/api/get-me';
import { BriefingPanel } from '../../features/briefing/components/briefing-panel';
import type { EphemeralPreview } from '../../features/claim/api/get-ephemeral-preview';
import { ClaimPage } from '../../features/claim/components/claim-page';
import { useSettings } from '../../lib/settings';
import { signInPath } from '../sign-in-path';
// The briefing panel's styles live with the plan page.
import '../plan/plan.css';

export function Component() {
  const { id = '' } = useParams();
  const location = useLocation();
  const me = useMe();
  const { remote } = useSettings();
  const [highlight, setHighlight] = useState<Geometry | null>(null);
  const onHighlight = useCallback((g: ContractGeometry | null) => setHighlight(g as Geometry | null), []);
  const signedIn = remote ? true : me.isPending ? null : !!me.data;
  const href = signInPath(location);
  return (
    <ClaimPage
      key={id}
      id={id}
      signedIn={signedIn}
      signInHref={href}
      highlight={highlight}
      briefing={(p, zone) => <ClaimBriefing preview={p} timeZone={zone} signInHref={href} onHighlight={onHighlight} />}
    />
  );
}

function ClaimBriefing({ preview: p, timeZone, signInHref, onHighlight }: { preview: EphemeralPreview; timeZone: string; signInHref: string; onHighlight(g: ContractGeometry | null): void }) {
  // The panel debounces its input by identity: keep one object per preview.
  const input = useMemo(() => ({ boundary: p.boundary, startTime: p.startTime, endTime: p.endTime, maxAltitude: Math.min(400, p.maxAltitude) }), [p]);
  return <BriefingPanel input={input} blocked={null} timeZone={timeZone} signInHref={signInHref} onHighlight={onHighlight} />;
}
