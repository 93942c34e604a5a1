import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { Place } from '../../../../server/contract/places';
import { json, mockFetch, pending } from '../../../test/fetch-mock';
import { renderWithClient } from '../../../test/render';
import { PlaceSearch } from './place-search';

const BFI: Place = { name: 'Boeing Field/King County Intl', kind: 'airport', ident: 'BFI', icao: 'KBFI', region: 'WA', country: 'US', lon: -122.302, lat: 47.53 };
const BOEING_CITY: Place = { name: 'Boeingville', kind: 'city', region: 'WA', country: 'US', lon: -122.4, lat: 47.6 };

const input = () => screen.getByRole('combobox', { name: 'Find a place' });
const status = () => screen.getByTestId('place-search:status').textContent;

describe('PlaceSearch', () => {
  it('says it is searching while the service has not answered', async () => {
    mockFetch((_, init) => pending(init));
    renderWithClient(<PlaceSearch onPick={vi.fn()} />);
    await userEvent.type(input(), 'Boeing');
    expect(status()).toBe('Searching…');
    expect(input().getAttribute('aria-expanded')).toBe('false');
  });

  it('says so when nothing matches, and asks nothing for a single letter', async () => {
    const api = mockFetch(() => json({ places: [] }));
    renderWithClient(<PlaceSearch onPick={vi.fn()} />);
    await userEvent.type(input(), 'x');
    await new Promise((r) => setTimeout(r, 400));
    expect(api.fn).not.toHaveBeenCalled();
    expect(status()).toBe('');
    await userEvent.type(input(), 'yzzy');
    await waitFor(() => expect(status()).toBe('No places match “xyzzy”.'));
    expect(new URL(String(api.fn.mock.calls[0]![0]), 'http://localhost').search).toBe('?q=xyzzy&limit=8');
  });

  it('shows the service’s message when the search fails, and asks a signed-out pilot to sign in', async () => {
    mockFetch(() => json({ statusCode: 500, message: 'The service failed.' }, 500));
    const { unmount } = renderWithClient(<PlaceSearch onPick={vi.fn()} />);
    await userEvent.type(input(), 'Boeing');
    await waitFor(() => expect(status()).toBe('Search failed: The service failed.'));
    unmount();
    mockFetch(() => json({ statusCode: 401, message: 'No token' }, 401));
    renderWithClient(<PlaceSearch onPick={vi.fn()} />);
    await userEvent.type(input(), 'Boeing');
    await waitFor(() => expect(status()).toBe('Sign in to search for places.'));
  });

  it('moves through the options with the arrow keys and picks one with Enter', async () => {
    mockFetch(() => json({ places: [BFI, BOEING_CITY] }));
    const onPick = vi.fn();
    renderWithClient(<PlaceSearch onPick={onPick} />);
    await userEvent.type(input(), 'Boeing');
    const options = await screen.findAllByRole('option');
    expect(options.map((o) => o.textContent)).toEqual(['Boeing Field/King County IntlAirport · BFI / KBFI · WA', 'BoeingvilleCity · WA, US']);
    expect(input().getAttribute('aria-expanded')).toBe('true');
    expect(input().getAttribute('aria-activedescendant')).toBeNull();
    await userEvent.keyboard('{ArrowDown}{ArrowDown}');
    expect(input().getAttribute('aria-activedescendant')).toBe(options[1]!.id);
    expect(options[1]!.getAttribute('aria-selected')).toBe('true');
    await userEvent.keyboard('{ArrowDown}');
    expect(input().getAttribute('aria-activedescendant')).toBe(options[0]!.id);
    await userEvent.keyboard('{ArrowUp}');
    expect(input().getAttribute('aria-activedescendant')).toBe(options[1]!.id);
    await userEvent.keyboard('{Enter}');
    expect(onPick).toHaveBeenCalledWith(BOEING_CITY);
    expect((input() as HTMLInputElement).value).toBe('Boeingville');
    expect(screen.queryByRole('option')).toBeNull();
  });

  it('closes with Escape, then clears with a second Escape; a click picks too', async () => {
    mockFetch(() => json({ places: [BFI] }));
    const onPick = vi.fn();
    renderWithClient(<PlaceSearch onPick={onPick} />);
    await userEvent.type(input(), 'bfi');
    await screen.findByRole('option');
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('option')).toBeNull();
    expect((input() as HTMLInputElement).value).toBe('bfi');
    await userEvent.keyboard('{Escape}');
    expect((input() as HTMLInputElement).value).toBe('');
    await userEvent.type(input(), 'bfi');
    await userEvent.click(await screen.findByRole('option'));
    expect(onPick).toHaveBeenCalledWith(BFI);
  });
});
