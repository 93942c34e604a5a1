import { useEffect, useRef } from 'react';

/** Fields where Ctrl+Z belongs to the text, not to the map. */
const NOT_TEXT = new Set(['checkbox', 'radio', 'button', 'submit', 'reset', 'range', 'color', 'file', 'image']);

export function isTyping(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  if (target.isContentEditable) return true;
  if (target instanceof HTMLTextAreaElement || target instanceof HTMLSelectElement) return true;
  return target instanceof HTMLInputElement && !NOT_TEXT.has(target.type);
}

/**
 * Ctrl+Z (Cmd+Z on a Mac) undoes, Shift+Ctrl+Z and Ctrl+Y redo, anywhere on the page except in a
 * text field, and not while `enabled` is false (a shape being drawn).
 */
export function useUndoKeys(undo: () => void, redo: () => void, enabled: boolean): void {
  const actions = useRef({ undo, redo, enabled });
  useEffect(() => {
    actions.current = { undo, redo, enabled };
  });
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (!(e.ctrlKey || e.metaKey) || e.altKey || !actions.current.enabled || isTyping(e.target)) return;
      const key = e.key.toLowerCase();
      if (key === 'z') {
        e.preventDefault();
        if (e.shiftKey) actions.current.redo();
        else actions.current.undo();
      } else if (key === 'y' && !e.shiftKey) {
        e.preventDefault();
        actions.current.redo();
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);
}
