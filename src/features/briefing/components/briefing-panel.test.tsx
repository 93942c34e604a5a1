import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { json, mockFetch, pending } from '../../../test/fetch-mock';
import { renderWithClient } from '../../../test/render';
import { FACILITY_MAP_GEOMETRY, KBFI_INPUT, KBFI_RESULT, STATUS } from '../test/briefing-fixtures';
import { BriefingPanel, type BriefingBlock, type BriefingShown } from './briefing-panel';

const AREA = '/v1/briefing/preflight/area';

function renderPanel(props: { input?: typeof KBFI_INPUT | null; blocked?: BriefingBlock; onHighlight?: (g: unknown) => void } = {}) {
  const onHighlight = props.onHighlight ?? vi.fn();
  const view = renderWithClient(
    <BriefingPanel
      input={props.input === undefined ? KBFI_INPUT : props.input}
      blocked={props.blocked ?? null}
      timeZone="America/Los_Angeles"
      signInHref="/sign-in?next=%2Fplan"
      onHighlight={onHighlight}
    />,
  );
  return { ...view, onHighlight };
}

describe('BriefingPanel', () => {
  it('asks the pilot to draw an area, and sends nothing, while there is none', async () => {
    const api = mockFetch((path) => (path === '/v1/status' ? json(STATUS) : json({}, 500)));
    renderPanel({ input: null, blocked: 'no-area' });
    expect(screen.getByTestId('briefing:empty').textContent).toMatch(/Draw an area/);
    await new Promise((r) => setTimeout(r, 500));
    expect(api.callsTo(AREA)).toHaveLength(0);
  });

  it('sends nothing while the area breaks a limit, and says so', async () => {
    const api = mockFetch((path) => (path === '/v1/status' ? json(STATUS) : json(KBFI_RESULT)));
    renderPanel({ input: null, blocked: 'limits' });
    expect(screen.getByTestId('briefing:empty').textContent).toMatch(/breaks a limit/);
    await new Promise((r) => setTimeout(r, 500));
    expect(api.callsTo(AREA)).toHaveLength(0);
  });

  it('shows a loading skeleton while the briefing is on its way', async () => {
    mockFetch((path, init) => (path === '/v1/status' ? json(STATUS) : pending(init)));
    renderPanel();
    const loading = await screen.findByTestId('briefing:loading');
    expect(loading.getAttribute('aria-busy')).toBe('true');
    expect(loading.textContent).toMatch(/Loading the briefing/);
  });

  it('shows the service’s error message and retries on request', async () => {
    let fail = true;
    const api = mockFetch((path) => {
      if (path === '/v1/status') return json(STATUS);
      return fail ? json({ statusCode: 500, message: 'The airspace database is not answering' }, 500) : json(KBFI_RESULT);
    });
    renderPanel();
    const alert = await screen.findByTestId('briefing:error', {}, { timeout: 2000 });
    expect(alert.textContent).toMatch(/The airspace database is not answering/);
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect((await screen.findByTestId('briefing:status')).getAttribute('data-status')).toBe('NOTICE_STATUS_CAUTION');
    expect(api.callsTo(AREA)).toHaveLength(2);
  });

  it('offers to sign in when the service wants a signed-in pilot', async () => {
    mockFetch((path) => (path === '/v1/status' ? json(STATUS) : json({ statusCode: 401, message: 'A valid bearer token or a signed-in session is required' }, 401)));
    renderPanel();
    const alert = await screen.findByTestId('briefing:error', {}, { timeout: 2000 });
    expect(alert.querySelector('a')?.getAttribute('href')).toBe('/sign-in?next=%2Fplan');
  });

  it('fails loudly when the reply does not match the contract', async () => {
    mockFetch((path) => (path === '/v1/status' ? json(STATUS) : json({ status: 'GREEN', notices: 'none' })));
    renderPanel();
    const alert = await screen.findByTestId('briefing:error', {}, { timeout: 2000 });
    expect(alert.textContent).toMatch(/did not match the contract/);
  });

  it('shows status, what to do next and notices grouped by status', async () => {
    const api = mockFetch((path) => (path === '/v1/status' ? json(STATUS) : json(KBFI_RESULT)));
    renderPanel();
    const status = await screen.findByTestId('briefing:status', {}, { timeout: 2000 });
    expect(status.getAttribute('data-status')).toBe('NOTICE_STATUS_CAUTION');
    expect(status.textContent).toMatch(/needs awareness or an authorization/);
    expect(screen.getByTestId('briefing:authorization').textContent).toMatch(/LAANC authorization required.*request LAANC/);
    const groups = screen.getAllByRole('heading', { level: 3 }).map((h) => h.textContent);
    expect(groups).toEqual(['Cautions (1)', 'Informational (1)']);
    // What was sent: the area, the window and the altitude, as the contract has them.
    const [, init] = api.callsTo(AREA)[0]!;
    expect(JSON.parse(String(init?.body))).toEqual(KBFI_INPUT);
    expect(await screen.findByTestId('briefing:data-age')).toBeTruthy();
  });

  it('expands a notice to its rule, altitudes, contact and source', async () => {
    mockFetch((path) => (path === '/v1/status' ? json(STATUS) : json(KBFI_RESULT)));
    renderPanel();
    const toggle = await screen.findByRole('button', { name: /KBFI facility map/ }, { timeout: 2000 });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    await userEvent.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    const details = document.getElementById(toggle.getAttribute('aria-controls')!)!;
    expect(details.textContent).toMatch(/Rule 5\.3\(c\): Controlled airspace needs authorization/);
    expect(details.textContent).toMatch(/surface to 100 ft AGL/);
    expect(details.querySelector('a[href^="tel:"]')?.getAttribute('href')).toBe('tel:+12065550100');
    expect(details.querySelector('a[target="_blank"]')?.getAttribute('href')).toMatch(/^https:\/\/www\.faa\.gov/);
  });

  it('highlights a notice’s geometry while pointed at, and keeps it when selected', async () => {
    mockFetch((path) => (path === '/v1/status' ? json(STATUS) : json(KBFI_RESULT)));
    const { onHighlight } = renderPanel();
    const items = await screen.findAllByTestId('briefing:notice', {}, { timeout: 2000 });
    const facility = items.find((i) => i.dataset.source === 'NOTICE_DATA_SOURCE_UASFM_CEILING')!;
    fireEvent.mouseEnter(facility);
    expect(onHighlight).toHaveBeenLastCalledWith(FACILITY_MAP_GEOMETRY);
    fireEvent.mouseLeave(facility);
    expect(onHighlight).toHaveBeenLastCalledWith(null);
    const show = facility.querySelector('button[aria-pressed]') as HTMLButtonElement;
    await userEvent.click(show);
    expect(show.getAttribute('aria-pressed')).toBe('true');
    fireEvent.mouseLeave(facility);
    expect(onHighlight).toHaveBeenLastCalledWith(FACILITY_MAP_GEOMETRY);
  });

  it('says when the planned altitude is above a facility-map ceiling', async () => {
    mockFetch((path) => (path === '/v1/status' ? json(STATUS) : json(KBFI_RESULT)));
    const { rerender } = renderPanel();
    await screen.findByTestId('briefing:status', {}, { timeout: 2000 });
    // 200 ft planned, 100 ft ceiling.
    expect(screen.getByTestId('briefing:above-ceiling').textContent).toMatch(/Your 200 ft is above the 100 ft ceiling/);
    rerender(<BriefingPanel input={{ ...KBFI_INPUT, maxAltitude: 100 }} blocked={null} timeZone="America/Los_Angeles" signInHref="/sign-in" onHighlight={vi.fn()} />);
    await waitFor(() => expect(screen.queryByTestId('briefing:above-ceiling')).toBeNull(), { timeout: 2000 });
  });

  it('cancels the request for an area that changed while it was in flight', async () => {
    const api = mockFetch((path, init) => {
      if (path === '/v1/status') return json(STATUS);
      const body = JSON.parse(String(init.body));
      return body.maxAltitude === 200 ? pending(init) : json(KBFI_RESULT);
    });
    const { rerender } = renderPanel();
    await waitFor(() => expect(api.callsTo(AREA)).toHaveLength(1), { timeout: 2000 });
    const first = api.callsTo(AREA)[0]![1]!.signal!;
    expect(first.aborted).toBe(false);
    rerender(<BriefingPanel input={{ ...KBFI_INPUT, maxAltitude: 300 }} blocked={null} timeZone="America/Los_Angeles" signInHref="/sign-in" onHighlight={vi.fn()} />);
    expect((await screen.findByTestId('briefing:status', {}, { timeout: 2000 })).getAttribute('data-status')).toBe('NOTICE_STATUS_CAUTION');
    expect(first.aborted).toBe(true);
  });

  describe('the status shown belongs to the plan on screen', () => {
    const CLEAR: typeof KBFI_RESULT = { status: 'NOTICE_STATUS_CLEAR_TO_FLY', authorizationType: 'AUTHORIZATION_TYPE_NOT_REQUIRED', notices: [] };
    const at = (maxAltitude: number) => ({ ...KBFI_INPUT, maxAltitude });
    const panel = (input: typeof KBFI_INPUT, onShown: (s: BriefingShown) => void) => (
      <BriefingPanel input={input} blocked={null} timeZone="America/Los_Angeles" signInHref="/sign-in" onHighlight={vi.fn()} onShown={onShown} />
    );
    const lastShown = (fn: ReturnType<typeof vi.fn>) => (fn.mock.calls.at(-1)![0] as BriefingShown).phase;

    it('takes back a "Clear to fly" the moment the plan changes, until the new answer comes', async () => {
      // 200 ft is clear; the answer for 390 ft is held back until the test lets it go.
      let release: (() => void) | null = null;
      mockFetch((path, init) => {
        if (path === '/v1/status') return json(STATUS);
        if (JSON.parse(String(init.body)).maxAltitude === 200) return json(CLEAR);
        return new Promise((resolve) => (release = () => resolve(json(KBFI_RESULT))));
      });
      const onShown = vi.fn();
      const { rerender } = renderWithClient(panel(at(200), onShown));
      // The first answer on its way: loading, not updating (there is no last answer).
      expect(lastShown(onShown)).toBe('loading');
      expect((await screen.findByTestId('briefing:status', {}, { timeout: 2000 })).getAttribute('data-status')).toBe('NOTICE_STATUS_CLEAR_TO_FLY');
      expect(lastShown(onShown)).toBe('answer');

      rerender(panel(at(390), onShown));
      // At once, inside the debounce: no status, the last answer marked as for the plan before the change.
      expect(screen.queryByTestId('briefing:status')).toBeNull();
      expect(screen.getByTestId('briefing:stale').textContent).toMatch(/for the plan before your change/);
      expect(lastShown(onShown)).toBe('updating');
      // The request is out and unanswered: the same.
      await waitFor(() => expect(release).not.toBeNull(), { timeout: 2000 });
      expect(screen.queryByTestId('briefing:status')).toBeNull();
      expect(screen.getByTestId('briefing:stale')).toBeTruthy();
      expect(lastShown(onShown)).toBe('updating');

      release!();
      expect((await screen.findByTestId('briefing:status')).getAttribute('data-status')).toBe('NOTICE_STATUS_CAUTION');
      expect(screen.queryByTestId('briefing:stale')).toBeNull();
      expect(onShown).toHaveBeenLastCalledWith({ phase: 'answer', result: KBFI_RESULT });
    });

    it('shows no status but the failure when the new plan’s briefing fails', async () => {
      mockFetch((path, init) => {
        if (path === '/v1/status') return json(STATUS);
        if (JSON.parse(String(init.body)).maxAltitude === 200) return json(CLEAR);
        return json({ statusCode: 429, message: 'Too many requests: try again in 30 s' }, 429);
      });
      const onShown = vi.fn();
      const { rerender } = renderWithClient(panel(at(200), onShown));
      await screen.findByTestId('briefing:status', {}, { timeout: 2000 });
      rerender(panel(at(390), onShown));
      expect((await screen.findByTestId('briefing:error', {}, { timeout: 2000 })).textContent).toMatch(/try again in 30 s/);
      expect(screen.queryByTestId('briefing:status')).toBeNull();
      expect(lastShown(onShown)).toBe('error');
    });

    it('keeps the status through a change that leaves the request as it was', async () => {
      const api = mockFetch((path) => (path === '/v1/status' ? json(STATUS) : json(CLEAR)));
      const onShown = vi.fn();
      const { rerender } = renderWithClient(panel(at(200), onShown));
      await screen.findByTestId('briefing:status', {}, { timeout: 2000 });
      // A new object with the same content (the page derives one on every change of the plan, e.g. the flight type).
      rerender(panel({ ...at(200), boundary: structuredClone(KBFI_INPUT.boundary) }, onShown));
      expect(screen.getByTestId('briefing:status').getAttribute('data-status')).toBe('NOTICE_STATUS_CLEAR_TO_FLY');
      expect(screen.queryByTestId('briefing:stale')).toBeNull();
      expect(lastShown(onShown)).toBe('answer');
      await new Promise((r) => setTimeout(r, 600));
      expect(api.callsTo(AREA)).toHaveLength(1);
    });
  });
});
