/**
 * Every route the service mounts. Each resource exports its list; add new lists here (one line each).
 */
import type { Profile } from '../config';
import type { RouteSpec } from '../http/route';
import { advisoryRoutes } from './advisory/advisory.routes';
import { authRoutes } from './auth/auth.routes';
import { signUpRoutes } from './auth/signup.routes';
import { aviationRoutes } from './aviation/aviation.routes';
import { briefingRoutes } from './briefing/briefing.routes';
import { elevationRoutes } from './elevation/elevation.routes';
import { ephemeralRoutes } from './ephemeral/ephemeral.routes';
import { laancRoutes } from './laanc/laanc.routes';
import { operationRoutes } from './operations/operations.routes';
import { inviteRoutes } from './organization/invites.routes';
import { organizationRoutes } from './organization/organization.routes';
import { profileRoutes } from './profile/profile.routes';
import { routeRoutes } from './route/route.routes';
import { placeRoutes } from './places/places.routes';
import { positionRoutes } from './positions/positions.routes';
import { sandboxRoutes } from './sandbox/sandbox.routes';
import { subscriberRoutes } from './subscribers/subscribers.routes';
import { surfaceRoutes } from './surface/surface.routes';
import { systemRoutes } from './system/system.routes';
import { tileRoutes } from './tiles/tiles.routes';

/** The sandbox FAA and sign-up routes exist only in the sandbox profile: a production deployment does not mount them. */
export function allRoutes(profile: Profile = 'sandbox'): RouteSpec[] {
  const list: RouteSpec[] = [...authRoutes];
  list.push(...briefingRoutes, ...advisoryRoutes, ...aviationRoutes);
  list.push(...tileRoutes);
  list.push(...surfaceRoutes);
  list.push(...routeRoutes);
  list.push(...placeRoutes);
  list.push(...elevationRoutes);
  list.push(...ephemeralRoutes, ...operationRoutes, ...laancRoutes, ...organizationRoutes, ...inviteRoutes, ...profileRoutes);
  list.push(...positionRoutes, ...subscriberRoutes);
  if (profile === 'sandbox') list.push(...signUpRoutes, ...sandboxRoutes());
  list.push(...systemRoutes(() => list));
  return list;
}
