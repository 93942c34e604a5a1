/**
 * Every route the service mounts. Each resource exports its list; add new lists here (one line each).
 */
import type { RouteSpec } from '../http/route';
import { authRoutes } from './auth/auth.routes';
import { systemRoutes } from './system/system.routes';

export function allRoutes(): RouteSpec[] {
  const list: RouteSpec[] = [...authRoutes];
  list.push(...systemRoutes(() => list));
  return list;
}
