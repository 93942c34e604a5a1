import type { FeatureCollection } from 'geojson';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { flushSync } from 'react-dom';
import { useLocation, useNavigate } from 'react-router-dom';
import type { Geometry } from '../../../server/contract/common';
import { useMe } from '../../features/account/api/get-me';
import type { BriefingShown } from '../../features/briefing/components/briefing-panel';
import { PlanBriefing } from '../../features/briefing/components/briefing-section';
import { STATUS_TEXT } from '../../features/briefing/briefing-text';
import { MapLayersControl } from '../../features/map-layers/components/map-layers-control';
import { hiddenLayerIds } from '../../features/map-layers/layer-groups';
import { useHiddenGroups } from '../../features/map-layers/use-hidden-groups';
import { CreateOperationForm } from '../../features/operations/components/create-operation-form';
import { DrawTools } from '../../features/plan/components/draw-tools';
import { FlightForm } from '../../features/plan/components/flight-form';
import { LimitsStatus } from '../../features/plan/components/limits-status';
import { ShapeEntryDisclosure } from '../../features/plan/components/shape-entry-disclosure';
import { flightShapeOf } from '../../features/plan/plan-params';
import { useAreaHistory } from '../../features/plan/use-area-history';
import { usePlan } from '../../features/plan/use-plan';
import { useUndoKeys } from '../../features/plan/use-undo-keys';
import { useWallClockStart } from '../../features/plan/use-wall-clock-start';
import { PlaceSearch } from '../../features/place-search/components/place-search';
import { RoutePanel } from '../../features/route/components/route-panel';
import { zoomFor } from '../../features/place-search/place-label';
import { pathUnion } from '../../geo/path-union';
import { timeZoneTable } from '../../geo/time-zone-at';
import { updateSettings, useSettings, type BasemapSetting } from '../../lib/settings';
import { useTheme } from '../../lib/theme';
import { lazyPanel } from '../../components/lazy-panel';
import { ADVISORIES_NO_AREA } from '../../features/advisories/panel-text';
import { CONFLICTS_NO_AREA } from '../../features/conflicts/panel-text';
import { GROUND_RISK_NO_AREA } from '../../features/ground-risk/panel-text';
import { lazyComponent } from '../../lib/lazy-component';
import { useLazyModule } from '../../lib/use-lazy-module';
import type { DrawState, DrawTool } from '../../map/draw-adapter';
import type { MapController } from '../../map/map-controller';
import { MapLoading } from '../../map/map-loading';
import { MapView, type MapViewHandlers } from '../../map/map-view';
import type { RouteShapes } from '../../map/route-layer';
import { mapChoices, useMapConfig, useMapStyle } from '../../map/use-map-style';
import { signInPath } from '../sign-in-path';
import { advisoryArea, areaOfDrawn, BLOCKED_EXTRA_TEXT, briefingRequest, DEFAULT_ZONE, deriveArea, drawGeometryOf, flightWindow, operationBase } from './derive-plan';
import { MapReadPopup } from './map-read-popup';
import { PanelSection } from './panel-section';
import { PrintHeader } from './print-header';
import { usePanelAfterMap } from './use-panel-after-map';
import './plan.css';

const BACKGROUND = { light: '#eef2f6', dark: '#111827' };

// Shown only once the plan has a shape (the downloads) or is a path (the terrain along it): chunks loaded
// then, not with the page (docs/portal-delivery.md, "What /plan loads").
const ExportArea = lazyComponent(() => import('../../features/export/components/export-area').then((m) => m.ExportArea)).Component;
const TerrainProfile = lazyComponent(() => import('../../features/terrain/components/terrain-profile').then((m) => m.TerrainProfile)).Component;
// Panels with nothing to ask until there is an area: their frame says why until then (lazyPanel), with the
// panel's own words, and their code loads the first time they can ask.
const AdvisoriesPanel = lazyPanel(() => import('../../features/advisories/components/advisories-panel').then((m) => m.AdvisoriesPanel), {
  id: 'advisories',
  title: 'Advisories',
  blocked: (p) => p.blockedText ?? (p.area ? null : ADVISORIES_NO_AREA),
  loading: 'Loading the advisories…',
}).Panel;
const GroundRiskPanel = lazyPanel(() => import('../../features/ground-risk/components/ground-risk-panel').then((m) => m.GroundRiskPanel), {
  id: 'ground-risk',
  title: 'Ground risk',
  blocked: (p) => p.blockedText ?? (p.boundary ? null : GROUND_RISK_NO_AREA),
  loading: 'Loading the population density…',
}).Panel;
const ConflictsPanel = lazyPanel(() => import('../../features/conflicts/components/conflicts-panel').then((m) => m.ConflictsPanel), {
  id: 'conflicts',
  title: 'Conflicts',
  blocked: (p) => p.blockedText ?? (p.boundary && p.window ? null : CONFLICTS_NO_AREA),
  loading: 'Looking for operations that overlap this one…',
}).Panel;

