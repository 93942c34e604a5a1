/**
 * The place search box: an editable combobox with a list popup (WAI-ARIA APG, "Editable Combobox
 * With List Autocomplete"). Focus stays in the text field; aria-activedescendant names the option
 * the arrow keys reached. Choosing a place hands it to `onPick`; the page moves the map.
 */
import { useId, useState, type KeyboardEvent } from 'react';
import type { Place } from '../../../../server/contract/places';
import { ApiError, errorMessage } from '../../../lib/api-error';
import { PLACES_MIN_CHARS, useSearchPlaces } from '../api/search-places';
import { placeDetail } from '../place-label';
import '../place-search.css';

interface Props {
  onPick(place: Place): void;
}

export function PlaceSearch({ onPick }: Props) {
  const id = useId();
  const listId = `${id}-list`;
  const [text, setText] = useState('');
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const search = useSearchPlaces(text);
  const asked = text.trim().length >= PLACES_MIN_CHARS;
  const places = asked ? (search.data ?? []) : [];
  const waiting = asked && (search.settling || search.isFetching);
  const showList = open && places.length > 0;
  const status = !open || !asked
    ? ''
    : search.isError
      ? search.error instanceof ApiError && search.error.isUnauthorized
        ? 'Sign in to search for places.'
        : `Search failed: ${errorMessage(search.error)}`
      : places.length === 0
        ? waiting ? 'Searching…' : `No places match “${text.trim()}”.`
        : '';

  const pick = (p: Place) => {
    setText(p.name);
    setOpen(false);
    setActive(-1);
    onPick(p);
  };

  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    switch (e.key) {
      case 'ArrowDown':
      case 'ArrowUp': {
        e.preventDefault();
        setOpen(true);
        if (!places.length) return;
        const step = e.key === 'ArrowDown' ? 1 : -1;
        // Wraps around, as the APG example does.
        setActive((a) => (a < 0 ? (step > 0 ? 0 : places.length - 1) : (a + step + places.length) % places.length));
        return;
      }
      case 'Enter': {
        const chosen = showList ? (places[active] ?? (waiting ? undefined : places[0])) : undefined;
        if (chosen) {
          e.preventDefault();
          pick(chosen);
        }
        return;
      }
      case 'Escape':
        e.preventDefault();
        if (open) setOpen(false);
        else setText('');
        setActive(-1);
        return;
    }
  };

  const activeId = showList && active >= 0 && active < places.length ? `${id}-opt-${active}` : undefined;
  return (
    <div className="place-search" data-testid="place-search">
      <label htmlFor={`${id}-input`} className="place-search-label">
        Find a place
      </label>
      <input
        id={`${id}-input`}
        type="text"
        role="combobox"
        autoComplete="off"
        spellCheck={false}
        placeholder="Airport (BFI, KSEA) or city"
        aria-autocomplete="list"
        aria-expanded={showList}
        aria-controls={listId}
        aria-activedescendant={activeId}
        aria-describedby={`${id}-status`}
        maxLength={100}
        value={text}
        onChange={(e) => {
          setText(e.target.value);
          setOpen(true);
          setActive(-1);
        }}
        onKeyDown={onKeyDown}
        onBlur={() => setOpen(false)}
        data-testid="place-search:input"
      />
      <ul id={listId} role="listbox" aria-label="Places" className="place-search-list" hidden={!showList}>
        {showList &&
          places.map((p, i) => (
            <li
              key={`${p.kind}:${p.ident ?? ''}:${p.name}:${p.lon}:${p.lat}`}
              id={`${id}-opt-${i}`}
              role="option"
              aria-selected={i === active}
              className="place-search-option"
              // Keep the focus in the field: a click must not blur it and close the list first.
              onMouseDown={(e) => e.preventDefault()}
              onClick={() => pick(p)}
              data-testid="place-search:option"
            >
              <span className="place-search-name">{p.name}</span>
              <span className="place-search-detail">{placeDetail(p)}</span>
            </li>
          ))}
      </ul>
      <p id={`${id}-status`} role="status" className={search.isError && status ? 'place-search-status error-text' : 'place-search-status'} data-testid="place-search:status">
        {status}
      </p>
    </div>
  );
}