export function PlanPage() {
  const [plan, update] = usePlan();
  const theme = useTheme();
  const { remote, basemap: basemapSetting } = useSettings();
  const mapConfig = useMapConfig();
  const me = useMe();
  const navigate = useNavigate();
  const location = useLocation();
  const [map, setMap] = useState<MapController | null>(null);
  const [draw, setDraw] = useState<{ state: DrawState; tool: DrawTool | null }>({ state: 'idle', tool: null });
  const [highlight, setHighlight] = useState<Geometry | null>(null);
  const [styleError, setStyleError] = useState<string | null>(null);
  const [shown, setShown] = useState<BriefingShown>({ phase: 'none' });
  const result = shown.phase === 'answer' ? shown.result : null;
  const [collapsed, setCollapsed] = useState(false);
  const [frame, setFrame] = useState<{ bounds: [number, number, number, number]; seq: number } | null>(null);
  const [hiddenGroups, toggleGroup] = useHiddenGroups();
  useEffect(() => map?.setHiddenLayers(hiddenLayerIds(hiddenGroups)), [map, hiddenGroups]);
  const [groundHexes, setGroundHexes] = useState<FeatureCollection | null>(null);
  useEffect(() => map?.setGroundHexes(groundHexes), [map, groundHexes]);
  const [printed, setPrinted] = useState<{ mapImage: string | null; at: string } | null>(null);
  const [picked, setPicked] = useState<[number, number] | null>(null);
  const [conflictOutlines, setConflictOutlines] = useState<FeatureCollection | null>(null);
  useEffect(() => map?.setConflicts(conflictOutlines), [map, conflictOutlines]);
  const [routeShapes, setRouteShapes] = useState<RouteShapes | null>(null);
  useEffect(() => map?.setRoute(routeShapes), [map, routeShapes]);
  const pickPoint = useCallback((done: ((p: [number, number]) => void) | null) => map?.pickPoint(done), [map]);
  const [panelShown, showPanel] = usePanelAfterMap();

  const { area: planArea, widthM, radiusM } = plan;
  const zonesReady = useLazyModule(timeZoneTable, planArea !== null);
  const unionReady = useLazyModule(pathUnion, planArea?.kind === 'path');
  // zonesReady: the area's zone is known once the zone table has loaded; unionReady: a path can be widened.
  const area = useMemo(() => deriveArea({ area: planArea, widthM, radiusM }), [planArea, widthM, radiusM, zonesReady, unionReady]); // eslint-disable-line react-hooks/exhaustive-deps
  const zoneMove = useWallClockStart(plan.start, area.timeZone, update);
  // What the page shows its times in meanwhile (for the moment the table takes to load).
  const timeZone = area.timeZone ?? DEFAULT_ZONE;
  const drawGeometry = useMemo(() => drawGeometryOf(planArea), [planArea]);
  const briefing = useMemo(() => briefingRequest(plan, area), [plan, area]);
  const base = useMemo(() => operationBase(plan, area), [plan, area]);
  const flightTimes = useMemo(() => flightWindow(plan), [plan]);
  // A point read on the map is read for the flight: its window and (when valid) its altitude.
  const pointFlight = useMemo(() => ({ ...(briefing.input ? { maxAltitude: briefing.input.maxAltitude } : {}), ...(flightTimes ?? {}) }), [briefing.input, flightTimes]);
  const exported = useMemo(() => ({ shape: flightShapeOf(plan), details: { maxAltitude: plan.maxAltitude, altitudeUnit: plan.unit, ...flightTimes } }), [plan, flightTimes]);

  const problems = useMemo(() => {
    const c = area.check;
    if (!c || c.ok) return null;
    const long = c.longestSide && c.violations.some((v) => v.code === 'side') ? { from: c.longestSide.from, to: c.longestSide.to } : null;
    return { crossings: c.crossings, longSide: long };
  }, [area.check]);
  const invalid = !!area.check && !area.check.ok;
  const overlays = useMemo(() => ({ boundary: area.boundary, invalid, problems, highlight }), [area.boundary, invalid, problems, highlight]);

  // Frame the area opened from a link, once the map is there. An area drawn on the map is never
  // framed: the pilot already sees it where they drew it, and the map stays where they put it.
  const [framedOnce, setFramedOnce] = useState(() => plan.area === null);
  if (!framedOnce && map && area.bounds) {
    setFramedOnce(true);
    setFrame({ bounds: area.bounds, seq: 0 });
  }

  const history = useAreaHistory(plan, update);
  const { change: changeArea } = history;
  // Editing mode holds the shape it edits: leave it before the shape is swapped under it.
  const stepArea = (step: () => void) => {
    if (draw.state === 'editing') map?.draw.cancel();
    step();
  };
  const undo = () => stepArea(history.undo);
  const redo = () => stepArea(history.redo);
  useUndoKeys(undo, redo, draw.state !== 'drawing');
  const handlers: MapViewHandlers = useMemo(
    () => ({
      onShapeChange: (g) => changeArea(g ? areaOfDrawn(g) : null),
      onDrawStateChange: (state, tool) => {
        setDraw({ state, tool });
        // Drawing or editing, the pilot is busy with the shape: the popup would cover it.
        if (state !== 'idle') setPicked(null);
      },
      onStyleError: setStyleError,
      onMapClick: setPicked,
      onPopupClose: () => setPicked(null),
      onFirstIdle: showPanel,
    }),
    [changeArea, showPanel],
  );

  const print = async () => {
    const mapImage = (await map?.snapshot()) ?? null;
    // The image must be decoded and in the page before the browser lays out the printout.
    if (mapImage) await decoded(mapImage);
    flushSync(() => setPrinted({ mapImage, at: new Date().toISOString() }));
    window.print();
  };

  const { styleUrl, basemap } = useMapStyle(theme);
  const mapsOffered = { options: mapChoices(mapConfig), current: basemapSetting, onChoose: (v: string) => updateSettings({ basemap: v as BasemapSetting }) };
  const user = me.data?.user;
  // Signed out, the service would answer 401: say so instead of asking.
  const signedOut = !remote && !me.isPending && !user;
  const block = briefing.block ?? (signedOut ? 'sign-in' : null);
  // The extras wait for the sign-in check too: asked too early, the service answers 401.
  const account = !remote && !user ? (me.isPending ? 'Checking your sign-in…' : BLOCKED_EXTRA_TEXT['sign-in']) : null;
  const extrasBlocked = briefing.block ? BLOCKED_EXTRA_TEXT[briefing.block] : account;
  // The ground needs only a valid area, not the flight's details.
  const groundBlocked = !plan.area ? BLOCKED_EXTRA_TEXT['no-area'] : !area.boundary || !area.check?.ok ? BLOCKED_EXTRA_TEXT.limits : account;
  const advisories = useMemo(() => advisoryArea(plan, area, briefing.input), [plan, area, briefing.input]);
  const [firstName = '', ...rest] = (user?.name ?? '').split(' ');
  const authType = result?.authorizationType;
  const createBlocked = !plan.area
    ? 'Draw the flight area first.'
    : !base
      ? 'Fix the flight area and details first.'
      : !remote && !user
        ? 'Sign in to create an operation.'
        : null;

  return (
    <main id="main" className={`plan${collapsed ? ' plan-collapsed' : ''}`}>
      <div className="plan-map">
        <MapView
          styleUrl={styleUrl}
          basemap={basemap}
          fallbackBackground={BACKGROUND[theme]}
          overlays={overlays}
          drawGeometry={drawGeometry}
          frame={frame}
          handlers={handlers}
          onReady={setMap}
          label="Map. Use the drawing buttons in the panel, or type coordinates there."
        />
        <MapReadPopup
          map={map}
          at={picked}
          flight={pointFlight}
          blockedText={!remote && !user ? (me.isPending ? 'Checking your sign-in…' : 'Sign in to read what is here.') : null}
          timeZone={timeZone}
        />
        <MapLayersControl hidden={hiddenGroups} theme={theme} onToggle={toggleGroup} maps={mapsOffered} />
        <MapLoading map={map?.map ?? null} />
        {styleError && (
          <p className="map-note" role="status">
            <span>{styleError}</span>
            <button type="button" className="button button-small" onClick={() => setStyleError(null)}>
              OK
            </button>
          </p>
        )}
      </div>
      <aside className="plan-panel" aria-label="Flight plan">
        <div className="panel-bar">
          {plan.area && shown.phase !== 'none' && (
            // The result stays in sight while the forms above the briefing are scrolled: one tap takes you to it.
            // While the answer for the plan on screen is on its way, or failed, the pill says so: the last
            // status was for the plan before the change.
            <a
              href="#briefing-heading"
              className={`pill tone-${result ? STATUS_TEXT[result.status ?? 'NOTICE_STATUS_UNSPECIFIED'].tone : shown.phase === 'error' ? 'danger' : 'neutral'} panel-status`}
              data-testid="plan:status-link"
              data-phase={shown.phase}
              onClick={(e) => {
                e.preventDefault();
                document.getElementById('briefing-heading')?.scrollIntoView({ block: 'start' });
              }}
            >
              {result ? STATUS_TEXT[result.status ?? 'NOTICE_STATUS_UNSPECIFIED'].label : shown.phase === 'error' ? 'No briefing' : shown.phase === 'loading' ? 'Checking…' : 'Updating…'}
              <span className="visually-hidden">: go to the briefing</span>
            </a>
          )}
          {plan.area && (
            <button type="button" className="button button-small" onClick={() => void print()} data-testid="plan:print">
              Print briefing
            </button>
          )}
          <button type="button" className="button button-small" aria-expanded={!collapsed} aria-controls="plan-panel-body" onClick={() => setCollapsed(!collapsed)}>
            {collapsed ? 'Show plan' : 'Hide plan'}
          </button>
        </div>
        <div id="plan-panel-body" className="panel-body" hidden={collapsed}>
          {panelShown ? (
            <>
              <PrintHeader plan={plan} areaSqMi={area.check?.areaSqMi ?? null} window={flightTimes} timeZone={timeZone} printed={printed} />
              <PanelSection title="Flight area" id="area" screenOnly>
                <PlaceSearch onPick={(p) => map?.flyTo([p.lon, p.lat], zoomFor(p))} />
                <DrawTools
                  state={draw.state}
                  tool={draw.tool}
                  area={plan.area}
                  unit={plan.unit}
                  widthM={plan.widthM}
                  radiusM={plan.radiusM}
                  onPrepare={() => map?.draw.prepare()}
                  onStart={(t) => map?.draw.start(t)}
                  onEdit={() => map?.draw.edit()}
                  onCancel={() => map?.draw.cancel()}
                  onDelete={() => map?.draw.clear()}
                  onWidth={(m) => update({ widthM: m })}
                  onRadius={(m) => update({ radiusM: m })}
                  canUndo={history.canUndo}
                  canRedo={history.canRedo}
                  onUndo={undo}
                  onRedo={redo}
                />
                <LimitsStatus check={area.check} shapeError={area.shapeError} />
                <ShapeEntryDisclosure
                  widthM={plan.widthM}
                  radiusM={plan.radiusM}
                  onArea={(a, sizes) => {
                    changeArea(a, sizes);
                    const next = deriveArea({ area: a, widthM: sizes.widthM ?? plan.widthM, radiusM: sizes.radiusM ?? plan.radiusM });
                    if (next.bounds) setFrame((f) => ({ bounds: next.bounds!, seq: (f?.seq ?? 0) + 1 }));
                  }}
                />
                <ExportArea wanted={!!exported.shape && !!area.boundary} shape={exported.shape} boundary={area.boundary} details={exported.details} />
              </PanelSection>
              <PanelSection title="Flight" id="flight" screenOnly>
                <FlightForm plan={plan} timeZone={timeZone} zonePending={planArea !== null && area.timeZone === null} zoneMove={zoneMove} onChange={update} />
              </PanelSection>
              <RoutePanel
                drawnLine={plan.area?.kind === 'path' ? plan.area.line : null}
                altitude={plan.maxAltitude}
                unit={plan.unit}
                onAltitude={(v) => update({ maxAltitude: v })}
                pathWidthM={plan.widthM}
                window={flightTimes}
                blockedText={account}
                onPickPoint={pickPoint}
                onShow={setRouteShapes}
                onAccept={(line) => stepArea(() => changeArea({ kind: 'path', line }))}
              />
              <PlanBriefing
                input={briefing.input}
                blocked={block}
                timeZone={timeZone} signInHref={signInPath(location)} onHighlight={setHighlight} onShown={setShown} />
              <AdvisoriesPanel area={advisories} blockedText={extrasBlocked} timeZone={timeZone} onHighlight={setHighlight} />
              <TerrainProfile wanted={plan.area?.kind === 'path'} line={plan.area?.kind === 'path' ? plan.area.line : null} altitudeFtAgl={briefing.input?.maxAltitude ?? null} blockedText={account} />
              <GroundRiskPanel boundary={area.boundary} blockedText={groundBlocked} onHexes={setGroundHexes} />
              <ConflictsPanel boundary={area.boundary} window={flightTimes} blockedText={extrasBlocked} onOutlines={setConflictOutlines} />
              <PanelSection title="Operation" id="operation" screenOnly>
                <CreateOperationForm
                  base={base}
                  blocked={createBlocked}
                  defaultName={`Flight ${plan.start ? plan.start.slice(0, 10) : ''}`.trim()}
                  laancAvailable={authType === 'AUTHORIZATION_TYPE_LAANC'}
                  license={plan.flightType === 'part107' ? 'LICENSE_PART_107' : 'LICENSE_SECTION_44809'}
                  contact={{ firstName, lastName: rest.join(' '), emailAddress: user?.email ?? '' }}
                  onCreated={(id) => navigate(`/operations/${id}`)}
                />
              </PanelSection>
            </>
          ) : (
            <p className="muted panel-loading">Loading the plan…</p>
          )}
        </div>
      </aside>
    </main>
  );
}

function decoded(src: string): Promise<void> {
  const img = new Image();
  img.src = src;
  return img.decode().catch(() => undefined);
}
